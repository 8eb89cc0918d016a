import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// A target whose not-found handler a URL must not reach, and one that lets URLs in on purpose.
public struct Target_Guarded: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("status", remote: true) { _, _ in "ok" }
        actions.action("wipe") { _, _ in "wiped" }
        actions.notFound { _, call in "guarded handled \(call.action)" }
    }
}

public struct Target_Open: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.notFound(remote: true) { _, call in "open handled \(call.action)" }
    }
}

public struct Target_LocalFallback: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.notFound { _, call in "fallback ran for \(call.target)/\(call.action)" }
    }
}

/// What reaches in from outside the app: internal-only routes, local-only actions and not-found
/// handlers through remote calls, and foreign pages through the web route.
@Suite("Security battery: external sources")
@MainActor
struct ExternalSourceBattery {
    nonisolated static func mediator() -> Mediator {
        var configuration = MediatorConfiguration.quiet()
        configuration.modules = ["SwitchyardCoreTests"]
        configuration.remoteSchemes = ["shop"]
        configuration.remoteHosts = ["call"]
        let mediator = Mediator(configuration: configuration)
        mediator.setFallbackTarget(Target_LocalFallback.self)
        return mediator
    }

    /// Issue 12, row 9: a URL reached the `notFound` body of a target that declares no remote action.
    @Test("a URL reaches only what is declared remote", arguments: [
        ("shop://call/Guarded/status", Result<String, MediatorError>.success("ok")),
        ("shop://call/Guarded/wipe", .failure(.localOnly(target: "Guarded", action: "wipe"))),
        ("shop://call/Guarded/anything", .failure(.actionNotFound(target: "Guarded", action: "anything", available: ["status"]))),
        ("shop://call/Open/anything", .success("open handled anything")),
        ("shop://call/Ghost/anything", .failure(.targetNotFound(target: "Ghost", action: "anything",
                                                                searched: ["SwitchyardCoreTests.Target_Ghost", "SwitchyardCoreTests.Ghost"]))),
    ])
    nonisolated func remoteCalls(url: String, expected: Result<String, MediatorError>) async {
        let mediator = Self.mediator()
        #expect(await outcome { () async throws(MediatorError) in try await mediator.perform(url: url) } == expected)
    }

    @Test nonisolated func inAppCallsStillReachNotFoundHandlersAndTheFallback() async {
        let mediator = Self.mediator()
        let notFound = await outcome { () async throws(MediatorError) in
            try await mediator.perform(target: "Guarded", action: "anything")
        }
        #expect(notFound == .success("guarded handled anything"))
        let fallback = await outcome { () async throws(MediatorError) in try await mediator.perform(target: "Ghost", action: "x") }
        #expect(fallback == .success("fallback ran for Ghost/x"))
    }

    @Test func remoteCallsThroughTheRouterObeyTheSameRule() async throws {
        let app = AppRouter(router: try hostileShop().0, mediator: Self.mediator(), services: ServiceRegistry.quiet())
        try app.routeRemoteCalls(host: "call")
        let wipe = await app.open("shop://call/Guarded/wipe", source: .deepLink)
        #expect(wipe.outcome == .rejected(.actionFailed(pattern: "/call/:target/:action",
            reason: "Guarded/wipe can only be called from inside the app, not from a URL")))
        let anything = await app.open("shop://call/Guarded/anything", source: .push)
        #expect(anything.outcome == .rejected(.actionFailed(pattern: "/call/:target/:action",
            reason: #"target "Guarded" has no action "anything"; its actions: status"#)))
    }

    /// Issue 12, row 11: a deep link put a stranger's page in the app's web view.
    @Test("a foreign page goes to the browser, never into the app's web view", arguments: [
        ("shop://web?url=https://evil.example.com/phish", RouteSource.deepLink, "https://evil.example.com/phish"),
        ("shop://web?url=https%3A%2F%2Fevil.example.com%2Fphish", .push, "https://evil.example.com/phish"),
        ("https://evil.example.com/x", .universalLink, "https://evil.example.com/x"),
        ("https://m.shop.example.com.evil.com/", .universalLink, "https://m.shop.example.com.evil.com/"),
        ("/web?url=https://partner.example.org/", .inApp, "https://partner.example.org/"),
        ("/web?url=HTTP://M.SHOP.EXAMPLE.COM:8080/", .h5, nil),
        ("shop://web?url=https://m.shop.example.com/promo", .deepLink, nil),
        ("shop://web?url=https://shop.example.com/help", .deepLink, nil),
    ] as [(String, RouteSource, String?)])
    func webPages(url: String, source: RouteSource, external: String?) async throws {
        let (router, navigator) = try hostileShop()
        let result = await router.open(url, source: source)
        if let external {
            #expect(result.outcome == .openedExternally(url: external))
            #expect(navigator.openedExternally == [external])
            #expect(navigator.shown.isEmpty)
        } else {
            #expect(result.outcome == .openedPage(pattern: "/web", command: .push))
            #expect(navigator.openedExternally.isEmpty)
        }
    }

    @Test("a page that may open nowhere is refused", arguments: [
        ("shop://web?url=javascript:alert(1)", "not an http(s) URL"),
        ("shop://web?url=file:///etc/passwd", "not an http(s) URL"),
        ("shop://web?url=https://user:pw@m.shop.example.com/", "it carries credentials (user@host)"),
        ("shop://web?url=https://m.shop.example.com%40evil.com/", "it carries credentials (user@host)"),
        (#"shop://web?url=https://evil.com\@m.shop.example.com/"#, #"a backslash in a web URL's host or path (browsers read it as "/")"#),
    ])
    func refusedPages(url: String, reason: String) async throws {
        let (router, navigator) = try hostileShop()
        let page = try router.resolve(url).request.query["url"] ?? ""
        #expect(router.webPageDecision(for: page) == .refused(reason: reason))
        #expect(await router.open(url, source: .deepLink).outcome == .rejected(.invalidWebPage(url: page, reason: reason)))
        #expect(navigator.shown.isEmpty && navigator.openedExternally.isEmpty)
    }

    /// Found in review: a route resumed after login opened as in-app, so a deep link to a
    /// login-protected redirect reached an internal-only target once the user logged in.
    @Test func aRouteResumedAfterLoginKeepsItsSource() async throws {
        let (router, navigator) = try hostileShop()
        let loggedIn = Shared(false)
        let pending = MemoryPendingRouteStore()
        try router.redirect("/account/:id", to: "/admin/panel")
        router.addInterceptor(try LoginInterceptor(protected: ["/account/:id"], loginURL: "/login", state: FixedLogin(state: loggedIn), store: pending))
        router.addInterceptor(try SourcePolicyInterceptor(internalOnly: ["/admin/panel"]))
        #expect(await router.open("shop://account/1", source: .deepLink).outcome == .openedPage(pattern: "/login", command: .presentInNavigation))
        #expect(pending.load() == "deepLink\nshop://account/1")
        loggedIn.withLock { $0 = true }
        let resumed = await router.resumeAfterLogin(using: pending)
        #expect(resumed?.source == .deepLink)
        #expect(resumed?.outcome == .rejected(.rejected(by: "source policy", reason: "/admin/panel can only be opened from inside the app, not from a deep link")))
        #expect(navigator.shown.map(\.destination.name) == ["Login"])
        // A route saved before sources were kept is taken as a deep link.
        try pending.save("/admin/panel")
        #expect(await router.resumeAfterLogin(using: pending)?.source == .deepLink)
    }

    @Test func subdomainWildcardsAllowSubdomainsOnly() throws {
        var configuration = RouterConfiguration.quiet
        configuration.webViewHosts = ["*.Example.com"]
        let router = Router(configuration: configuration)
        #expect(router.webPageDecision(for: "https://a.example.com/") == .inApp)
        #expect(router.webPageDecision(for: "https://b.a.example.com/") == .inApp)
        #expect(router.webPageDecision(for: "https://example.com/") == .external)
        #expect(router.webPageDecision(for: "https://evilexample.com/") == .external)
        #expect(router.webPageDecision(for: "https://a.example.com.evil.com/") == .external)
    }
}
