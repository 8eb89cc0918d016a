import Foundation
import Switchyard
import SwitchyardTypedRoutes
import Testing

@Route("/login") private struct SignInRoute {}
@Route("/sign-in/:provider") private struct ProviderSignInRoute { let provider: String }
@Route("/orders") private struct OrdersRoute {}
@Route("/account") private struct AccountRoute {}
@Route("/login/*") private struct CatchAllSignInRoute {}
@Route("/login(/now)") private struct OptionalSignInRoute {}

/// How the login page shows: presented over where the user is when a protected open detours to
/// it, whatever it declares, unless the app says otherwise; as it declares when opened directly.
@Suite("Login: how the login page shows")
@MainActor
struct LoginCommandTests {
    struct Page: PageContent {}

    private func app(loginCommand: NavigationCommand? = .presentInNavigation) throws -> (AppRouter, HeadlessNavigator, Shared<Bool>) {
        let app = AppRouter(router: Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero, tabs: ["home", "me"])))
        try app.page(AccountRoute.self, tab: "home", isHome: true) { _ in Page() }
        try app.page(OrdersRoute.self, tab: "home") { _ in Page() }
        try app.page(SignInRoute.self) { _ in Page() }
        let loggedIn = Shared(false)
        try app.router.requireLogin(for: [OrdersRoute.self], loginPage: SignInRoute.self, loginCommand: loginCommand) { loggedIn.current }
        let window = try HeadlessNavigator(tabs: app.tabs)
        app.navigator = window
        return (app, window, loggedIn)
    }

    @Test func aDetourPresentsTheLoginPageThoughItDeclaresAPush() async throws {
        let (app, window, loggedIn) = try app()
        await app.launch()
        let result = await app.open(OrdersRoute())
        #expect(result.outcome == .openedPage(pattern: "/login", command: .presentInNavigation))
        #expect(window.state.outline == ["tab home*: Page", "tab me", "sheet(nav): Page"])
        loggedIn.withLock { $0 = true }
        _ = await app.loginDone()
        #expect(window.state.tab("home")?.stack.screens.map(\.path) == ["/account", "/orders"])
        #expect(!window.isPresenting)
    }

    @Test func withNoLoginCommandTheLoginPageShowsAsItDeclaresAndDonePopsIt() async throws {
        let (app, window, loggedIn) = try app(loginCommand: nil)
        await app.launch()
        let result = await app.open(OrdersRoute())
        #expect(result.outcome == .openedPage(pattern: "/login", command: .push))
        #expect(window.state.tab("home")?.stack.screens.map(\.path) == ["/account", "/login"])
        loggedIn.withLock { $0 = true }
        _ = await app.loginDone()
        #expect(window.state.tab("home")?.stack.screens.map(\.path) == ["/account", "/orders"])
    }

    /// A "Sign in" button that opens the login page itself gets the page as it declares it.
    @Test func openedDirectlyTheLoginPageShowsAsItDeclares() async throws {
        let (app, window, _) = try app()
        await app.launch()
        let result = await app.open(SignInRoute())
        #expect(result.outcome == .openedPage(pattern: "/login", command: .push))
        #expect(!window.isPresenting)
    }

    /// At the limit, a fixed path is taken; one past it, a catch-all or an optional group (no
    /// named value, but not one path either) is refused, and nothing is protected.
    @Test func aLoginPageThatIsNotOneFixedPathIsRefused() async throws {
        let router = Router(configuration: .quiet)
        try router.requireLogin(for: [OrdersRoute.self], loginPage: SignInRoute.self) { false }
        let other = Router(configuration: .quiet)
        #expect(throws: PatternError(pattern: "/login/*", offset: 0, reason: .homeWithParameters([]))) {
            try other.requireLogin(for: [OrdersRoute.self], loginPage: CatchAllSignInRoute.self) { false }
        }
        #expect(throws: PatternError(pattern: "/login(/now)", offset: 0, reason: .homeWithParameters([]))) {
            try other.requireLogin(for: [OrdersRoute.self], loginPage: OptionalSignInRoute.self) { false }
        }
        try other.page(OrdersRoute.self) { _, _ in Destination(Page()) }
        let window = HeadlessNavigator()
        other.navigator = window
        #expect(await other.open(OrdersRoute()).outcome == .openedPage(pattern: "/orders", command: .push))
    }

    /// A login page that needs values cannot be opened by a detour: refused, and nothing is
    /// protected by half a setup.
    @Test func aLoginPageWithParametersIsRefused() async throws {
        let router = Router(configuration: .quiet)
        #expect(throws: PatternError(pattern: "/sign-in/:provider", offset: 0, reason: .homeWithParameters(["provider"]))) {
            try router.requireLogin(for: [OrdersRoute.self], loginPage: ProviderSignInRoute.self) { false }
        }
        try router.page(OrdersRoute.self) { _, _ in Destination(Page()) }
        let window = HeadlessNavigator()
        router.navigator = window
        #expect(await router.open(OrdersRoute()).outcome == .openedPage(pattern: "/orders", command: .push))
        #expect(window.state.outline == ["root: Page"])
    }
}
