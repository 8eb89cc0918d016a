import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// `RouterConfiguration.plusDecoding`: where `+` stands for a space, and every reader of a
/// request (matching, values, converters, regex routes, policies, signatures) agreeing on it.
@Suite("Plus decoding")
struct PlusDecodingTests {
    static func routes(_ plus: PlusDecoding) throws -> RouteTable<String> {
        var configuration = RouterConfiguration.quiet
        configuration.plusDecoding = plus
        try configuration.register(ParameterConverter(name: "words") { $0.allSatisfy { $0.isLetter || $0 == " " } })
        let table = RouteTable<String>(configuration: configuration)
        try table.register(["/tag/:name", "/a b", "/w/<words:text>"].map { RouteSpec($0, target: $0) })
        _ = try table.register(regex: "^/r/(?<v>[^/]+)$", target: "regex")
        return table
    }

    @Test(arguments: [
        (PlusDecoding.queryOnly, "c++", "a b+c"),
        (.pathAndQuery, "c  ", "a b+c"),
        (.never, "c++", "a+b+c"),
    ])
    func valuesFollowThePolicy(plus: PlusDecoding, name: String, query: String) throws {
        let match = try Self.routes(plus).resolve("/tag/c++?q=a+b%2Bc")
        #expect(match.request.string("name") == name)
        #expect(match.request.query["q"] == query)
    }

    @Test(arguments: [(PlusDecoding.queryOnly, false), (.pathAndQuery, true), (.never, false)])
    func matchingConvertersAndRegexValuesReadThePathAsTheValuesDo(plus: PlusDecoding, plusIsSpace: Bool) throws {
        let routes = try Self.routes(plus)
        #expect((routes.winner("/a+b") == "/a%20b") == plusIsSpace)
        #expect((routes.winner("/w/big+cat") == "/w/<words:text>") == plusIsSpace)
        #expect(try routes.resolve("/r/a+b").request.string("v") == (plusIsSpace ? "a b" : "a+b"))
        #expect(routes.winner("/a%20b") == "/a%20b", "the pattern prints its space escaped")
    }

    @Test(arguments: [PlusDecoding.queryOnly, .pathAndQuery, .never])
    func aBuiltURLRoundTripsUnderEveryPolicy(plus: PlusDecoding) throws {
        let routes = try Self.routes(plus)
        let url = try routes.url(for: "/tag/:name", parameters: ["name": "a+b c"], query: RouteParameters([RouteParameter(name: "q", value: "x+y z")]))
        let match = try routes.resolve(url)
        #expect(match.request.string("name") == "a+b c")
        #expect(match.request.query["q"] == "x+y z")
    }

    @Test func theDefaultIsQueryOnly() {
        #expect(RouterConfiguration().plusDecoding == .queryOnly)
    }

    /// A signature covers `+` as itself: under `.never`, `a+b` and `a%20b` are different values,
    /// so one's signature must not open the other (and under the default it fails closed).
    @Test func aSignatureDoesNotCoverAPlusSpelledAsASpace() throws {
        let signer = try LinkSigner(secret: Data(repeating: 3, count: 32))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let signed = try signer.sign("shop://coupon/X?code=a+b", at: now)
        try signer.verify(signed, now: now)
        let respelled = signed.replacingOccurrences(of: "code=a+b", with: "code=a%20b")
        #expect(respelled != signed)
        #expect(throws: SecurityError.self) { try signer.verify(respelled, now: now) }
        let encoded = signed.replacingOccurrences(of: "code=a+b", with: "code=a%2Bb")
        try signer.verify(encoded, now: now)   // the same value, spelled with an escape
    }

    /// A policy's patterns read a request's path as the router did: a protected page opened
    /// with `+` for its space is still protected.
    @Test @MainActor func aProtectedPageCannotBeReachedByWritingItsSpaceAsAPlus() async throws {
        var configuration = RouterConfiguration.quiet
        configuration.plusDecoding = .pathAndQuery
        let (router, navigator) = try pipeline(configuration: configuration)
        try router.page("/secret area") { _ in Destination("secret", name: "Secret") }
        try router.page("/login") { _ in Destination("login", name: "Login") }
        router.addInterceptor(try LoginInterceptor(protected: ["/secret area"], loginURL: "/login",
                                                   state: FixedLogin(state: Shared(false)), store: MemoryPendingRouteStore()))
        for url in ["/secret%20area", "/secret+area"] {
            let result = await router.open(url)
            #expect(result.redirects.first?.hasPrefix("/login") == true, "\(url)")
        }
        #expect(navigator.shown.map(\.destination.name) == ["Login", "Login"])
    }
}
