import Foundation
import Switchyard
import Testing

/// The target that the example manifest's native route calls.
public struct Target_ManifestProduct: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("detail", remote: true) { @MainActor _, call in
            Destination("product", name: "Product(\(call.string("id") ?? "?"), from: \(call.string("from") ?? "?"))")
        }
        actions.action("price", remote: true) { _, call in "price of \(call.string("id") ?? "?")" }
        actions.action("refund") { _, call in "refunded \(call.string("id") ?? "?")" }
    }
}

@Suite("Manifest: routes through the pipeline", .timeLimit(.minutes(1)))
@MainActor
struct ManifestRoutesTests {
    let loggedIn = Shared(false)
    let pending = MemoryPendingRouteStore()

    func app(appVersion: String = "2.5") throws -> (Router, HeadlessNavigator, ManifestStore, Shared<[String]>) {
        // Login resumes at once here, inside the double-tap window, so the guard is off.
        let router = Router(configuration: RouterConfiguration(schemes: ["myapp"], webRoute: "/web", webViewHosts: ["*.example.com"], logger: Fixtures.quiet),
                            settings: PipelineSettings(duplicateWindow: .zero))
        let navigator = HeadlessNavigator()
        router.navigator = navigator
        try router.page("/web") { request in Destination("web", name: "Web(\(request.string("url") ?? ""))") }
        try router.page("/login") { _ in Destination("login", name: "Login") }
        var example = try ManifestDecoder.decode(try Fixtures.example())
        example.routes[0].kind = .native(target: "ManifestProduct", action: "detail", parameters: ["from": "manifest"])
        example.routes.append(ManifestRoute(pattern: "/price/:id", kind: .native(target: "ManifestProduct", action: "price", parameters: [:])))
        example.routes.append(ManifestRoute(pattern: "/refund/:id", kind: .native(target: "ManifestProduct", action: "refund", parameters: [:])))
        let store = try ManifestStore(bundled: example, verifier: Fixtures.verifier(), logger: Fixtures.quiet)
        let ran = Shared<[String]>([])
        let mediator = Mediator(configuration: .quiet())
        router.install(store, mediator: mediator, actions: [
            "clearCart": { _ in ran.withLock { $0.append("clearCart") } },
            "showFlags": { _ in ran.withLock { $0.append("showFlags") } },
        ], appVersion: AppVersion(appVersion), login: (FixedLogin(state: loggedIn), "/login", pending))
        return (router, navigator, store, ran)
    }

    @Test func everyKindOfManifestRouteOpensLikeACodeRoute() async throws {
        let (router, navigator, _, ran) = try app()
        #expect(router.table.routes.filter { $0.owner == Router.manifestOwner }.count == 8)

        await router.open("myapp://product/42", source: .deepLink)
        #expect(navigator.state.top?.name == "Product(42, from: manifest)")
        #expect(try await router.call("/price/9").value(as: String.self) == "price of 9")
        await router.open("/help/faq")
        #expect(navigator.state.top?.name == "Web(https://help.example.com)")
        await router.open("myapp://item/5", source: .push)
        #expect(navigator.state.top?.name == "Product(5, from: manifest)")
        await router.open("/debug/flags")
        #expect(ran.current == ["showFlags"])
    }

    /// Found in review: a manifest route called its mediator action as code in the app would,
    /// so a downloaded manifest could hand a deep link's parameters to a local-only action.
    @Test func aManifestRouteReachesOnlyActionsAURLMayCall() async throws {
        let (router, navigator, _, _) = try app()
        let before = navigator.state.outline
        let result = await router.open("myapp://refund/7", source: .deepLink)
        #expect(result.outcome == .rejected(.actionFailed(
            pattern: "/refund/:id", reason: "ManifestProduct/refund can only be called from inside the app, not from a URL")))
        #expect(navigator.state.outline == before)
        #expect(Mediator(configuration: .quiet()).acceptsRemoteCall(target: "SwitchyardCoreTests.ManifestProduct", action: "price"))
        #expect(!Mediator(configuration: .quiet()).acceptsRemoteCall(target: "SwitchyardCoreTests.ManifestProduct", action: "refund"))
    }

    @Test func theManifestsKeywordAliasesReachTheMediator() async throws {
        let router = Router(configuration: .quiet)
        var configuration = MediatorConfiguration.quiet()
        configuration.remoteSchemes = ["myapp"]
        configuration.remoteHosts = ["call"]
        let mediator = Mediator(configuration: configuration)
        let store = try ManifestStore(bundled: ManifestDecoder.decode(try Fixtures.example()), verifier: Fixtures.verifier(), logger: Fixtures.quiet)
        router.install(store, mediator: mediator)
        let result = try await mediator.perform(url: "myapp://call/openWeb?url=https%3A%2F%2Fa.example.com")
        #expect(result as? String == "web https://a.example.com")
    }

    @Test func switchesAndRulesApply() async throws {
        let (router, navigator, _, ran) = try app(appVersion: "2.1")
        await router.open("/product/1")
        #expect(navigator.state.top?.name == "Web(https://m.example.com/product)", "too old for the native page: its H5 fallback")
        await router.open("/live/7")
        #expect(navigator.state.top?.name == "Web(https://m.example.com/live)", "switched off: its H5 fallback")
        let external = await router.open("myapp://debug/flags", source: .deepLink)
        #expect(external.outcome.description == "rejected: interceptor manifest rejected the open: /debug/flags can only be opened from inside the app, not from a deep link")
        await router.open("/cart/clear")
        #expect(navigator.state.top?.name == "Login", "requiresLogin while logged out")
        #expect(ran.current.isEmpty)
        #expect(pending.load() == "inApp\n/cart/clear", "remembered for after login")
        loggedIn.withLock { $0 = true }
        let resumed = await router.resumeAfterLogin(using: pending)
        #expect(resumed?.outcome.description == "performed /cart/clear")
        #expect(ran.current == ["clearCart"])
    }

    @Test func anUpdateReplacesTheRoutesAtOnceAndABadOneChangesNothing() async throws {
        let (router, _, store, _) = try app()
        #expect(router.canOpen("/help/faq"))
        let update = try Fixtures.signer().sign(Fixtures.manifestJSON(version: 8, routes: """
            { "pattern": "/help/*", "kind": "web", "url": "https://help2.example.com", "enabled": false },
            { "pattern": "/new/:id", "kind": "redirect", "to": "/help/:id" }
            """))
        #expect(store.accept(update) == .updated(from: 7, to: 8))
        #expect(router.canOpen("/new/1"))
        #expect(router.canOpen("/product/1"), "bundled routes the download does not replace stay")
        let refused = await router.open("/help/faq")
        #expect(refused.outcome.description == "rejected: interceptor manifest rejected the open: /help/* is switched off")

        let routesBefore = router.table.routes.map(\.pattern)
        #expect(store.accept(try Fixtures.signed(version: 3)) == .rejected(.notNewer(received: 3, current: 8)))
        #expect(router.table.routes.map(\.pattern) == routesBefore)
    }
}
