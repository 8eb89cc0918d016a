import Switchyard
import SwitchyardTesting
import Testing

/// Handlers that say "not mine" (JLRoutes' handler returning `NO`): the next route that
/// matches, in precedence order, gets the URL, and the result lists who declined.
@Suite("Declining handlers", .timeLimit(.minutes(1)))
@MainActor
struct DecliningHandlerTests {
    struct OnlyNumbers: PageHandler {
        func shouldHandle(_ request: RouteRequest) -> Bool { request.string("id")?.allSatisfy(\.isNumber) == true }
        func makeDestination(for request: RouteRequest) throws -> Destination { Destination("item", name: "Item(\(request.string("id") ?? ""))") }
    }

    func app() throws -> (Router, RecordingNavigator, Shared<[String]>) {
        let (router, navigator) = try pipeline()
        let performed = Shared<[String]>([])
        try router.action("/share/:target") { request in
            guard request.string("target") == "wechat" else { throw RouteDeclined("only WeChat") }
            performed.withLock { $0.append("wechat") }
        }
        try router.action("/share/*") { request in performed.withLock { $0.append("other: " + (request.remainder ?? []).joined(separator: "/")) } }
        try router.page("/promo/:code") { request in
            guard request.string("code")?.hasPrefix("VIP") == true else { throw RouteDeclined() }
            return Destination("vip", name: "VIP(\(request.string("code") ?? ""))")
        }
        try router.page("/promo/*") { _ in Destination("promo", name: "Promo") }
        try router.handler("/item/:id", OnlyNumbers())
        try router.page("/item/*") { _ in Destination("anything", name: "AnyItem") }
        try router.action("/never/:x") { _ in throw RouteDeclined("first") }
        try router.action("/never/*") { _ in throw RouteDeclined("second") }
        return (router, navigator, performed)
    }

    @Test func anActionThatDeclinesPassesTheURLOn() async throws {
        let (router, _, performed) = try app()
        let mine = await router.open("/share/wechat")
        #expect(mine.outcome == .performedAction(pattern: "/share/:target") && mine.declined.isEmpty)
        let passed = await router.open("/share/mail")
        #expect(passed.outcome == .performedAction(pattern: "/share/*"))
        #expect(passed.declined == ["/share/:target (only WeChat)"])
        #expect(passed.description.contains("; declined by /share/:target (only WeChat)"))
        #expect(performed.current == ["wechat", "other: mail"])
    }

    @Test func aPageOrAPageHandlerThatDeclinesPassesTheURLOn() async throws {
        let (router, navigator, _) = try app()
        #expect(await router.open("/promo/VIP1").outcome == .openedPage(pattern: "/promo/:code", command: .push))
        let promo = await router.open("/promo/SPRING")
        #expect(promo.outcome == .openedPage(pattern: "/promo/*", command: .push))
        #expect(promo.declined == ["/promo/:code"])
        let item = await router.open("/item/abc")
        #expect(item.outcome == .openedPage(pattern: "/item/*", command: .push))
        #expect(item.declined == ["/item/:id"])
        #expect(navigator.shown.map(\.destination.name) == ["VIP(VIP1)", "Promo", "AnyItem"])
    }

    @Test func whenEveryRouteDeclinesTheOpenIsNotFoundAndSaysWho() async throws {
        let (router, navigator, _) = try app()
        let result = await router.open("/never/1")
        guard case .notFound(let noMatch) = result.outcome else {
            Issue.record("\(result.outcome)")
            return
        }
        #expect(noMatch.path == "/never/1")
        #expect(result.declined == ["/never/:x (first)", "/never/* (second)"])
        // A page handler alone on its URL that says no: not found, nothing shown.
        let (lone, loneNavigator) = try pipeline()
        try lone.handler("/declined", OnlyNumbers())
        let declined = await lone.open("/declined")
        guard case .notFound = declined.outcome else {
            Issue.record("\(declined.outcome)")
            return
        }
        #expect(declined.declined == ["/declined"])
        #expect(navigator.shown.isEmpty && loneNavigator.shown.isEmpty)
    }
}
