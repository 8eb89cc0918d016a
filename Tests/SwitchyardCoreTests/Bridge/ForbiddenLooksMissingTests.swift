import Foundation
import Switchyard
import Testing

/// Issue 48, family 3: nothing a caller limited to some routes observes tells a route it may not
/// reach from a missing one — the reply, how a repeat is answered, the x-error it is sent, the
/// app's hooks, and the work done before the refusal (no converter, constraint, suggestion or
/// not-found page of a route it may not reach runs).
@Suite("Limited callers: a forbidden route looks missing")
struct ForbiddenLooksMissingTests {
    /// A shop whose forbidden routes count every time anything of theirs runs.
    final class Shop: Sendable {
        let router: Router
        let bridge: WebBridge
        let channel: XCallbackChannel
        /// Runs of the forbidden route's converter, of the not-found page and of the error hook.
        let work = Shared<[String]>([])
        let opened = Shared<[String]>([])

        init(duplicateWindow: Duration = .seconds(600), startsReady: Bool = true) throws {
            let work = work, opened = opened
            var configuration = RouterConfiguration(schemes: ["shop"], associatedDomains: ["shop.example.com"], logger: RouterConfiguration.quiet.logger)
            try configuration.register(ParameterConverter(name: "audited") { value in
                work.withLock { $0.append("converter \(value)") }
                return true
            })
            router = Router(configuration: configuration, settings: PipelineSettings(
                duplicateWindow: duplicateWindow, startsReady: startsReady, universalLinkRoutes: ["/tag"]))
            try router.action("/tag") { request in request.answer("tagged") }
            try router.action("/admin/<audited:id>") { _ in work.withLock { $0.append("admin ran") } }
            try router.action("/admin/phone/:n([0-9]+)") { _ in work.withLock { $0.append("phone ran") } }
            router.setNotFoundPage { url, _ in
                work.withLock { $0.append("not-found page for \(url)") }
                return nil
            }
            router.setErrorHandler { result in work.withLock { $0.append("error hook: \(result.outcome)") } }
            bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/tag"]]))
            channel = try XCallbackChannel(router: router, settings: XCallbackSettings(sourceName: "Shop", openToApps: ["/tag"], allowedCallbacks: ["sibling"])) { url in
                opened.withLock { $0.append(url) }
                return true
            }
            try channel.register()
        }

        func page(_ url: String, id: Int) async -> String {
            let message = #"{"page":"p1","id":\#(id),"method":"call","url":"\#(url)","params":{}}"#
            return await bridge.receive(message, from: WebFrame(origin: WebOrigin("https://promo.example.com")))
        }

        func otherApp(_ path: String) async -> String {
            _ = await router.handleIncoming("shop://x-callback-url/\(path)?x-source=Sibling&x-success=sibling://ok&x-error=sibling://failed")
            return opened.current.last ?? ""
        }

        func universalLink(_ path: String) async -> String {
            "\(await router.open("https://shop.example.com\(path)", source: .universalLink).outcome)"
        }
    }

    /// Each kind of limited caller, asked for a forbidden route (one with a converter, one with a
    /// regex constraint) and a missing one twice each: the same answers and the same hooks, word
    /// for word but the URL, and no work of the forbidden routes.
    @Test(arguments: ["page", "other app", "universal link"])
    func aForbiddenRouteAndAMissingOneLookAlike(caller: String) async throws {
        let shop = try Shop()
        /// The answers to two asks of `path`, and what ran in the app meanwhile, the path made `PATH`.
        func ask(_ path: String) async -> (answers: [String], work: [String]) {
            shop.work.withLock { $0 = [] }
            var answers: [String] = []
            for id in 1...2 {
                let answer: String
                switch caller {
                case "page": answer = await shop.page("shop:/\(path)", id: id)
                case "other app": answer = await shop.otherApp(String(path.dropFirst()))
                default: answer = await shop.universalLink(path)
                }
                answers.append(answer)
            }
            func normal(_ text: String) -> String { text.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: path, with: "PATH") }
            return (answers.map(normal), shop.work.current.map(normal))
        }
        let forbidden = await ask("/admin/7")
        let constrained = await ask("/admin/phone/555")
        let missing = await ask("/admin/x/y/z")
        #expect(forbidden.answers == missing.answers, "\(caller): \(forbidden.answers) against \(missing.answers)")
        #expect(constrained.answers == missing.answers, "\(caller): \(constrained.answers) against \(missing.answers)")
        #expect(forbidden.work == missing.work && constrained.work == missing.work, "the app's hooks heard the same: \(forbidden.work) against \(missing.work)")
        #expect(!missing.work.contains { !$0.hasPrefix("error hook") }, "no converter, route or not-found page ran: \(forbidden.work)")
        let repeats = forbidden.answers.map { $0.replacingOccurrences(of: #""id":2"#, with: #""id":1"#) }
        #expect(repeats[0] == repeats[1], "a repeat is answered as the first ask: \(repeats)")
        print("\(caller): forbidden \(forbidden.answers[0]); missing \(missing.answers[0]); hooks \(missing.work)")
    }

    /// A universal link that arrives while a launch runs is looked up among its routes only to
    /// decide whether it waits: no converter of a route it may not reach runs then either.
    @Test func aUniversalLinkWaitingForALaunchIsLookedUpAmongItsRoutesOnly() async throws {
        let shop = try Shop(startsReady: false)
        let launching = Task { await shop.router.launch() }
        for _ in 0..<2_000 where shop.router.launchesWaitingForReadiness < 1 { try await Task.sleep(for: .milliseconds(1)) }
        let link = Task { await shop.router.handleIncoming("https://shop.example.com/admin/7", via: .userActivity) }
        for _ in 0..<2_000 where shop.router.launchWaiters < 1 { try await Task.sleep(for: .milliseconds(1)) }
        #expect(shop.router.launchWaiters == 1)
        #expect(shop.work.current.isEmpty)
        shop.router.markReady()
        _ = await launching.value
        #expect(await link.value.outcome == .rejected(.notOpenToCaller(url: "https://shop.example.com/admin/7", caller: "a universal link")))
        #expect(!shop.work.current.contains { $0.hasPrefix("converter") })
    }

    /// The x-error another app is sent: the same code and message for both.
    @Test func theOtherAppIsSentTheSameError() async throws {
        let shop = try Shop()
        let forbidden = await shop.otherApp("admin/7")
        let missing = await shop.otherApp("admin/8/x")
        #expect(forbidden == "sibling://failed?errorCode=notOpenToCaller&errorMessage=%2Fadmin%2F7%20is%20not%20open%20to%20the%20app%20%22Sibling%22")
        #expect(missing == "sibling://failed?errorCode=notOpenToCaller&errorMessage=%2Fadmin%2F8%2Fx%20is%20not%20open%20to%20the%20app%20%22Sibling%22")
    }

    /// The app itself still reaches every route, and its own miss still shows the not-found page.
    @Test func theAppItselfIsNotLimited() async throws {
        let shop = try Shop()
        #expect(await shop.router.open("shop://admin/7").outcome == .performedAction(pattern: "/admin/<audited:id>"))
        #expect(await shop.router.open("shop://admin/x/y/z").outcome == .notFound(NoMatch(path: "/admin/x/y/z") { nil }))
        #expect(shop.work.current.contains("not-found page for shop://admin/x/y/z"))
    }

    /// A route the caller may reach wins for it even where a route it may not reach would win in
    /// the app: the caller sees its routes only.
    @Test func aCallerSeesOnlyItsRoutesWhereRoutesOverlap() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/product/:id") { request in request.answer("product \(request.string("id") ?? "")") }
        try router.action("/product/admin") { request in request.answer("admin") }
        let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/product/:id"]]))
        let frame = WebFrame(origin: WebOrigin("https://promo.example.com"))
        let reply = Reply(await bridge.receive(#"{"page":"p","id":1,"method":"call","url":"/product/admin","params":{}}"#, from: frame))
        #expect(reply.answer == .string("product admin"))
        #expect(await router.open("/product/admin").outcome == .performedAction(pattern: "/product/admin"), "the app's own open is unchanged")
    }

    /// A route of the caller's that declines passes the URL on among the caller's routes only:
    /// a route it may not reach never takes it, though it would take the URL in the app.
    @Test func aDeclineNeverHandsTheURLToARouteTheCallerMayNotReach() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        let ran = Shared<[String]>([])
        try router.action("/item/:id") { _ in
            ran.withLock { $0.append("listed") }
            throw RouteDeclined()
        }
        try router.action("/item/<int:id>") { _ in ran.withLock { $0.append("unlisted") } }
        var options = OpenOptions()
        options.reachable = try ReachableRoutes(caller: "a page", patterns: ["/item/:id"], configuration: router.configuration)
        #expect(await router.open("/item/7", options: options).outcome == .rejected(.notOpenToCaller(url: "/item/7", caller: "a page")))
        #expect(ran.current == ["listed"])
        #expect(await router.open("/item/7").outcome == .performedAction(pattern: "/item/<int:id>"), "in the app the typed route wins")
        #expect(ran.current == ["listed", "unlisted"])
    }

    /// A caller's route that redirects reaches its target: the view holds the table's own
    /// routes, so a route of the view and the table's first route are never taken for one stop.
    @Test func aCallersRedirectIsNoLoop() async throws {
        let router = Router(configuration: RouterConfiguration(associatedDomains: ["shop.example.com"], logger: RouterConfiguration.quiet.logger),
                            settings: PipelineSettings(duplicateWindow: .zero, universalLinkRoutes: ["/promo"]))
        try router.action("/home") { _ in }
        try router.redirect("/promo", to: "/home")
        #expect(await router.open("https://shop.example.com/promo", source: .universalLink).outcome == .performedAction(pattern: "/home"))
    }

    /// The caller's view follows the table: a route registered after the caller's list was made
    /// is reached once registered, and not once unregistered.
    @Test func theCallersViewFollowsTheTable() async throws {
        let router = Router(configuration: RouterConfiguration(associatedDomains: ["shop.example.com"], logger: RouterConfiguration.quiet.logger),
                            settings: PipelineSettings(duplicateWindow: .zero, universalLinkRoutes: ["/promo/:id"]))
        let link = "https://shop.example.com/promo/1"
        #expect(await router.open(link, source: .universalLink).outcome == .rejected(.notOpenToCaller(url: link, caller: "a universal link")))
        let registration = try router.action("/promo/:id") { _ in }
        #expect(await router.open(link, source: .universalLink).outcome == .performedAction(pattern: "/promo/:id"))
        #expect(router.table.unregister(registration.id))
        #expect(await router.open(link, source: .universalLink).outcome == .rejected(.notOpenToCaller(url: link, caller: "a universal link")))
    }
}
