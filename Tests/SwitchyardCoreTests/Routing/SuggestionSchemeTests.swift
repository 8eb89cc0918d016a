import Switchyard
import Testing

/// A miss suggests only a pattern a URL of its scheme could reach (issue 29, item 4): a
/// `myapp://` link is never told to try an `http://` route or another scheme's.
@Suite("Not found: the nearest pattern is one the URL could reach")
struct SuggestionSchemeTests {
    static func routes() throws -> RouteTable<String> {
        var configuration = RouterConfiguration(associatedDomains: ["app.example.com"], logger: RouterConfiguration.quiet.logger)
        try configuration.namespace("thing", fallsBackToGlobalRoutes: false)
        try configuration.namespace("both", fallsBackToGlobalRoutes: true)
        let table = RouteTable<String>(configuration: configuration)
        for pattern in ["http://<path:_>", "other://region/:code", "thing://region/:id", "/regions/:code", "both://zone/:id"] {
            try table.register(pattern, target: pattern)
        }
        return table
    }

    @Test(arguments: [
        ("myapp://region/ca-central-1/extra", "/regions/:code"),
        ("other://region/ca/extra", "other://region/:code"),
        ("/region/ca/extra", "/regions/:code"),
        ("thing://regions/ca/extra", "thing://region/:id"),
        ("both://regions/ca/extra", "/regions/:code"),
    ])
    func nearest(url: String, expected: String) throws {
        let failure = try Self.routes().failure(url)
        guard case .noMatch(let miss)? = failure else {
            Issue.record("expected a miss, got \(String(describing: failure))")
            return
        }
        #expect(miss.nearest == expected)
    }

    @Test func aURLNoRouteCouldTakeSaysSo() throws {
        var configuration = RouterConfiguration.quiet
        try configuration.namespace("lonely")
        let table = RouteTable<String>(configuration: configuration)
        try table.register("/x/:id", target: "x")
        #expect(table.failure("lonely://x/1/2")?.description == "no route matches /x/1/2; no registered route is like it")
    }

    /// Issue 35: a suggestion is a typo of the path, not another route that happens to be
    /// few edits away (`/deal/5` is not `/call/:alias`).
    @Test(arguments: [
        ("/prodcut/1", "/product/:id"),
        ("/prodct/1", "/product/:id"),
        // "product" is 7 bytes, so two typos are one, three another route.
        ("/prxdxct/1", "/product/:id"),
        ("/prxdxcx/1", nil),
        ("/produc/1", "/product/:id"),
        ("/deal/5", nil),
        ("/cal/5", "/call/:alias"),
        ("/nowhere", nil),
        ("/product", "/product/:id"),
        ("/x", nil),
    ] as [(String, String?)])
    func aSuggestionIsATypoOfThePathNotAnotherRoute(url: String, expected: String?) throws {
        let table = try table(["/product/:id", "/call/:alias", "/cart/big", "/orders"])
        guard case .noMatch(let miss)? = table.failure(url) else { Issue.record("expected a miss for \(url)"); return }
        #expect(miss.nearest == expected, "\(url)")
    }
}
