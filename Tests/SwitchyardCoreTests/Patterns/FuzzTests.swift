import Switchyard
@testable import SwitchyardPatterns
import SwitchyardTesting
import Testing

/// Random hostile input through every parser. Fixed seeds, so a failure reproduces.
@Suite("Fuzzing")
struct FuzzTests {
    /// Characters that matter to URLs and patterns, plus multi-byte and control characters.
    static let alphabet: [Character] = Array("/:?&=#%+*()<>[]{}\\^$.|-_~ aZ09é你🚀\u{0}\u{1F}\u{7F}") + ["%2F", "%G", "%C3", "%FF", "%e4%bd%a0"].flatMap { Array($0) }

    static func randomString(_ generator: inout SplitMix64, maxLength: Int) -> String {
        let length = Int(generator.next() % UInt64(maxLength + 1))
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    @Test func patternParserNeverTrapsAndCanonicalFormsReparse() async {
        var generator = SplitMix64(seed: 1)
        var parsed = 0
        for iteration in 0..<20_000 {
            // Long loops give the shared test thread pool back now and then.
            if iteration % 500 == 0 { await Task.yield() }
            let text = Self.randomString(&generator, maxLength: 24)
            do {
                let pattern = try RoutePattern(text)
                parsed += 1
                #expect(try RoutePattern(pattern.description) == pattern, "\(text.debugDescription) → \(pattern)")
                // Only the canonical text is kept: the segments read back from it print it again.
                #expect(PatternTokens.write(scheme: pattern.scheme, pattern.elements).text == pattern.description, "\(text.debugDescription)")
            } catch {
                #expect(error.offset >= 0 && error.offset <= max(text.count, 1), "\(text.debugDescription): \(error)")
            }
        }
        #expect(parsed > 100, "the alphabet should produce some valid patterns")
    }

    /// Texts one step from canonical: a pattern written canonically is recognized by comparing
    /// it with its segments in place (not by printing it), so each near miss must still print
    /// what its segments say, and a canonical one must be kept exactly as written.
    @Test(arguments: [
        ("/a/:id", true), ("/a/:id/", false), ("//a/:id", false), ("/a//:id", false), ("/a/<int:id>", true),
        ("/a/<int:id>/", false), ("/a/<path:rest>", true), ("/a/*", true), ("/a%2Fb", true), ("/a b", false),
        ("/A/:id", true), ("/", true), ("myapp://host/x", true), ("myapp://host", true), ("myapp://Host", true),
        ("/a/<string:s>", true), ("/x/:p(/:q)", true), ("/x/:p(/:q)/", false), ("/a%3F", true), ("/caf%C3%A9", false), ("/café", true),
    ])
    func aCanonicalTextIsKeptAndANearMissIsPrintedFromItsSegments(text: String, keptAsWritten: Bool) throws {
        let pattern = try RoutePattern(text)
        #expect(PatternTokens.write(scheme: pattern.scheme, pattern.elements).text == pattern.description, "\(text)")
        #expect((pattern.description == text) == keptAsWritten, "\(text) printed as \(pattern.description)")
        #expect(try RoutePattern(pattern.description) == pattern)
    }

    @Test func resolveNeverTrapsOnHostileURLs() async throws {
        let routes = try table([
            "/product/:id", "/product/list", "/a/<int:n>/<path:rest>", "/login/:phone([0-9]+)",
            "myapp://user/:id(/:tab)", "/files/*", "/<uuid:u>",
        ], configuration: RouterConfiguration(associatedDomains: ["app.example.com"], webRoute: "/files/web"))
        var generator = SplitMix64(seed: 2)
        let prefixes = ["", "/", "myapp://", "https://app.example.com/", "https://evil.com/", "x:", "myapp:///"]
        var outcomes = [0, 0, 0]
        for iteration in 0..<20_000 {
            if iteration % 500 == 0 { await Task.yield() }
            let prefix = prefixes[Int(generator.next() % UInt64(prefixes.count))]
            let url = prefix + Self.randomString(&generator, maxLength: 40)
            do {
                let match = try routes.resolve(url)
                outcomes[0] += 1
                #expect(!match.request.path.isEmpty)
            } catch .malformedURL(let error) {
                outcomes[1] += 1
                #expect(error.offset >= 0 && error.offset <= url.count)
            } catch {
                outcomes[2] += 1
            }
        }
        #expect(outcomes.allSatisfy { $0 > 100 }, "hits, malformed and misses should all occur: \(outcomes)")
    }

    @Test func randomValuesRoundTripThroughReverseRouting() async throws {
        let routes = try table(["/v/:value", "/rest/<path:rest>"])
        var generator = SplitMix64(seed: 3)
        for iteration in 0..<5_000 {
            if iteration % 500 == 0 { await Task.yield() }
            let value = Self.randomString(&generator, maxLength: 16)
            guard !value.isEmpty else { continue }
            // No URL carries a NUL: building one is refused, and everything else round-trips.
            guard !value.utf8.contains(0) else {
                #expect(throws: RoutingError.invalidParameter(name: "value", value: value, pattern: "/v/:value")) {
                    try routes.url(for: "/v/:value", parameters: ["value": value])
                }
                continue
            }
            let url = try routes.url(for: "/v/:value", parameters: ["value": value], query: ["q": value])
            let match = try routes.resolve(url)
            #expect(match.request.string("value") == value)
            #expect(match.request.query["q"] == value)
        }
    }

    @Test func hugeAndDeepInputsStayCheap() throws {
        let routes = try table(["/a/:b", "/*"])
        let limit = InputLimits.default.pathSegments
        let deepest = String(repeating: "/x", count: limit)
        #expect(try routes.resolve(deepest).request.remainder?.count == limit)
        let deep = String(repeating: "/x", count: 30_000)
        #expect(routes.failure(deep) == .malformedURL(MalformedURLError(
            url: deep, offset: 2 * limit + 1, reason: .limitExceeded(LimitExceeded(.pathSegments, value: 30_000, maximum: limit)))))
        let slashes = String(repeating: "/", count: 60_000)
        #expect(try routes.resolve(slashes).route.pattern == "/*")
        let escapes = "/a/" + String(repeating: "%41", count: 20_000)
        #expect(try routes.resolve(escapes).request.string("b")?.count == 20_000)
    }
}
