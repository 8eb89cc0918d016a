import Foundation
import Switchyard
import Testing

/// Target-Action's way in for ``OpensInsideOpensTests``: its action opens `/inner` through the
/// router the app's services hold, as a module's target reaches the router it was made for.
public struct Target_Nester: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("run", remote: true) { _, _ in
            guard let router = ServiceRegistry.current?.resolve(Router.self) else { return "no router" }
            return "\(await router.open("/inner").outcome)"
        }
    }
}

/// Issue 48, family 1: an open started while another open runs never queues behind the open it
/// runs inside, whatever starts it and however the outer open came (held until the app was
/// ready, a link handed to a launch, or live). Each row starts `/inner` from inside an open of
/// the row's entry point; the outer open must end, with `/inner` run (a hang is what fails it, after ``hangBound``).
@Suite("Opens inside opens: never behind the open they run in")
struct OpensInsideOpensTests {
    /// How the outer open came.
    enum Outer: String, CaseIterable, Sendable {
        /// Handed over before `markReady()`, replayed from the readiness queue.
        case replayed
        /// A link a cold start's `launch(links:)` was handed, before `markReady()`.
        case launch
        /// Opened while the app runs.
        case live
    }

    /// What starts the inner open.
    enum EntryPoint: String, CaseIterable, Sendable {
        /// The outer route's action awaits `open("/inner")`.
        case action
        /// The outer action awaits a picker page's answer; the page opens `/inner`, then answers.
        case page
        /// An interceptor of the outer route awaits `open("/inner")` before it lets it go on.
        case interceptor
        /// Another app's x-callback request, whose route awaits `open("/inner")`.
        case xCallback
        /// The outer action awaits the reply of another app it called; the reply comes back as a link.
        case xCallbackReply
        /// The outer action awaits a web page's call of `/inner` through the bridge.
        case pageCall
        /// The outer URL is the mediator's remote form; the target's action awaits `open("/inner")`.
        case remoteCall
        /// The outer action hands `/inner` to `handleIncoming` for its own scene, as app code may.
        case handleIncoming
    }

    /// The URL each entry point's outer open uses.
    static func outerURL(_ entry: EntryPoint) -> String {
        switch entry {
        case .action, .page, .pageCall, .handleIncoming, .xCallbackReply: return "shop://outer/\(entry.rawValue)"
        case .interceptor: return "shop://guarded"
        case .xCallback: return "shop://x-callback-url/nest?x-source=Sibling&x-success=sibling://done"
        case .remoteCall: return "shop://call/Nester/run"
        }
    }

    @Test(arguments: EntryPoint.allCases, Outer.allCases)
    func anOpenInsideAnOpenNeverWaitsBehindIt(entry: EntryPoint, outer: Outer) async throws {
        let shop = try await NestingShop(startsReady: outer == .live)
        let url = Self.outerURL(entry)
        let opening = Task { @MainActor () -> String in
            switch outer {
            case .replayed, .live: return "\(await shop.router.handleIncoming(url, scene: NestingShop.scene))"
            case .launch: return "\(await shop.router.launch(scene: NestingShop.scene, links: [IncomingLink(url)]))"
            }
        }
        if outer != .live {
            for _ in 0..<2_000 where shop.router.waitingForReadiness + shop.router.launchesWaitingForReadiness < 1 {
                try await Task.sleep(for: .milliseconds(5))
            }
            shop.router.markReady()
        }
        if entry == .pageCall {
            // The page calls once the outer open is waiting for it, from a task of its own.
            for _ in 0..<2_000 where !shop.outerStarted.current { try await Task.sleep(for: .milliseconds(5)) }
            _ = await shop.bridge.receive(#"{"page":"p1","id":1,"method":"call","url":"shop://inner","params":{}}"#,
                                          from: WebFrame(origin: WebOrigin("https://promo.example.com")))
        }
        let ended = await within(hangBound) { await opening.value }
        #expect(ended != nil, "the outer open still waits after \(hangBound) s")
        #expect(shop.innerRuns.current == 1, "\(ended ?? "")")
        #expect(shop.router.waitingForReadiness == 0 && shop.router.launchWaiters == 0)
    }
}

/// A shop whose routes open `/inner` from inside their own opens, each way there is.
@MainActor
final class NestingShop: Sendable {
    nonisolated static let scene = "main"
    let app: AppRouter
    let navigator: HeadlessNavigator
    let bridge: WebBridge
    let sibling: Router
    let channel: XCallbackChannel
    let innerRuns = Shared(0)
    /// Set when an outer route starts waiting for something outside it (a page's call).
    let outerStarted = Shared(false)
    nonisolated var router: Router { app.router }

    init(startsReady: Bool) async throws {
        var calls = MediatorConfiguration.quiet()
        calls.modules = ["SwitchyardCoreTests"]
        calls.remoteSchemes = ["shop"]
        calls.remoteHosts = ["call"]
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger),
                            settings: PipelineSettings(duplicateWindow: .zero, startsReady: startsReady))
        app = AppRouter(router: router, mediator: Mediator(configuration: calls), services: ServiceRegistry.quiet())
        navigator = HeadlessNavigator()
        router.attach(navigator, scene: Self.scene)
        try app.services.register(Router.self, instance: router)
        let (innerRuns, outerStarted) = (innerRuns, outerStarted)
        let innerAnswered = Gate<String>()
        try router.action("/inner") { request in
            innerRuns.withLock { $0 += 1 }
            request.answer("inner")
            innerAnswered.resolve("inner ran")
        }
        try router.action("/outer/action") { [weak router] _ in _ = await router?.open("/inner") }
        try router.action("/outer/handleIncoming") { [weak router] request in
            _ = await router?.handleIncoming("shop://inner", scene: request.scene)
        }
        try router.page("/picker") { [weak router] request in
            Task { request.answer("\(await router?.open("/inner").outcome.description ?? "")") }
            return Destination("Picker")
        }
        try router.action("/outer/page") { [weak router] request in _ = try await router?.call("/picker", options: OpenOptions(scene: request.scene)) }
        try router.action("/outer/pageCall") { _ in
            outerStarted.withLock { $0 = true }
            _ = await innerAnswered.wait()
        }
        try router.action("/guarded", interceptors: [CallbackInterceptor(name: "nesting") { [weak router] _, finish in
            Task {
                _ = await router?.open("/inner")
                finish(.proceed)
            }
        }]) { _ in }
        try router.action("/nest") { [weak router] request in
            request.answer("\(await router?.open("/inner").outcome.description ?? "")")
        }
        try app.routeRemoteCalls(host: "call")
        bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/inner"]]))
        // Another app that answers every x-callback call with success, as a link back to the shop.
        let sibling = Router(configuration: RouterConfiguration(schemes: ["sibling"], logger: RouterConfiguration.quiet.logger))
        self.sibling = sibling
        try sibling.action("/x-callback-url/answer") { request in
            guard let back = request.string("x-success") else { return }
            Task { _ = await router.handleIncoming(back, scene: Self.scene) }
        }
        channel = try XCallbackChannel(router: router, settings: XCallbackSettings(
            sourceName: "Shop", openToApps: ["/nest"], allowedCallbacks: ["sibling"], replyTimeout: .seconds(30))) { url in
            if url.hasPrefix("sibling://x-callback-url/answer") {
                Task { _ = await sibling.open(url) }
            }
            return true
        }
        try channel.register()
        let channel = channel
        try router.action("/outer/xCallbackReply") { [weak router] _ in
            _ = try await channel.call(otherApp: "sibling://x-callback-url/answer")
            _ = await router?.open("/inner")
        }
    }
}
