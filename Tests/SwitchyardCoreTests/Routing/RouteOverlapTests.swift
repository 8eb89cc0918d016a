import Logging
import Switchyard
import Testing

/// The overlap report a team migrating from run-every-handler or first-registered-wins
/// routers reads: each pair of routes one URL matches both of, the winner and the URL.
@Suite("Route overlaps")
struct RouteOverlapTests {
    static let patterns = [
        "/me/account", "/:section/account",
        "/stats/day/:domain", "/:year/:month/:day",
        "/product/<int:id>", "/product/<uuid:u>",
        "/files/*", "/files/:name/raw",
        "/user/:id(/:tab)", "/user/:id/posts",
        "/a/:x/x", "/b/:x/x",
    ]

    @Test func eachOverlappingPairIsListedWithItsWinnerAndAURLBothMatch() throws {
        let routes = try table(Self.patterns)
        let (overlaps, complete) = routes.overlaps()
        #expect(complete)
        #expect(Set(overlaps.map(\.description)) == [
            "/me/account opens /me/account, not /:section/account",
            "/user/account opens /user/:id(/:tab), not /:section/account",
            "/files/account opens /files/*, not /:section/account",
            "/stats/day/1 opens /stats/day/:domain, not /:year/:month/:day",
            "/files/1/raw opens /files/:name/raw, not /:year/:month/:day",
            "/user/1/1 opens /user/:id(/:tab), not /:year/:month/:day",
            "/user/1/posts opens /user/:id/posts, not /:year/:month/:day",
            "/a/1/x opens /a/:x/x, not /:year/:month/:day",
            "/b/1/x opens /b/:x/x, not /:year/:month/:day",
            "/files/1/1 opens /files/*, not /:year/:month/:day",
            "/user/1/posts opens /user/:id/posts, not /user/:id(/:tab)",
            "/files/1/raw opens /files/:name/raw, not /files/*",
        ])
        #expect(overlaps.count == 12, "each pair once")
        for overlap in overlaps {
            #expect(routes.winner(overlap.example) == overlap.winner, "\(overlap)")
        }
    }

    /// What never overlaps: different literals, converters with no common value, a scheme of
    /// its own against another scheme's, and whole-path regex routes (not compared).
    @Test func routesNoURLMatchesBothOfAreNotListed() throws {
        let routes = RouteTable<String>(configuration: .quiet)
        try routes.register(["/a/:x", "/b/:x", "/product/<int:id>", "/product/<uuid:u>", "one://x/:id", "two://x/:id"].map { RouteSpec($0, target: $0) })
        _ = try routes.register(regex: "^/a/.*$", target: "regex")
        #expect(routes.overlaps().overlaps.isEmpty)
    }

    @Test func aSchemesRouteOverlapsTheRoutesEverySchemeShares() throws {
        let routes = try table(["tests://x/:id", "/x/:id"])
        let overlaps = routes.overlaps().overlaps
        #expect(overlaps.count == 1)
        #expect(overlaps.first?.example == "tests:/x/1")
        #expect(overlaps.first.map { routes.winner($0.example) == $0.winner } == true)
    }

    @Test func caseDecidesWhetherLiteralsOverlap() throws {
        let insensitive = try table(["/Me/account", "/me/:page"])
        #expect(insensitive.overlaps().overlaps.map(\.description) == ["/Me/account opens /Me/account, not /me/:page"])
        var configuration = RouterConfiguration.quiet
        configuration.caseSensitive = true
        #expect(try table(["/Me/account", "/me/:page"], configuration: configuration).overlaps().overlaps.isEmpty)
    }

    /// A debug build's app router logs the overlaps once its modules are registered.
    @Test @MainActor func aDebugBuildLogsTheOverlapsAtStart() async throws {
        let recorder = LogCapture()
        var configuration = RouterConfiguration(logger: Logger(label: "test") { _ in recorder })
        configuration.logger.logLevel = .debug
        let app = AppRouter(router: Router(configuration: configuration), mediator: Mediator(configuration: .quiet()))
        try app.router.page("/me/account") { _ in Destination("me") }
        try app.router.page("/:section/account") { _ in Destination("section") }
        _ = await app.start()
        #if DEBUG
        #expect(recorder.lines.filter { $0.contains("route overlap") }
            == ["debug: route overlap: /me/account opens /me/account, not /:section/account"])
        #else
        #expect(recorder.lines.filter { $0.contains("route overlap") }.isEmpty)
        #endif
    }

    /// Each bound at its value (the report is whole) and one under it (cut, and it says so).
    @Test func theReportIsBoundedAndSaysWhenItWasCut() throws {
        let routes = try table(Self.patterns)
        let all = routes.overlaps().overlaps
        #expect(all.count == 12)
        let atLimit = routes.overlaps(limit: 12)
        #expect(atLimit.overlaps == all && atLimit.complete)
        let pastLimit = routes.overlaps(limit: 11)
        #expect(pastLimit.overlaps == Array(all.prefix(11)) && !pastLimit.complete)
        // Two routes of one length are one pair of variants to compare.
        let pair = try table(["/me/account", "/:section/account"])
        let atPairLimit = pair.overlaps(pairLimit: 1)
        #expect(atPairLimit.overlaps.count == 1 && atPairLimit.complete)
        let pastPairLimit = pair.overlaps(pairLimit: 0)
        #expect(pastPairLimit.overlaps.isEmpty && !pastPairLimit.complete)
        #expect(pair.routes.count == 2, "asking changes nothing")
    }
}
