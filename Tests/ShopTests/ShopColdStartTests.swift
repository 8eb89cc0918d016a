import Foundation
import ShopContracts
import ShopShell
import Switchyard
import Testing

/// A module whose registration fails halfway: its route is taken back.
struct BrokenReviewsModule: FeatureModule {
    struct MissingDatabase: Error {}
    let name = "Reviews"
    func register(in app: AppRouter) throws {
        try app.router.page("/reviews/:id") { _ in Destination("reviews") }
        throw MissingDatabase()
    }
}

/// How a cold start reached the app, as the shells hand it to `Router.launch(scene:restoring:links:)`.
enum WayIn: String, CaseIterable, CustomTestStringConvertible {
    case customScheme = "custom scheme", universalLink = "universal link", notification, quickAction = "quick action"
    case restoration, restorationAndLink = "restoration and a link"

    var testDescription: String { rawValue }
}

/// Issue 35, item 1: every way a cold start reaches the shop, logged in and logged out, on an
/// empty window: the homes first, the link's page over them, login over the home, and after
/// login the route where it would have opened, with login gone.
@Suite("The app shells' cold start", .timeLimit(.minutes(1)))
@MainActor
struct ShopColdStartTests {
    /// The window each way in leaves, logged in; logged out; and after logging in from there.
    static let windows: [WayIn: (loggedIn: [String], loggedOut: [String], afterLogin: [String])] = [
        .customScheme: (
            ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Order(7)", "tab me: Me"],
            ["tab home*: Home", "tab cart: Cart", "tab orders", "tab me: Me", "sheet(nav): Login"],
            ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Order(7)", "tab me: Me"]),
        .universalLink: (
            ["tab home*: Home > ProductList > Product(9)", "tab cart: Cart", "tab orders: Orders", "tab me: Me"],
            ["tab home*: Home > ProductList > Product(9)", "tab cart: Cart", "tab orders", "tab me: Me"],
            ["tab home*: Home > ProductList > Product(9)", "tab cart: Cart", "tab orders: Orders", "tab me: Me"]),
        .notification: (
            ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Order(8)", "tab me: Me"],
            ["tab home*: Home", "tab cart: Cart", "tab orders", "tab me: Me", "sheet(nav): Login"],
            ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Order(8)", "tab me: Me"]),
        .quickAction: (
            ["tab home: Home", "tab cart: Cart", "tab orders*: Orders", "tab me: Me"],
            ["tab home*: Home", "tab cart: Cart", "tab orders", "tab me: Me", "sheet(nav): Login"],
            ["tab home: Home", "tab cart: Cart", "tab orders*: Orders", "tab me: Me"]),
        .restoration: (
            ["tab home: Home > ProductList > Product(3)", "tab cart: Cart", "tab orders*: Orders > Order(8)", "tab me: Me"],
            ["tab home: Home > ProductList > Product(3)", "tab cart: Cart", "tab orders*", "tab me: Me", "sheet(nav): Login"],
            ["tab home: Home > ProductList > Product(3)", "tab cart: Cart", "tab orders*: Orders > Order(8)", "tab me: Me"]),
        .restorationAndLink: (
            ["tab home: Home > ProductList > Product(3)", "tab cart: Cart", "tab orders*: Orders > Order(8) > Order(7)", "tab me: Me"],
            ["tab home: Home > ProductList > Product(3)", "tab cart: Cart", "tab orders*", "tab me: Me", "sheet(nav): Login"],
            ["tab home: Home > ProductList > Product(3)", "tab cart: Cart", "tab orders*: Orders > Order(7)", "tab me: Me"]),
    ]

    /// A shell started with a headless window for `scene`, logged in or not.
    func shell(loggedIn: Bool, scene: String) async throws -> (ShopShell, HeadlessNavigator, any SessionService) {
        let shell = ShopShell { _ in true }
        let navigator = try HeadlessNavigator(tabs: ShopShell.tabs)
        shell.router.attach(navigator, scene: scene)
        await shell.start()
        let session = try shell.app.require((any SessionService).self)
        if loggedIn { session.logIn(as: "alice") }
        return (shell, navigator, session)
    }

    /// A window saved by a logged-in run: Home > ProductList > Product(3), and Orders > Order(8) selected.
    func savedWindow() async throws -> Data {
        let (shell, navigator, _) = try await shell(loggedIn: true, scene: "before")
        await shell.router.launch(scene: "before", links: [IncomingLink("shop://product/3"), IncomingLink("shop://order/8")])
        return navigator.state.saved().window.encoded()
    }

    /// What the shell's delegates hand over for `way`: a saved window, and links.
    func launchInput(_ way: WayIn, shell: ShopShell) async throws -> (Data?, [IncomingLink]) {
        switch way {
        case .customScheme: return (nil, [IncomingLink("shop://order/7", via: .openURL)])
        case .universalLink: return (nil, [IncomingLink("https://shop.example.com/product/9", via: .userActivity)])
        case .notification:
            let link = try #require(shell.router.link(inNotification: ["aps": ["alert": "Shipped"], "link": "shop://order/8"]))
            return (nil, [IncomingLink(link, via: .push)])
        case .quickAction:
            let link = try #require(shell.router.link(forQuickAction: "com.example.shop.orders"))
            return (nil, [IncomingLink(link)])
        case .restoration: return (try await savedWindow(), [])
        case .restorationAndLink: return (try await savedWindow(), [IncomingLink("shop://order/7")])
        }
    }

    @Test(arguments: WayIn.allCases, [true, false])
    func everyWayInAtColdStart(way: WayIn, loggedIn: Bool) async throws {
        let (shell, navigator, session) = try await shell(loggedIn: loggedIn, scene: "cold")
        #expect(navigator.isEmpty, "a cold start's window is empty")
        let (saved, links) = try await launchInput(way, shell: shell)
        let report = await shell.router.launch(scene: "cold", restoring: saved, links: links)
        let expected = try #require(Self.windows[way])
        #expect(navigator.state.outline == (loggedIn ? expected.loggedIn : expected.loggedOut), "\(report)")
        #expect(navigator.state.tabs.allSatisfy { $0.stack.screens.first?.name != "Login" }, "login is never a tab's root")
        guard !loggedIn else { return }

        // What the login page does when it succeeds: logs in, dismisses itself, resumes.
        session.logIn(as: "alice")
        if navigator.state.top?.name == "Login" { try navigator.perform(.back(.dismiss)) }
        await shell.router.resumeAfterLogin(using: shell.pending, scene: "cold")
        #expect(navigator.state.outline == expected.afterLogin)
    }

    @Test func aRefusedMalformedOrUnknownLinkAtColdStartLeavesTheHomesAndNoNotFoundPage() async throws {
        for url in ["shop://nowhere/1", "shop://product/%zz", "https://evil.com@shop.example.com/product/1", "other://product/1"] {
            let (shell, navigator, _) = try await shell(loggedIn: true, scene: "cold")
            let report = await shell.router.launch(scene: "cold", links: [IncomingLink(url)])
            #expect(navigator.state.outline == ["tab home*: Home", "tab cart: Cart", "tab orders: Orders", "tab me: Me"], "\(url): \(report)")
        }
    }

    @Test func aLinkToARouteWhoseModuleFailedToStartLeavesTheHomes() async throws {
        // A module that fails to register takes its routes back: its links find no route.
        let shell = ShopShell { _ in true }
        try shell.app.add(BrokenReviewsModule())
        let navigator = try HeadlessNavigator(tabs: ShopShell.tabs)
        shell.router.attach(navigator, scene: "cold")
        await shell.start()
        try shell.app.require((any SessionService).self).logIn(as: "alice")
        let report = await shell.router.launch(scene: "cold", links: [IncomingLink("shop://reviews/42")])
        guard case .opened(let result) = report.links.first, case .notFound = result.outcome else { Issue.record("\(report)"); return }
        #expect(navigator.state.outline == ["tab home*: Home", "tab cart: Cart", "tab orders: Orders", "tab me: Me"])
    }

    @Test func aLinkThatArrivesBeforeTheModulesStartedWaitsAndOpensOverTheHomes() async throws {
        let shell = ShopShell { _ in true }
        let navigator = try HeadlessNavigator(tabs: ShopShell.tabs)
        shell.router.attach(navigator, scene: "cold")
        let launching = Task { await shell.router.launch(scene: "cold", links: [IncomingLink("shop://product/42")]) }
        while shell.router.launchesWaitingForReadiness < 1 { await Task.yield() }
        await shell.start()
        _ = await launching.value
        #expect(navigator.state.outline == ["tab home*: Home > ProductList > Product(42)", "tab cart: Cart", "tab orders", "tab me: Me"])
    }
}
