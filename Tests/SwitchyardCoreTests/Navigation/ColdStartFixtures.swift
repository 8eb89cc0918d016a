import Foundation
import Switchyard

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

    init(
        loggedIn: Bool, homes: WindowHomes = ColdStartApp.homes, navigator: HeadlessNavigator? = nil,
        loginCommand: NavigationCommand = .presentInNavigation, startsReady: Bool = true, readinessQueueLimit: Int = 32
    ) throws {
        let configuration = RouterConfiguration(schemes: ["shop"], associatedDomains: ["shop.example.com"], logger: RouterConfiguration.quiet.logger)
        router = Router(configuration: configuration, settings: PipelineSettings(
            recordingLast: 100, duplicateWindow: .zero, startsReady: startsReady, readinessQueueLimit: readinessQueueLimit, tabs: Self.tabs,
            homes: homes))
        self.navigator = try navigator ?? HeadlessNavigator(tabs: Self.tabs)
        router.navigator = self.navigator
        session = TestSession(loggedIn: loggedIn)
        func named(_ name: String) -> @MainActor @Sendable (RouteRequest) -> Destination {
            { request in Destination(name, name: request.string("id").map { "\(name)(\($0))" } ?? name) }
        }
        try router.page("/home", home: .tab("home"), make: named("Home"))
        try router.page("/product/list", make: named("ProductList"))
        try router.page("/product/:id", parents: ["/home", "/product/list"], make: named("Product"))
        try router.page("/cart", home: .tab("cart"), make: named("Cart"))
        try router.page("/orders", home: .tab("orders"), make: named("Orders"))
        try router.page("/order/:id", parents: ["/orders"], home: .tab("orders"), make: named("Order"))
        try router.page("/me", home: .tab("me"), make: named("Me"))
        try router.page("/settings", home: .tab("me"), make: named("Settings"))
        try router.page("/privacy", parents: ["/settings"], home: .tab("me"), make: named("Privacy"))
        try router.page("/invoice/:id", home: .tab("orders"), make: named("Invoice"))   // protected, and no parents declared
        try router.page("/login", command: loginCommand, make: named("Login"))
        try router.page("/coupon/:id", command: .present, make: named("Coupon"))
        try router.page("/blocked", make: named("Blocked"))
        try router.action("/ping") { _ in }
        router.setNotFoundPage { url, _ in Destination(url, name: "NotFound") }
        router.addInterceptor(try LoginInterceptor(protected: ["/orders", "/order/*", "/invoice/*"], loginURL: "/login", state: session, store: pending))
        router.addInterceptor(try DegradeInterceptor(rules: [.init(pattern: "/blocked", action: .block(message: "switched off"))]))
    }

    /// What a login screen does when it succeeds: logs in, dismisses itself, resumes.
    func logIn() async throws -> OpenResult? {
        session.logIn()
        try navigator.perform(.back(.dismiss))
        return await router.resumeAfterLogin(using: pending)
    }

    /// The window a logged-in cold start saves after opening `links`.
    static func savedWindow(_ links: [String]) async throws -> Data {
        let app = try ColdStartApp(loggedIn: true)
        _ = await app.router.launch(links: links.map { IncomingLink($0) })
        return app.navigator.state.saved().window.encoded()
    }

    /// The URLs of the opens the router reported, in order.
    var opened: [String] { router.recorder?.entries.map(\.url) ?? [] }
}

/// A UIKit-like window whose tabs are plain controllers, with no navigation stack to fill.
@MainActor
final class StacklessTabs: Navigator {
    func perform(_ step: NavigationStep) throws { throw NavigationError.unsupportedContent(name: "tab", expected: "a navigation container") }
    var places: [PageHome] { ColdStartApp.tabs.map { .tab($0) } }
    var currentPlace: PageHome? { .tab("home") }
    func routes(at place: PageHome?) -> [String]? { nil }
}
