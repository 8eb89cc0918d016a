import Foundation
import Switchyard
import SwitchyardTypedRoutes
import Testing

@Route("/home") private struct HomeRoute {}
@Route("/orders") private struct OrdersRoute {}
@Route("/orders/all") private struct AllOrdersRoute {}
@Route("/order/<int:id>") private struct OrderRoute { let id: Int }

/// A page that says it is its tab's root (`isHome: true`) is that tab's home, as
/// `PipelineSettings.homes` would make it; what cannot be a home is refused at registration,
/// with the error naming why, and nothing is registered.
@Suite("Pages that are their tab's home")
@MainActor
struct PageHomesTests {
    struct Page: PageContent {
        let name: String
    }

    private func app(homes: WindowHomes = .none) -> AppRouter {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero, tabs: ["home", "orders"], homes: homes))
        return AppRouter(router: router)
    }

    @Test func aDeclaredHomeFillsItsTabAtLaunch() async throws {
        let app = app()
        try app.page(HomeRoute.self, tab: "home", isHome: true) { _ in Page(name: "home") }
        try app.page(OrdersRoute.self, tab: "orders", isHome: true) { _ in Page(name: "orders") }
        try app.page(OrderRoute.self, tab: "orders") { _ in Page(name: "order") }
        let window = try HeadlessNavigator(tabs: app.tabs)
        app.navigator = window
        await app.launch(links: ["/order/4"])
        #expect(window.state.outline == ["tab home: Page", "tab orders*: Page > Page"])
        #expect(window.state.tab("orders")?.stack.screens.map(\.path) == ["/orders", "/order/4"])
    }

    /// A plain window: a page with no tab that is a home is the window's root.
    @Test func aHomeWithNoTabIsTheWindowsRoot() async throws {
        let app = AppRouter(router: Router(configuration: .quiet))
        try app.page(HomeRoute.self, isHome: true) { _ in Page(name: "home") }
        try app.page(OrderRoute.self) { _ in Page(name: "order") }
        let window = HeadlessNavigator()
        app.navigator = window
        await app.launch(links: ["/order/4"])
        #expect(window.state.root.screens.map(\.path) == ["/home", "/order/4"])
    }

    @Test(arguments: [
        ("/order/<int:id>", PatternError.Reason.homeWithParameters(["id"])),
        ("/list(/:page)", .homeWithParameters(["page"])),
        ("/files/*", .homeWithParameters([])),
    ])
    func aHomeThatNeedsValuesIsRefused(_ pattern: String, _ reason: PatternError.Reason) throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(tabs: ["orders"]))
        #expect(throws: PatternError(pattern: pattern, offset: 0, reason: reason)) {
            try router.page(pattern, home: .tab("orders"), isHome: true) { _ in Destination(Page(name: "x")) }
        }
        #expect(router.table.snapshot.routes.isEmpty, "nothing registered")
    }

    @Test func aSecondHomeOfOneTabIsRefusedAndNotRegistered() throws {
        let app = app()
        try app.page(OrdersRoute.self, tab: "orders", isHome: true) { _ in Page(name: "orders") }
        #expect(throws: PatternError(pattern: "/orders/all", offset: 0, reason: .homeTaken("tab \"orders\"", by: "/orders"))) {
            try app.page(AllOrdersRoute.self, tab: "orders", isHome: true) { _ in Page(name: "all") }
        }
        #expect(!app.canOpen("/orders/all"))
        #expect(try String(describing: #require(catching { try app.page(AllOrdersRoute.self, tab: "orders", isHome: true) { _ in Page(name: "all") } }))
            == "invalid route pattern \"/orders/all\" at offset 0: tab \"orders\" has a home already: /orders")
    }

    /// A route that fails to register (a scheme the router does not open) leaves the tab
    /// without the home it declared.
    @Test func aHomeWhoseRouteFailsToRegisterIsTakenBack() throws {
        let configuration = RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger)
        let router = Router(configuration: configuration, settings: PipelineSettings(tabs: ["orders"]))
        #expect(throws: PatternError.self) {
            try router.page("other://orders", home: .tab("orders"), isHome: true) { _ in Destination(Page(name: "b")) }
        }
        try router.page("/orders/all", home: .tab("orders"), isHome: true) { _ in Destination(Page(name: "c")) }
    }

    /// The settings' homes win over a page's: the app's own word is the last.
    @Test func theSettingsHomesWin() async throws {
        let app = app(homes: WindowHomes(tabs: ["orders": "/orders/all"]))
        try app.page(OrdersRoute.self, tab: "orders", isHome: true) { _ in Page(name: "orders") }
        try app.page(AllOrdersRoute.self, tab: "orders") { _ in Page(name: "all") }
        let window = try HeadlessNavigator(tabs: app.tabs)
        app.navigator = window
        await app.launch()
        #expect(window.state.tab("orders")?.stack.screens.map(\.path) == ["/orders/all"])
    }

    /// A module that fails after declaring a home takes the home back with its routes.
    @Test func aModuleThatFailsTakesItsHomeBack() async throws {
        struct Failing: FeatureModule {
            let name = "Failing"
            func register(in app: AppRouter) throws {
                try app.page(OrdersRoute.self, tab: "orders", isHome: true) { _ in Page(name: "orders") }
                struct Boom: Error {}
                throw Boom()
            }
        }
        let app = app()
        try app.add(Failing())
        let (registered, _) = await app.start()
        #expect(registered.failures.map(\.module) == ["Failing"])
        try app.page(AllOrdersRoute.self, tab: "orders", isHome: true) { _ in Page(name: "all") }
    }

    private func catching(_ body: () throws -> Void) -> (any Error)? {
        do { try body() } catch { return error }
        return nil
    }
}
