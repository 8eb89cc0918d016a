import Foundation
import Switchyard
import Testing

/// Issue 50, item 2: login as one thing. The app says which routes need a login, which page
/// logs in and how to know the user is; the login page says done or cancelled, knowing neither
/// the store nor the scene, and the interrupted route opens where it would have.
@Suite("Login as one thing: requireLogin, loginDone, loginCancelled")
@MainActor
struct LoginAsOneThingTests {
    static let loggedOutHomes = ["tab home*: Home", "tab cart: Cart", "tab orders", "tab me: Me"]

    @Test func aProtectedLinkAtColdStartOpensOnceTheLoginPageSaysDone() async throws {
        let app = try ColdStartApp(loggedIn: false, oneCallLogin: true)
        await app.router.launch(links: [IncomingLink("shop://order/7")])
        let atLogin = app.navigator.state.outline
        app.session.logIn()
        let resumed = await app.router.loginDone()
        print("login as one thing | cold start, link, login shown | \(atLogin.joined(separator: " · "))")
        print("login as one thing | then done | \(app.navigator.state.outline.joined(separator: " · "))")
        #expect(atLogin == Self.loggedOutHomes + ["sheet(nav): Login"])
        #expect(resumed?.outcome == .openedPage(pattern: "/order/:id", command: .push))
        #expect(app.navigator.state.outline == ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Order(7)", "tab me: Me"])
    }

    @Test func cancelledLeavesTheUserWhereTheyWereAndForgetsTheRoute() async throws {
        let app = try ColdStartApp(loggedIn: false, oneCallLogin: true)
        await app.router.launch(links: [IncomingLink("shop://order/7")])
        await app.router.loginCancelled()
        print("login as one thing | then cancelled | \(app.navigator.state.outline.joined(separator: " · "))")
        #expect(app.navigator.state.outline == Self.loggedOutHomes)
        #expect(app.pending.load() == nil)
        app.session.logIn()
        #expect(await app.router.loginDone() == nil, "nothing was waiting any more")
        #expect(app.navigator.state.outline == ["tab home*: Home", "tab cart: Cart", "tab orders: Orders", "tab me: Me"],
                "the home that waited for login fills, in the background")
    }

    /// Warm, from another tab: the route opens in its own tab, the login page gone.
    @Test func warmFromAnotherTabTheRouteOpensInItsTab() async throws {
        let app = try ColdStartApp(loggedIn: false, oneCallLogin: true)
        await app.router.launch()
        _ = await app.router.open("/cart")
        _ = await app.router.open("/invoice/3")
        #expect(app.navigator.state.outline.last == "sheet(nav): Login")
        app.session.logIn()
        _ = await app.router.loginDone()
        #expect(app.navigator.state.outline == ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Invoice(3)", "tab me: Me"])
    }

    /// A link for a second window: the login shows there, and done opens the route there, though
    /// the login page never named the scene.
    @Test func theRouteOpensInTheSceneItCameFrom() async throws {
        let app = try ColdStartApp(loggedIn: false, oneCallLogin: true)
        await app.router.launch()
        let second = try HeadlessNavigator(tabs: ColdStartApp.tabs)
        app.router.attach(second, scene: "window-2")
        await app.router.launch(scene: "window-2", links: [IncomingLink("shop://order/7")])
        #expect(second.state.outline.last == "sheet(nav): Login")
        app.session.logIn()
        _ = await app.router.loginDone()
        #expect(second.state.outline == ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Order(7)", "tab me: Me"])
        #expect(app.navigator.state.outline == Self.loggedOutHomes, "the first window is as it was: its Orders tab opens when the user goes there")
    }

    /// Without requireLogin, done and cancelled do nothing and say why.
    @Test func withoutRequireLoginTheyLogTheFix() async throws {
        let logs = LogCapture()
        let router = Router(configuration: RouterConfiguration(logger: logs.logger))
        #expect(await router.loginDone() == nil)
        await router.loginCancelled()
        #expect(logs.lines.filter { $0.contains("no login was set up: call router.requireLogin(for:loginPage:state:)") }.count == 2)
    }

    /// A pending route saved by an older version (no scene) still reads.
    @Test func aPendingRouteSavedWithoutItsSceneStillResumes() async throws {
        let app = try ColdStartApp(loggedIn: true, oneCallLogin: true)
        try app.pending.save("deepLink\nshop://order/9")
        await app.router.launch()
        _ = await app.router.loginDone()
        #expect(app.navigator.state.outline[2] == "tab orders*: Orders > Order(9)")
    }
}
