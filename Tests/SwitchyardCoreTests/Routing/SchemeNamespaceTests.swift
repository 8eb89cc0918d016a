import Switchyard
import Testing

/// Schemes with routes of their own, as JLRoutes' `routesForScheme:` and
/// `shouldFallbackToGlobalRoutes` have them.
@Suite("Scheme namespaces")
struct SchemeNamespaceTests {
    static func routes(fallsBack: Bool) throws -> RouteTable<String> {
        var configuration = RouterConfiguration.quiet
        configuration.schemes = ["thing", "myapp"]
        try configuration.namespace("THING", fallsBackToGlobalRoutes: fallsBack)
        let table = RouteTable<String>(configuration: configuration)
        try table.register(["thing://foo/:id", "/foo/:id", "/bar"].map { RouteSpec($0, target: $0) })
        _ = try table.register(regex: "^/r/[0-9]+$", target: "regex")
        return table
    }

    @Test(arguments: [
        ("thing://foo/1", "thing://foo/:id", "thing://foo/:id"),
        ("thing:/foo/1", "thing://foo/:id", "thing://foo/:id"),
        ("thing://bar", nil, "/bar"),
        ("thing://r/1", nil, "regex"),
        ("myapp://foo/1", "/foo/:id", "/foo/:id"),
        ("myapp://bar", "/bar", "/bar"),
        ("/foo/1", "/foo/:id", "/foo/:id"),
        ("/r/1", "regex", "regex"),
    ] as [(String, String?, String?)])
    func aNamespacedSchemeMatchesItsOwnRoutesThenFallsBackWhenAsked(url: String, alone: String?, fallingBack: String?) throws {
        #expect((try? Self.routes(fallsBack: false).resolve(url))?.route.target == alone, "\(url)")
        #expect((try? Self.routes(fallsBack: true).resolve(url))?.route.target == fallingBack, "\(url)")
    }

    @Test func aNamespaceWithNoRoutesOfItsOwnMatchesNothingUnlessItFallsBack() throws {
        var configuration = RouterConfiguration.quiet
        try configuration.namespace("empty")
        #expect(try table(["/bar"], configuration: configuration).winner("empty://bar") == nil)
        try configuration.namespace("empty", fallsBackToGlobalRoutes: true)
        #expect(try table(["/bar"], configuration: configuration).winner("empty://bar") == "/bar")
        #expect(try table(["/bar"], configuration: configuration).winner("other://bar") == "/bar")
    }

    @Test(arguments: [
        ("other", ConfigurationError.namespaceForUnacceptedScheme("other", accepted: ["myapp", "thing"]),
         #"scheme "other" cannot have routes of its own: the router accepts only "myapp", "thing""#),
        ("HTTPS", .namespaceForWebScheme("https"), #"scheme "https" cannot have routes of its own: web URLs are routed by their associated domains"#),
    ])
    func aNamespaceTheRouterCannotHaveIsRefusedAndChangesNothing(scheme: String, expected: ConfigurationError, message: String) throws {
        var configuration = RouterConfiguration(schemes: ["thing", "myapp"])
        try configuration.namespace("thing")
        #expect(throws: expected) { try configuration.namespace(scheme) }
        #expect(expected.description == message)
        #expect(configuration.schemeNamespaces == ["thing": false])
    }
}
