import Foundation
import Switchyard
import Testing

/// A URL whose values do not fit the route's types fails naming the parameter and the type;
/// a value no URL can carry is refused when the path is built, naming the parameter.
@Suite("Typed routes: errors")
struct TypedRouteErrorTests {
    @Test("a value that does not fit the property's type names both", arguments: [
        ("/t/x/5?f=maybe", ParameterError(name: "f", reason: .invalid(value: "maybe", expected: "Bool"))),
        ("/t/x/5?shelf=side", ParameterError(name: "shelf", reason: .invalid(value: "side", expected: "Shelf"))),
        ("/t/x/5?level=3", ParameterError(name: "level", reason: .invalid(value: "3", expected: "Level"))),
        ("/t/x/5?ratio=1.5.2", ParameterError(name: "ratio", reason: .invalid(value: "1.5.2", expected: "Double"))),
        ("/t/x/5?level=99999999999999999999", ParameterError(name: "level", reason: .invalid(value: "99999999999999999999", expected: "Level"))),
        ("/t/x/5?tags=a&tags=b&f=2", ParameterError(name: "f", reason: .invalid(value: "2", expected: "Bool"))),
    ])
    func valuesThatDoNotFit(url: String, expected: ParameterError) throws {
        let table = try TypedRouteRoundTripTests.routes()
        let request = try table.resolve(url).request
        #expect(throws: expected) { try TextRoute(request: request) }
    }

    @Test func theMessageNamesTheParameterAndTheType() {
        let error = ParameterError(name: "f", reason: .invalid(value: "maybe", expected: "Bool"))
        #expect(error.description == #"parameter "f" is "maybe", which is not a valid Bool"#)
    }

    @Test func aRequestFromAnotherPatternIsMissingItsParameters() throws {
        let table = try TypedRouteRoundTripTests.routes()
        let request = try table.resolve("/files/a/b").request
        #expect(throws: ParameterError(name: "text", reason: .missing)) { try TextRoute(request: request) }
    }

    @Test("a path value no URL can carry is refused, naming it", arguments: [
        (TextRoute(text: "", n: 1), RoutingError.invalidParameter(name: "text", value: "", pattern: "/t/:text/<int:n>(/<uuid:u>)")),
        (TextRoute(text: "a\u{0}b", n: 1), RoutingError.invalidParameter(name: "text", value: "a\u{0}b", pattern: "/t/:text/<int:n>(/<uuid:u>)")),
    ])
    func unroutablePathValues(route: TextRoute, expected: RoutingError) {
        #expect(throws: expected) { try route.makePath() }
        #expect(route.path == "")
        #expect(route.url(scheme: "myapp") == "")
    }

    @Test func anEmptyCatchAllPartOrAnInfiniteNumberIsRefused() {
        #expect(throws: RoutingError.invalidParameter(name: "rest", value: "a//b", pattern: "/files/<path:rest>")) {
            try FilesRoute(rest: ["a", "", "b"]).makePath()
        }
        #expect(throws: RoutingError.invalidParameter(name: "rest", value: "a//b", pattern: "/doc/<path:rest>")) {
            try DocRoute(rest: "a//b").makePath()
        }
        #expect(throws: RoutingError.invalidParameter(name: "amount", value: "inf", pattern: "/price/<float:amount>/<sku:code>")) {
            try PriceRoute(amount: .infinity, code: SKU(letters: "AB", number: 1)).makePath()
        }
    }

    @Test func aPathAtTheLengthLimitBuildsAndOnePastIsRefused() throws {
        // "/t/" + text + "/1?f=false" at exactly InputLimits.default.urlLength bytes, then one more.
        let limit = InputLimits.default.urlLength
        let atLimit = TextRoute(text: String(repeating: "a", count: limit - 13), n: 1)
        #expect(try atLimit.makePath().utf8.count == limit)
        let pastLimit = TextRoute(text: String(repeating: "a", count: limit - 12), n: 1)
        do {
            let built = try pastLimit.makePath()
            Issue.record("built a path of \(built.utf8.count) bytes, past the limit")
        } catch {
            guard case .malformedURL(let malformed) = error, case .limitExceeded(let exceeded) = malformed.reason else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(exceeded == LimitExceeded(.urlLength, value: limit + 1, maximum: limit))
        }
        #expect(pastLimit.path == "")
    }

    /// Found in review: `Character.init(_:)` traps on an empty or longer string, and a deep link
    /// can send either. Both are a ParameterError now, nothing crashes.
    @Test("a Character from a deep link is one character or a ParameterError", arguments: [
        ("/c/ab", ParameterError(name: "c", reason: .invalid(value: "ab", expected: "Character"))),
        ("/c/a?q=", ParameterError(name: "q", reason: .invalid(value: "", expected: "Character"))),
        ("/c/a?q=%F0%9F%9A%80%F0%9F%9A%80", ParameterError(name: "q", reason: .invalid(value: "🚀🚀", expected: "Character"))),
    ])
    func charactersFromDeepLinks(url: String, expected: ParameterError) throws {
        let table = try table([CharacterRoute.pattern])
        #expect(throws: expected) { try CharacterRoute(request: table.resolve(url).request) }
        let fine = CharacterRoute(c: "é", q: "🚀")
        #expect(try CharacterRoute(request: table.resolve(fine.path).request) == fine)
    }

    /// Found in review: a group given in part was left out, and the values given were lost.
    @Test func anOptionalGroupGivenInPartIsRefusedNamingWhatIsMissing() throws {
        let table = try table([GroupRoute.pattern, NestedGroupRoute.pattern])
        #expect(throws: RoutingError.missingParameter(name: "b", pattern: "/s(/:a/:b)")) { try GroupRoute(a: "x").makePath() }
        #expect(throws: RoutingError.missingParameter(name: "a", pattern: "/s(/:a/:b)")) { try GroupRoute(b: "y").makePath() }
        for route in [GroupRoute(), GroupRoute(a: "x", b: "y")] {
            #expect(try GroupRoute(request: table.resolve(route.makePath()).request) == route)
        }
        // A nested group: the outer one is written for its own parameter alone.
        for route in [NestedGroupRoute(), NestedGroupRoute(a: "1"), NestedGroupRoute(a: "1", b: "2")] {
            #expect(try NestedGroupRoute(request: table.resolve(route.makePath()).request) == route)
        }
        #expect(throws: RoutingError.missingParameter(name: "a", pattern: "/x(/:a(/:b))")) { try NestedGroupRoute(b: "2").makePath() }
        // Reverse routing by string writes the outer group too, where it used to drop it.
        #expect(try table.url(for: "/x(/:a(/:b))", parameters: ["a": "1"]) == "/x/1")
        #expect(try table.url(for: "/x(/:a(/:b))", parameters: ["b": "2"]) == "/x")
    }

    @Test func absoluteURLs() {
        let route = TextRoute(text: "a b", n: 7)
        #expect(route.path == "/t/a%20b/7?f=false")
        #expect(route.url(scheme: "https", host: "shop.example.com") == "https://shop.example.com/t/a%20b/7?f=false")
        #expect(route.url(scheme: "myapp") == "myapp://t/a%20b/7?f=false")
        // A pattern with its own scheme keeps it.
        #expect(SchemedRoute(id: "9", tab: .top).url(scheme: "https", host: "x.example") == "myapp://user/9/top")
    }
}
