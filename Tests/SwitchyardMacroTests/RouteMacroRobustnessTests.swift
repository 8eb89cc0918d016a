import SwitchyardTesting
import Testing

/// The plugin runs inside the compiler: whatever it is given, it answers with code or with
/// errors, never a crash. Fixed seeds, so a failure reproduces.
@Suite("Typed routes: the plugin never crashes")
struct RouteMacroRobustnessTests {
    static let patternPieces = [
        "/", "/a", "/:x", "/<int:n>", "/<float:f>", "/<uuid:u>", "/<string:s>", "/<sku:c>", "/<path:rest>", "/*", "(", ")", "(/:t)",
        "/:r([0-9]+)", "<", ">", ":", "/:x", "myapp://", "%", "%2F", "?", "#", "é", "\\u{0}", "/:9bad", "<:>", "/<int:>", "((", "))",
    ]
    static let types = ["Int", "String", "Double", "Float", "UUID", "[String]", "String?", "Int?", "[Int]", "Bool", "Shelf", "SKU", "(Int, Int)", "some P", "Optional<String>", "Swift.Array<String>", "[String: Int]", "Int!"]
    static let names = ["x", "n", "f", "u", "s", "c", "rest", "t", "r", "q", "`default`", "id"]

    /// A parameter and a property type that holds it.
    static let fitting: [(piece: String, name: String, type: String)] = [
        ("/<int:n>", "n", "Int"), ("/<float:f>", "f", "Double"), ("/<uuid:u>", "u", "UUID"), ("/:s", "s", "String"),
        ("/<sku:c>", "c", "SKU"), ("/:r([0-9]+)", "r", "Shelf"), ("/a", "", ""), ("(/:t)", "t", "String?"),
    ]

    /// Half the time a declaration that fits, then changed here and there; else pieces at random.
    static func declaration(_ generator: inout SplitMix64) -> String {
        var pattern = ""
        var members: [String] = []
        if Bool.random(using: &generator) {
            var used = Set<String>()
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                guard let part = fitting.randomElement(using: &generator), used.insert(part.name).inserted || part.name.isEmpty else { continue }
                pattern += part.piece
                if !part.name.isEmpty { members.append("let \(part.name): \(part.type)") }
            }
            if Bool.random(using: &generator) { pattern += "/<path:rest>"; members.append("let rest: [String]") }
            members.append("var q: Int? = nil")
            if Int.random(in: 0..<3, using: &generator) == 0, !members.isEmpty {
                members[Int.random(in: 0..<members.count, using: &generator)] = "let \(names.randomElement(using: &generator) ?? "x"): \(types.randomElement(using: &generator) ?? "Int")"
            }
        } else {
            pattern = (0..<Int.random(in: 0...6, using: &generator)).map { _ in patternPieces.randomElement(using: &generator) ?? "/" }.joined()
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let name = names.randomElement(using: &generator) ?? "x"
                let type = types.randomElement(using: &generator) ?? "Int"
                switch Int.random(in: 0..<7, using: &generator) {
                case 0: members.append("let \(name): \(type)")
                case 1: members.append("var \(name): \(type) = .init()")
                case 2: members.append("var \(name): \(type) { fatalError() }")
                case 3: members.append("@RouteQuery(\"\(name)\") var \(name): \(type)")
                case 4: members.append("static let \(name): \(type) = 1")
                case 5: members.append("var \(name), other: \(type)")
                default: members.append("let (\(name), second): (\(type), Int)")
                }
            }
        }
        if pattern.isEmpty { pattern = "/" }
        let kind = ["struct", "struct", "struct", "struct", "enum", "class"].randomElement(using: &generator) ?? "struct"
        let attribute = Bool.random(using: &generator) ? "@Route(\"\(pattern)\")" : "@Route(#\"\(pattern)\"#)"
        return "\(attribute)\n\(kind) Generated {\n" + members.map { "    " + $0 }.joined(separator: "\n") + "\n}"
    }

    @Test func aThousandGeneratedDeclarationsEachGetCodeOrErrors() {
        var generator = SplitMix64(seed: 1_503)
        var (expanded, refused) = (0, 0)
        for _ in 0..<1_000 {
            let source = Self.declaration(&generator)
            let (text, diagnostics) = expand(source)
            let generated = text.contains("extension Generated")
            #expect(generated != !diagnostics.isEmpty, "\(source)\n→ \(diagnostics)")
            if generated { expanded += 1 } else { refused += 1 }
        }
        // Both outcomes are exercised, not only one.
        #expect(expanded > 100 && refused > 100, "expanded \(expanded), refused \(refused)")
    }
}
