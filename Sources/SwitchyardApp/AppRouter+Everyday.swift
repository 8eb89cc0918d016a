import Foundation
import SwitchyardMediator
import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardServices

/// The everyday path on the one object feature code holds: an app of tabs, its pages and their
/// homes, login, services and the launch. Everything else stays one level down, on
/// ``router``, ``mediator`` and ``services``.
extension AppRouter {
    /// An app whose window is a tab bar of `tabs` (none for one stack), opening links of
    /// `schemes` and universal links of `domains`; it is ready once ``start()`` has started its
    /// modules.
    ///
    /// ```swift
    /// let app = AppRouter(tabs: ["home", "orders", "me"], schemes: ["shop"])
    /// try app.add(OrdersModule(), AccountModule())
    /// await app.start()
    /// ```
    ///
    /// For anything more (settings, limits, a logger, process-wide services) build a `Router`
    /// and a `Mediator` and use ``init(router:mediator:services:modules:)``.
    public convenience init(tabs: [String], schemes: Set<String> = [], domains: Set<String> = []) {
        let configuration = RouterConfiguration(schemes: schemes, associatedDomains: domains)
        let router = Router(configuration: configuration, settings: PipelineSettings(startsReady: false, tabs: tabs))
        self.init(router: router, mediator: Mediator(), services: nil, modules: ModuleRegistry(), readyOnStart: true)
    }

    /// The tab bar's tabs, in order: what the app's navigator shows.
    public var tabs: [String] { router.settings.tabs }

    /// Registers the page of a typed route: `make` builds what it shows from the route's values.
    ///
    /// ```swift
    /// try app.page(OrdersRoute.self, tab: "orders", isHome: true) { _ in OrdersScreen() }
    /// try app.page(OrderRoute.self, tab: "orders") { order in OrderScreen(id: order.id) }
    /// ```
    ///
    /// - Parameters:
    ///   - tab: the tab it lives in: opening it selects that tab; `nil` opens it where the user is.
    ///   - isHome: whether it is the root of its tab, put in place at launch under what a link
    ///     opens (the plain window's root, with no `tab`).
    ///   - command: how it shows; pushed by default.
    /// - Throws: ``SwitchyardPatterns/PatternError`` for an invalid pattern, a tab the app does not
    ///   have, a home with parameters or a second home of one tab.
    @discardableResult
    public func page<Route: TypedRoute, Content: PageContent>(
        _ route: Route.Type, tab: String? = nil, isHome: Bool = false, command: NavigationCommand = .push, owner: String? = nil,
        make: @escaping @MainActor @Sendable (Route) throws -> Content
    ) throws(PatternError) -> RouteRegistration {
        try router.page(route, command: command, home: tab.map(PageHome.tab), isHome: isHome, owner: owner) { route, _ in
            Destination(try make(route))
        }
    }

    /// Login as one thing: opens of `protected` routes go to `loginPage` while `isLoggedIn`
    /// says no; the login page ends it with ``loginDone()`` or ``loginCancelled()``.
    /// See `Router.requireLogin(for:except:loginPage:store:loginCommand:isLoggedIn:)`.
    @discardableResult
    public func requireLogin<Login: TypedRoute>(
        for protected: [any TypedRoute.Type], except whitelist: [any TypedRoute.Type] = [], loginPage: Login.Type,
        isLoggedIn: @escaping @Sendable () async -> Bool
    ) throws(PatternError) -> LoginInterceptor {
        try router.requireLogin(for: protected, except: whitelist, loginPage: loginPage, isLoggedIn: isLoggedIn)
    }

    /// The user signed in: the login page closes and the route it interrupted opens where it
    /// would have, in the scene it came from. See `Router.loginDone()`.
    @discardableResult
    public func loginDone() async -> OpenResult? { await router.loginDone() }

    /// The user gave up: the login page closes and the route it interrupted is forgotten.
    public func loginCancelled() async { await router.loginCancelled() }

    /// Registers the service `type`, made by `make` on first use and kept; a later registration
    /// of `type` replaces it (and says so in the log).
    ///
    /// ```swift
    /// try app.provide((any Session).self) { MemorySession() }
    /// ```
    ///
    /// For names, scopes and dependencies, register on ``services``.
    /// - Throws: ``SwitchyardServices/ServiceError/frozen(service:)`` once the registry is frozen.
    public func provide<Service: Sendable>(_ type: Service.Type, make: @escaping @Sendable () -> Service) throws(ServiceError) {
        try services.register(type) { _ in make() }
    }

    /// Launches the window: the homes, what was restored, then the links the app was opened
    /// with (`"shop://order/7"`). See `Router.launch(scene:restoring:links:)`.
    @MainActor @discardableResult
    public func launch(scene: String? = nil, restoring saved: Data? = nil, links: [IncomingLink] = []) async -> LaunchReport {
        await router.launch(scene: scene, restoring: saved, links: links)
    }
}
