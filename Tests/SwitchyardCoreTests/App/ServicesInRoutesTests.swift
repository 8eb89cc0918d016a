import Foundation
import Logging
import Switchyard
import Testing

/// A service only ``ServiceRegistry/shared`` holds, in these tests.
protocol SharedOnlyClock: Sendable { var now: String { get } }
struct NoonClock: SharedOnlyClock { let now = "noon" }

/// What a route's work read through `@Injected`, by where it ran.
final class InjectedReads: @unchecked Sendable {
    let seen = Shared<[String: String]>([:])

    /// Makes a wrapper there and then, as a screen, action or interceptor made there does, and
    /// records the wallet's owner it reads (`nil` when none).
    func read(_ place: String) {
        final class Made { @Injected var wallet: (any WalletService)? }
        let owner = Made().wallet?.owner ?? "nil"
        seen.withLock { $0[place] = owner }
    }
}

/// Issue 48, family 5: services never silently vanish. Everything a route of an `AppRouter`
/// makes — a page's screen, a handler's, an action, an interceptor, a home, a restored screen, a
/// preloaded page, a redirect's target, a route resumed after login, what a page or another app
/// calls — reads that app's services through `@Injected`; a miss is logged once, with the fix.
@Suite("App: a route's work finds its app's services")
struct ServicesInRoutesTests {
    struct Handler: PageHandler {
        let reads: InjectedReads
        @MainActor func makeDestination(for request: RouteRequest) throws -> Destination {
            reads.read("handler")
            return Destination("Handler")
        }
    }

    /// An app that is not the process-wide one, with a route of every kind reading its wallet.
    @MainActor
    static func app(_ reads: InjectedReads) throws -> (AppRouter, HeadlessNavigator, TestSession, MemoryPendingRouteStore) {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger),
                            settings: PipelineSettings(duplicateWindow: .zero, homes: WindowHomes(root: "/home")))
        let app = AppRouter(router: router, mediator: Mediator(configuration: .quiet()), services: ServiceRegistry.quiet())
        try app.services.register((any WalletService).self, instance: Wallet(owner: "this app"))
        let navigator = HeadlessNavigator()
        app.navigator = navigator
        let session = TestSession(loggedIn: false)
        let pending = MemoryPendingRouteStore()
        for place in ["home", "page", "restored", "preloaded", "target", "resumed", "web"] {
            try router.page("/\(place)") { _ in
                reads.read(place)
                return Destination(place)
            }
        }
        try router.handler("/handler", Handler(reads: reads))
        try router.action("/action") { _ in reads.read("action") }
        try router.redirect("/old", to: "/target")
        try router.action("/intercepted", interceptors: [CallbackInterceptor(name: "reads") { _, finish in
            reads.read("interceptor")
            finish(.proceed)
        }]) { _ in }
        try router.action("/app-call") { request in
            reads.read("other app")
            request.answer("ok")
        }
        try router.page("/login") { _ in Destination("Login") }
        router.addInterceptor(try LoginInterceptor(protected: ["/resumed"], loginURL: "/login", state: session, store: pending))
        return (app, navigator, session, pending)
    }

    @Test @MainActor func everythingARouteMakesReadsItsAppsServices() async throws {
        let reads = InjectedReads()
        let (app, navigator, session, pending) = try Self.app(reads)
        let saved = SavedWindow(root: ["/home", "/restored"]).encoded()
        _ = await app.router.launch(restoring: saved)
        _ = await app.open("/page")
        _ = await app.open("shop://handler")
        _ = await app.open("/action")
        _ = await app.open("/intercepted")
        _ = await app.open("/old")
        try app.router.preload("/preloaded")
        _ = await app.open("/resumed")
        session.logIn()
        _ = await app.router.resumeAfterLogin(using: pending)
        let bridge = try WebBridge(router: app.router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/web"]]))
        _ = await bridge.receive(#"{"page":"p","id":1,"method":"open","url":"/web","params":{}}"#, from: WebFrame(origin: WebOrigin("https://promo.example.com")))
        let channel = try XCallbackChannel(router: app.router, settings: XCallbackSettings(sourceName: "Shop", openToApps: ["/app-call"], allowedCallbacks: ["sibling"])) { _ in true }
        try channel.register()
        _ = await app.router.handleIncoming("shop://x-callback-url/app-call?x-success=sibling://ok")
        let expected = ["home", "restored", "page", "handler", "action", "interceptor", "target", "preloaded", "resumed", "web", "other app"]
        #expect(reads.seen.current == Dictionary(uniqueKeysWithValues: expected.map { ($0, "this app") }))
        #expect(navigator.state.top?.destination.content as? String == "web", "the pages were shown in the app's window")
    }

    /// A wrapper made outside any work of an app reads the process-wide registry; its first nil
    /// is logged with the registry's reason, which names the fix, and only the first.
    @Test func aMissIsLoggedOnceWithTheFix() throws {
        let logs = LogCapture()
        let registry = ServiceRegistry(logger: logs.logger)
        final class Screen { @Injected var wallet: (any WalletService)? ; init(_ registry: ServiceRegistry) { _wallet = Injected(from: registry) } }
        let screen = Screen(registry)
        #expect(screen.wallet == nil && screen.wallet == nil)
        #expect(logs.lines == ["warning: @Injected WalletService reads nil: no service WalletService is registered; nothing is registered; register it (services.register) before anything reads it, or inject it with @Injected(from:) the registry that has it"])
        try registry.register((any WalletService).self, instance: Wallet(owner: "late"))
        #expect(screen.wallet?.owner == "late", "a miss is not kept")
        let outside = Injected<any WalletService>()
        #expect(outside.wrappedValue == nil || ServiceRegistry.shared.isRegistered((any WalletService).self))
    }

    /// A service only the process-wide registry holds is still found by a route's screen in an
    /// app of its own, and a second screen's miss of another service is not logged again.
    @Test @MainActor func aProcessWideServiceIsStillFoundAndAMissIsLoggedOncePerService() async throws {
        try ServiceRegistry.shared.register((any SharedOnlyClock).self, instance: NoonClock())
        let logs = LogCapture()
        let app = AppRouter(router: Router(configuration: .quiet), services: ServiceRegistry(logger: logs.logger))
        let navigator = HeadlessNavigator()
        app.navigator = navigator
        let seen = Shared<[String]>([])
        try app.router.page("/clock") { _ in
            final class Screen { @Injected var clock: (any SharedOnlyClock)?; @Injected var wallet: (any WalletService)? }
            let screen = Screen()
            seen.withLock { $0.append("\(screen.clock?.now ?? "nil") \(screen.wallet?.owner ?? "nil")") }
            return Destination("clock")
        }
        _ = await app.open("/clock")
        _ = await app.open("/clock?again=1")
        #expect(seen.current == ["noon nil", "noon nil"])
        #expect(logs.lines.filter { $0.contains("@Injected WalletService reads nil") }.count == 1)
    }

    /// A router serves one app's services: a second app made over it keeps the first's, and says so.
    @Test func aRouterServesOneAppsServices() async throws {
        let logs = LogCapture()
        let router = Router(configuration: RouterConfiguration(logger: logs.logger))
        let first = AppRouter(router: router, services: ServiceRegistry.quiet())
        try first.services.register((any WalletService).self, instance: Wallet(owner: "first"))
        _ = AppRouter(router: router, services: ServiceRegistry.quiet())
        #expect(logs.lines.contains { $0.hasPrefix("error: router: it serves the services of another app already") })
        let reads = InjectedReads()
        try router.action("/read") { _ in reads.read("action") }
        _ = await router.open("/read")
        #expect(reads.seen.current == ["action": "first"])
    }
}
