import Switchyard
import Testing

/// A pattern no URL can reach under the router's configuration is refused when it is
/// registered, naming the setting to change, and nothing is registered (issue 29, item 5).
@Suite("Patterns the configuration never routes")
struct UnreachablePatternTests {
    static func configuration(schemes: Set<String> = [], domains: Set<String> = [], hostIsSegment: Bool = false) -> RouterConfiguration {
        var configuration = RouterConfiguration(schemes: schemes, associatedDomains: domains, logger: RouterConfiguration.quiet.logger)
        configuration.webHostIsFirstSegment = hostIsSegment
        return configuration
    }

    static let noDomains = "URLs reach routes only from an associated domain, and RouterConfiguration.associatedDomains is empty; "
        + "list the app's domains there, or send every web URL to one page with RouterConfiguration.webRoute"

    @Test(arguments: [
        ("http://<path:_>", configuration(), "http " + noDomains),
        ("https://<path:_>", configuration(schemes: ["myapp"]), "https " + noDomains),
        ("HTTPS://product/:id", configuration(), "https " + noDomains),
        ("other://x/:id", configuration(schemes: ["myapp", "shop"]),
         "the router accepts only the schemes \"myapp\", \"shop\", not \"other\" (RouterConfiguration.schemes)"),
        ("https://www.other.com/sign_in", configuration(domains: ["www.example.com", "*.example.org"], hostIsSegment: true),
         "its first segment is the host \"www.other.com\" (webHostIsFirstSegment), which is not one of RouterConfiguration.associatedDomains"),
        ("https://example.org/x", configuration(domains: ["*.example.org"], hostIsSegment: true),
         "its first segment is the host \"example.org\" (webHostIsFirstSegment), which is not one of RouterConfiguration.associatedDomains"),
    ])
    func refused(pattern: String, configuration: RouterConfiguration, why: String) throws {
        let table = RouteTable<Int>(configuration: configuration)
        try table.register("/kept", target: 0)
        let error = PatternError(pattern: pattern, offset: 0, reason: .unreachable(why))
        #expect(throws: error) { try table.register(pattern, target: 1) }
        #expect(throws: error) { try table.register([RouteSpec("/fine", target: 2), RouteSpec(pattern, target: 1)]) }
        #expect(table.routes.map(\.pattern) == ["/kept"], "all or nothing: the batch left nothing behind")
        #expect(error.description == "invalid route pattern \"\(pattern)\" at offset 0: no URL can reach it: \(why)")
    }

    @Test(arguments: [
        ("myapp://x/:id", configuration(schemes: ["myapp"])),
        ("anything://x/:id", configuration()),
        ("https://product/:id", configuration(domains: ["shop.example.com"])),
        ("https://www.example.com/sign_in", configuration(domains: ["www.example.com"], hostIsSegment: true)),
        ("https://shop.example.org/sign_in", configuration(domains: ["*.example.org"], hostIsSegment: true)),
        ("https://:site/sign_in", configuration(domains: ["*.example.org"], hostIsSegment: true)),
    ])
    func accepted(pattern: String, configuration: RouterConfiguration) throws {
        let table = RouteTable<Int>(configuration: configuration)
        #expect(throws: Never.self) { try table.register(pattern, target: 1) }
    }

    @MainActor
    @Test func aRouterPageIsRefusedTheSameWay() throws {
        let router = Router(configuration: Self.configuration(schemes: ["myapp"]))
        #expect(throws: PatternError(pattern: "http://<path:_>", offset: 0, reason: .unreachable("http " + Self.noDomains))) {
            try router.page("http://<path:_>") { _ in Destination("web") }
        }
        #expect(router.table.routes.isEmpty)
    }
}
