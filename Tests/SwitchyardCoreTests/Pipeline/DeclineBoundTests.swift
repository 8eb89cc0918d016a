import Switchyard
import SwitchyardTesting
import Testing

/// How far declines reach: a decline applies to the URL it declined, and one open meets at
/// most ``PipelineSettings/declineLimit`` of them.
@Suite("Declines: their scope and their bound", .timeLimit(.minutes(1)))
@MainActor
struct DeclineBoundTests {
    struct RedirectEverything: Interceptor {
        let name = "send to /a/2"
        let target: String
        func applies(to request: RouteRequest) -> Bool { true }
        func intercept(_ request: RouteRequest) async throws -> InterceptorDecision { .redirect(target) }
    }

    /// `/a/:x` declines `x=1` only; whatever matches after it sends the open to `/a/2`.
    func declinerAndRedirect(_ register: (Router) throws -> Void) throws -> (Router, Shared<[String]>) {
        let (router, _) = try pipeline(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger))
        let performed = Shared<[String]>([])
        try router.action("/a/:x") { request in
            guard request.string("x") != "1" else { throw RouteDeclined("not 1") }
            performed.withLock { $0.append("a " + (request.string("x") ?? "")) }
        }
        try register(router)
        return (router, performed)
    }

    @Test func aRouteThatDeclinedOneURLTakesTheURLARedirectLeadsTo() async throws {
        let (router, performed) = try declinerAndRedirect { try $0.redirect("/*", to: "/a/2") }
        let result = await router.open("shop://a/1")
        #expect(result.outcome == .performedAction(pattern: "/a/:x"))
        #expect(result.redirects == ["/a/2"])
        #expect(result.declined == ["/a/:x (not 1)"])
        #expect(performed.current == ["a 2"])
    }

    @Test func aRouteThatDeclinedOneURLTakesTheURLAnInterceptorRedirectsTo() async throws {
        let (router, performed) = try declinerAndRedirect { router in
            try router.action("/*", interceptors: [RedirectEverything(target: "/a/3")]) { _ in }
        }
        let result = await router.open("shop://a/1")
        #expect(result.outcome == .performedAction(pattern: "/a/:x"))
        #expect(result.redirects == ["/a/3"])
        #expect(performed.current == ["a 3"])
    }

    @Test func aRedirectBackToTheDeclinedURLIsStillALoop() async throws {
        let (router, performed) = try declinerAndRedirect { try $0.redirect("/*", to: "/a/1") }
        let result = await router.open("/a/1")
        #expect(result.outcome == .rejected(.redirectLoop(["/a/1", "/a/1"])))
        #expect(performed.current.isEmpty)
    }

    /// `count` routes that match `/d/<n>` and decline it, then `/d/*`, which takes it.
    func decliners(_ count: Int, limit: Int = 32) throws -> (Router, Shared<[String]>) {
        let router = Router(configuration: .quiet, settings: PipelineSettings(declineLimit: limit))
        let performed = Shared<[String]>([])
        for priority in 0..<count {
            try router.action("/d/:n", priority: count - priority) { _ in throw RouteDeclined("no \(priority)") }
        }
        try router.action("/d/*") { _ in performed.withLock { $0.append("catch-all") } }
        return (router, performed)
    }

    @Test func anOpenMeetsAsManyDeclinesAsTheLimit() async throws {
        let (router, performed) = try decliners(32)
        let result = await router.open("/d/1")
        #expect(result.outcome == .performedAction(pattern: "/d/*"))
        #expect(result.declined.count == 32)
        #expect(result.declined.first == "/d/:n (no 0)" && result.declined.last == "/d/:n (no 31)", "in precedence order")
        #expect(performed.current == ["catch-all"])
    }

    @Test func oneDeclineMoreThanTheLimitEndsTheOpenNamingTheLimit() async throws {
        let (router, performed) = try decliners(33)
        let result = await router.open("/d/1")
        guard case .rejected(.tooManyDeclines(let url, let declined, let limit)) = result.outcome else {
            Issue.record("expected tooManyDeclines, got \(result.outcome)")
            return
        }
        #expect(url == "/d/1" && limit == 32 && declined.count == 33)
        #expect(result.outcome.description
            == "rejected: more than 32 routes declined /d/1 (PipelineSettings.declineLimit): /d/:n (no 0), /d/:n (no 1), /d/:n (no 2), …")
        #expect(performed.current.isEmpty, "the route after them never ran")
    }

    @Test func aRaisedLimitLetsAThousandDeclinesThroughInPrecedenceOrder() async throws {
        let (router, performed) = try decliners(1_034, limit: 2_000)
        let result = await router.open("/d/7")
        #expect(result.outcome == .performedAction(pattern: "/d/*"))
        #expect(result.declined.count == 1_034)
        #expect(result.declined[517] == "/d/:n (no 517)")
        #expect(performed.current == ["catch-all"])
    }

    /// The table may change between two declines of one open (a handler registers a route):
    /// the next resolve reads the new version, passing over the same routes.
    @Test func declinesHoldAcrossATableThatChangesMidOpen() async throws {
        let router = Router(configuration: .quiet)
        let performed = Shared<[String]>([])
        try router.action("/m/:x", priority: 2) { _ in
            try router.action("/m/new", priority: 0) { _ in performed.withLock { $0.append("new") } }
            throw RouteDeclined("first")
        }
        try router.action("/m/:y", priority: 1) { _ in throw RouteDeclined("second") }
        try router.action("/m/*") { _ in performed.withLock { $0.append("catch-all") } }
        let result = await router.open("/m/1")
        #expect(result.outcome == .performedAction(pattern: "/m/*"))
        #expect(result.declined == ["/m/:x (first)", "/m/:y (second)"])
        #expect(performed.current == ["catch-all"])
    }
}
