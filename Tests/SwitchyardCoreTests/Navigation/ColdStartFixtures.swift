import Foundation
import Switchyard
import SwitchyardObjCRules

/// Whether someone is logged in, switched by the test.
final class TestSession: LoginState {
    private let state = Shared(false)
    init(loggedIn: Bool) { state.withLock { $0 = loggedIn } }
    func isLoggedIn() async -> Bool { state.current }
    func logIn() { state.withLock { $0 = true } }
}

/// A tab-bar app as a cold start finds it: homes for every tab, a protected Orders tab, pages
/// with parents, and a login page.
@MainActor
struct ColdStartApp {
    nonisolated static let tabs = ["home", "cart", "orders", "me"]
    nonisolated static let homes = WindowHomes(tabs: ["home": "/home", "cart": "/cart", "orders": "/orders", "me": "/me"])
    /// The window once every home is in place, logged in.
    nonisolated static let allHomes = ["tab home*: Home", "tab cart: Cart", "tab orders: Orders", "tab me: Me"]

    let router: Router
    let navigator: HeadlessNavigator
    let session: TestSession
    let pending = MemoryPendingRouteStore()

    /// How the app's pages are registered: in Swift, or as Objective-C pages whose block makes a
    /// controller (issue 49: the same app, and every scenario ends in the same window).
    enum Pages: String, CaseIterable, Sendable {
        case swift, objc
    }

    init(
        loggedIn: Bool, homes: WindowHomes = ColdStartApp.homes, navigator: HeadlessNavigator? = nil,
        loginCommand: NavigationCommand = .presentInNavigation, startsReady: Bool = true, readinessQueueLimit: Int = 32,
        pages: Pages = .swift, universalLinkRoutes: [String]? = nil, oneCallLogin: Bool = false
    ) throws {
        let configuration = RouterConfiguration(schemes: ["shop"], associatedDomains: ["shop.example.com"], logger: RouterConfiguration.quiet.logger)
        router = Router(configuration: configuration, settings: PipelineSettings(
            recordingLast: 100, duplicateWindow: .zero, startsReady: startsReady, readinessQueueLimit: readinessQueueLimit, tabs: Self.tabs,
            homes: homes, universalLinkRoutes: universalLinkRoutes))
        self.navigator = try navigator ?? HeadlessNavigator(tabs: Self.tabs)
        router.navigator = self.navigator
        session = TestSession(loggedIn: loggedIn)
        let router = router
        func page(_ pattern: String, command: NavigationCommand = .push, parents: [String] = [], home: PageHome? = nil, _ name: String) throws {
            let label: @Sendable (RouteRequest) -> String = { request in request.string("id").map { "\(name)(\($0))" } ?? name }
            switch pages {
            case .swift:
                try router.page(pattern, command: command, parents: parents, home: home) { request in Destination(name, name: label(request)) }
            case .objc:
                var options = ObjCPageOptions()
                (options.command, options.parents, options.home) = (command, parents, home)
                try ObjCPages.register(pattern: pattern, options: options, in: router) { request in
                    .screen(ObjCScreen(label(request)), name: label(request))
                }
            }
        }
        try page("/home", home: .tab("home"), "Home")
        try page("/product/list", "ProductList")
        try page("/product/:id", parents: ["/home", "/product/list"], "Product")
        try page("/cart", home: .tab("cart"), "Cart")
        try page("/orders", home: .tab("orders"), "Orders")
        try page("/order/:id", parents: ["/orders"], home: .tab("orders"), "Order")
        try page("/me", home: .tab("me"), "Me")
        try page("/settings", home: .tab("me"), "Settings")
        try page("/privacy", parents: ["/settings"], home: .tab("me"), "Privacy")
        try page("/invoice/:id", home: .tab("orders"), "Invoice")   // protected, and no parents declared
        try page("/login", command: loginCommand, "Login")
        try page("/coupon/:id", command: .present, "Coupon")
        try page("/blocked", "Blocked")
        try router.action("/ping") { _ in }
        router.setNotFoundPage { url, _ in Destination(url, name: "NotFound") }
        if oneCallLogin {
            try router.requireLogin(for: ["/orders", "/order/*", "/invoice/*"], loginPage: "/login", state: session, store: pending)
        } else {
            router.addInterceptor(try LoginInterceptor(protected: ["/orders", "/order/*", "/invoice/*"], loginURL: "/login", state: session, store: pending))
        }
        router.addInterceptor(try DegradeInterceptor(rules: [.init(pattern: "/blocked", action: .block(message: "switched off"))]))
    }

    /// What a login screen does when it succeeds: logs in, dismisses itself, resumes.
    func logIn() async throws -> OpenResult? {
        session.logIn()
        try navigator.perform(.back(.dismiss))
        return await router.resumeAfterLogin(using: pending)
    }

    /// The window a logged-in cold start saves after opening `links`.
    static func savedWindow(_ links: [String], pages: Pages = .swift) async throws -> Data {
        let app = try ColdStartApp(loggedIn: true, pages: pages)
        _ = await app.router.launch(links: links.map { IncomingLink($0) })
        return app.navigator.state.saved().window.encoded()
    }

    /// The URLs of the opens the router reported, in order.
    var opened: [String] { router.recorder?.entries.map(\.url) ?? [] }
}

/// What an Objective-C page's block makes in these tests: a `UIViewController`'s stand-in.
final class ObjCScreen: NSObject, @unchecked Sendable {
    let title: String
    init(_ title: String) { self.title = title }
}

/// A UIKit-like window whose tabs are plain controllers, with no navigation stack to fill.
@MainActor
final class StacklessTabs: Navigator {
    func perform(_ step: NavigationStep) throws { throw NavigationError.unsupportedContent(name: "tab", expected: "a navigation container") }
    var places: [PageHome] { ColdStartApp.tabs.map { .tab($0) } }
    var currentPlace: PageHome? { .tab("home") }
    func routes(at place: PageHome?) -> [String]? { nil }
}
