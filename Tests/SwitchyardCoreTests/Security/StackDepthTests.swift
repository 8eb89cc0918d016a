import Foundation
import Switchyard
import Testing

/// Runs `body` on a thread with a 512 KiB stack (a secondary thread's default on Apple
/// platforms), so that recursion deeper than the limits allow crashes the test run.
func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 512 * 1024
        thread.start()
    }
}

/// Issue 12, row 4: a 6,000-segment pattern, a lint of a manifest holding one, and a
/// 1,000-segment route resolved on a 512 KiB stack each overflowed the stack. Nothing recurses
/// deeper than a ceiling now; these run at the ceilings, on a 512 KiB stack.
@Suite("Recursion depth on a 512 KiB stack")
struct StackDepthTests {
    @Test func registeringAndResolvingAtThePatternSegmentCeiling() async throws {
        let depth = InputLimits.patternSegmentCeiling
        let outcome = await onSmallStack { () -> [String?] in
            var configuration = RouterConfiguration.quiet
            configuration.limits.patternSegments = depth
            configuration.limits.pathSegments = depth * 4
            configuration.limits.patternLength = depth * 16
            let routes = RouteTable<String>(configuration: configuration)
            // A literal spine, a parameter spine and a typed spine, so a miss backtracks through all three.
            let literal = String(repeating: "/a", count: depth)
            let parameters = (0..<depth).map { "/:p\($0)" }.joined()
            let typed = (0..<(depth - 1)).map { "/<int:n\($0)>" }.joined() + "/z"
            do {
                try routes.register([RouteSpec(literal, target: "literal"), RouteSpec(parameters, target: "parameters"),
                                     RouteSpec(typed, target: "typed")])
            } catch {
                return ["registration failed: \(error)"]
            }
            func target(_ url: String) -> String? { (try? routes.resolve(url))?.target }
            return [
                target(literal),
                target(String(repeating: "/a", count: depth - 1) + "/b"),
                target(String(repeating: "/1", count: depth - 1) + "/z"),
                target(String(repeating: "/1", count: depth - 1) + "/y"),
                target(String(repeating: "/a", count: depth * 4)),
                routes.failure(String(repeating: "/a", count: depth * 4 + 1)).map { _ in "refused" },
            ]
        }
        #expect(outcome == ["literal", "parameters", "typed", "parameters", nil, "refused"])
    }

    @Test func theReportedPatternAndManifestAreRefusedNotOverflowed() async throws {
        let pattern = String(repeating: "/a", count: 6_000)
        let manifest = #"{ "schemaVersion": 1, "manifestVersion": 2, "routes": [{ "pattern": "\#(pattern)", "kind": "web", "url": "https://m.example.com/" }] }"#
        let problems = await onSmallStack { () -> [String] in
            guard let decoded = try? ManifestDecoder.decode(Data(manifest.utf8)) else { return ["did not decode"] }
            return ManifestValidator().problems(in: decoded).map(\.description)
        }
        #expect(problems.count == 1)
        #expect(problems.first?.hasSuffix("at offset 2048: the pattern is 12000 bytes long; the limit is 2048 (InputLimits.patternLength)") == true)
    }

    @Test func aManifestNestedToTheJSONCeilingIsRead() async throws {
        let levels = InputLimits.jsonDepthCeiling
        let inner = String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1)
        let json = Data(#"{ "schemaVersion": 1, "manifestVersion": 3, "routes": [], "extra": \#(inner) }"#.utf8)
        let limits = InputLimits(jsonDepth: levels)
        let versions = await onSmallStack { () -> [String] in
            let read = (try? ManifestDecoder.decode(json, limits: limits)).map { "\($0.manifestVersion)" } ?? "refused"
            let deeper = Data(#"{ "extra": [\#(inner)] }"#.utf8)
            let refused = (try? ManifestDecoder.decode(deeper, limits: limits)) == nil ? "refused" : "read"
            return [read, refused]
        }
        #expect(versions == ["3", "refused"])
    }
}
