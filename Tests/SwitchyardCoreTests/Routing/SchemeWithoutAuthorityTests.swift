import Foundation
import Switchyard
import Testing

/// `scheme:path` with no `//` (RFC 3986 allows it; JLRoutes routes `tests:/` to `/`): the
/// scheme is read as a scheme, never as part of a path, and the rest is the path.
@Suite("URLs with a scheme and no authority")
struct SchemeWithoutAuthorityTests {
    let routes: RouteTable<String>

    init() throws {
        routes = try table(["/", "/test", "/user/:id", "/web"],
                           configuration: RouterConfiguration(schemes: ["tests"], associatedDomains: ["app.example.com"], webRoute: "/web"))
    }

    @Test(arguments: [
        ("tests:/", "/", "/"),
        ("tests:", "/", "/"),
        ("tests:/test", "/test", "/test"),
        ("tests:test", "/test", "/test"),
        ("TESTS:/test", "/test", "/test"),
        ("tests:/user/42?x=1#top", "/user/:id", "/user/42"),
        ("tests:user/42", "/user/:id", "/user/42"),
        ("tests://test", "/test", "/test"),          // the host is the first segment, as before
        ("tests:///test", "/test", "/test"),
    ])
    func aCustomSchemeWithoutAuthorityRoutesItsPath(url: String, pattern: String, path: String) throws {
        let match = try routes.resolve(url)
        #expect(match.route.pattern == pattern)
        #expect(match.request.path == path)
        #expect(match.request.scheme == "tests")
        #expect(match.request.host == nil)
    }

    @Test func valuesAndQueryAreReadAsWithSlashes() throws {
        let match = try routes.resolve("tests:/user/42?x=1#top")
        #expect(match.request.string("id") == "42")
        #expect(match.request.query["x"] == "1")
        #expect(match.request.fragment == "top")
    }

    @Test(arguments: [
        ("other:/test", RoutingError.schemeNotAccepted(scheme: "other", url: "other:/test")),
        ("javascript:alert(1)", .schemeNotAccepted(scheme: "javascript", url: "javascript:alert(1)")),
        ("https:/app.example.com/test", .malformedURL(MalformedURLError(url: "https:/app.example.com/test", offset: 5, reason: .webURLWithoutHost))),
        ("http:test", .malformedURL(MalformedURLError(url: "http:test", offset: 4, reason: .webURLWithoutHost))),
        ("HTTPS:", .malformedURL(MalformedURLError(url: "HTTPS:", offset: 5, reason: .webURLWithoutHost))),
    ])
    func otherSchemesAndWebURLsWithoutAHostAreRefused(url: String, expected: RoutingError) {
        #expect(routes.failure(url) == expected)
    }

    /// What is not a scheme stays a path: a scheme starts with a letter and holds only
    /// letters, digits, `+`, `-` and `.` before its colon.
    @Test(arguments: ["/tests:/test", "1tests:/test", "te_st:/test", "-tests:/test", ":/test"])
    func whatIsNotASchemeStaysAPath(url: String) {
        guard case .noMatch = routes.failure(url) else {
            Issue.record("\(url) did not miss as a path: \(String(describing: routes.failure(url)))")
            return
        }
    }

    @Test func aPatternLimitedToASchemeMatchesItsURLsWithOrWithoutSlashes() throws {
        let routes = try table(["tests://only/:id"])
        for url in ["tests://only/1", "tests:/only/1", "tests:only/1", "TESTS:/only/1"] { #expect(routes.winner(url) == "tests://only/:id", "\(url)") }
        for url in ["other:/only/1", "/only/1"] { #expect(routes.winner(url) == nil, "\(url)") }
    }

    /// A signature covers the URL as spelled: `tests:/user/1` and `tests://user/1` open the
    /// same route, and one's signature does not verify the other (it fails closed).
    @Test func aSignatureCoversTheSpellingItWasMadeFor() throws {
        let signer = try LinkSigner(secret: Data(repeating: 9, count: 32))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let slashless = try signer.sign("tests:/user/1", at: now)
        try signer.verify(slashless, now: now)
        #expect(try routes.resolve(slashless).route.pattern == "/user/:id")
        let withSlashes = slashless.replacingOccurrences(of: "tests:/", with: "tests://")
        #expect(try routes.resolve(withSlashes).route.pattern == "/user/:id")
        #expect(throws: SecurityError.self) { try signer.verify(withSlashes, now: now) }
    }

    /// `scheme:path` takes the same limits as `scheme://`: its length and its segment count, at
    /// the limit and one past, where the error names the limit and the offset.
    @Test func theLimitsHoldForAURLWithoutAuthority() throws {
        let routes = try table(["/:x", "/*"], configuration: RouterConfiguration(schemes: ["tests"]))
        let limits = InputLimits.default
        let long = { (bytes: Int) in "tests:/" + String(repeating: "a", count: bytes - 7) }
        #expect(try routes.resolve(long(limits.urlLength)).route.pattern == "/:x")
        let tooLong = long(limits.urlLength + 1)
        #expect(routes.failure(tooLong) == .malformedURL(MalformedURLError(
            url: tooLong, offset: limits.urlLength, reason: .limitExceeded(LimitExceeded(.urlLength, value: limits.urlLength + 1, maximum: limits.urlLength)))))
        let deep = { (segments: Int) in "tests:" + String(repeating: "/a", count: segments) }
        #expect(try routes.resolve(deep(limits.pathSegments)).route.pattern == "/*")
        let tooDeep = deep(limits.pathSegments + 1)
        #expect(routes.failure(tooDeep) == .malformedURL(MalformedURLError(
            url: tooDeep, offset: 6 + 2 * limits.pathSegments + 1,
            reason: .limitExceeded(LimitExceeded(.pathSegments, value: limits.pathSegments + 1, maximum: limits.pathSegments)))))
        #expect(routes.routes.count == 2, "a refusal changes nothing")
    }

    @Test func aPathWithAColonAfterItsFirstSlashIsAPath() throws {
        let routes = try table(["/time/:at"])
        #expect(try routes.resolve("/time/12:30").request.string("at") == "12:30")
        #expect(try routes.resolve("time/12:30").request.string("at") == "12:30")
    }
}
