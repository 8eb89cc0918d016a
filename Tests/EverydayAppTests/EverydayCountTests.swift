import Foundation
import Testing

/// The header of EverydayApp.swift says which Switchyard types and calls the everyday app uses;
/// this reads the app's code and Switchyard's sources and holds the header to what is there.
@Suite("The everyday path's count: what EverydayApp.swift's header says is what its code uses")
struct EverydayCountTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theHeaderListsExactlyTheTypesAndCallsTheAppUses() throws {
        let header = try Self.header()
        let used = try Self.used()
        print("everyday app | types \(used.types.count): \(used.types.sorted().joined(separator: ", "))")
        print("everyday app | calls \(used.calls.count): \(used.calls.sorted().joined(separator: ", "))")
        #expect(used.types == header.types)
        #expect(used.calls == header.calls)
        #expect(used.types.count <= 10)
        #expect(used.calls.count <= 15)
    }

    /// The lists under "Switchyard types it names, N" and "Switchyard calls it makes, N", each
    /// checked against its N; a call's labels (`AppRouter(tabs:schemes:)`) are dropped.
    static func header() throws -> (types: Set<String>, calls: Set<String>) {
        let text = try String(contentsOf: root.appending(path: "Tests/EverydayAppTests/EverydayApp.swift"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init).prefix { $0.hasPrefix("//") }.map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
        func list(after title: String) throws -> Set<String> {
            let start = try #require(lines.firstIndex { $0.hasPrefix(title) }, "no \"\(title)\" in the header")
            let count = Int(lines[start].dropFirst(title.count).prefix { $0.isNumber }) ?? -1
            let names = lines[(start + 1)...].prefix { !$0.isEmpty && !$0.hasPrefix("Switchyard") && !$0.hasPrefix("On iOS") }
                .joined(separator: " ").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces).prefix { $0 != "(" } }.map(String.init)
            #expect(names.count == count, "\(title) says \(count) and lists \(names.count)")
            return Set(names)
        }
        return (try list(after: "Switchyard types it names, "), try list(after: "Switchyard calls it makes, "))
    }

    /// The Switchyard types the app's code names and the Switchyard functions and initializers it
    /// calls; names the app declares itself are its own.
    static func used() throws -> (types: Set<String>, calls: Set<String>) {
        let files = try swiftFiles(under: "Tests/EverydayApp") + [root.appending(path: "Tests/EverydayAppTests/EverydayApp.swift")]
        let code = try files.map { try String(contentsOf: $0, encoding: .utf8) }.map(stripped).joined(separator: "\n")
        let library = try swiftFiles(under: "Sources").map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let own = matches(#"(?:struct|class|enum|protocol|actor|func|var|let)\s+(\w+)"#, in: code)
        let types = matches(#"public\s+(?:final\s+)?(?:struct|class|enum|protocol|actor|typealias|macro)\s+(\w+)"#, in: library).subtracting(own)
        let functions = matches(#"public\s+(?:static\s+)?(?:nonisolated\s+)?func\s+(\w+)"#, in: library).subtracting(own)
        let named = matches(#"\b([A-Z]\w*)\b"#, in: code).intersection(types)
        let initialized = matches(#"(?<![@\w])([A-Z]\w*)\s*\("#, in: code).intersection(types)
        let called = matches(#"(?<![@\w])(?<!func\s)([a-z]\w*)\s*[({]"#, in: code).intersection(functions)
        return (named, initialized.union(called))
    }

    static func swiftFiles(under folder: String) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: root.appending(path: folder), includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// The code without its comments and string literals' contents.
    static func stripped(_ source: String) -> String {
        source.replacing(/"[^"\n]*"/, with: "\"\"").replacing(/\/\/[^\n]*/, with: "")
    }

    static func matches(_ pattern: String, in text: String) -> Set<String> {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).compactMap { match in Range(match.range(at: 1), in: text).map { String(text[$0]) } })
    }
}
