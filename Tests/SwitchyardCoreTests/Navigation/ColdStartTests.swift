import Foundation
import Switchyard
import Testing

/// Issue 35, items 1 and 2: a cold start puts the window's homes in place first, then what was
/// restored and what a link opens on top; a protected home waits for login.
@Suite("Cold start: homes, then restoration and links", .timeLimit(.minutes(1)))
@MainActor
struct ColdStartTests {
    @Test func aPlainLaunchPutsEveryHomeInPlaceAndKeepsTheFirstTabSelected() async throws {
        let app = try ColdStartApp(loggedIn: true)
        let report = await app.router.launch()
        #expect(app.navigator.state.outline == ColdStartApp.allHomes)
        #expect(report.homes.map(\.status) == [.opened, .opened, .opened, .opened])
    }

    @Test func aProtectedHomeWaitsWithoutShowingLoginUntilTheUserGoesThere() async throws {
        let app = try ColdStartApp(loggedIn: false)
        let report = await app.router.launch()
        #expect(app.navigator.state.outline == ["tab home*: Home", "tab cart: Cart", "tab orders", "tab me: Me"])
        let orders = try #require(report.homes.first { $0.place == .tab("orders") })
        guard case .waiting(let reason) = orders.status else { Issue.record("got \(orders)"); return }
        #expect(reason == "an interceptor sent it to /login?redirect=%2Forders; it opens when the user goes there, or after login")
        #expect(orders.description == "tab \"orders\" /orders: waits: \(reason)")
        #expect(app.pending.load() == nil, "the user was not going to Orders: login has nothing to resume")

        // The user taps Orders: the platform selects it, and the navigator tells the router,
        // which opens its home: login.
        let selected = Shared<[String]>([])
        app.navigator.onTabSelected = { tab in selected.withLock { $0.append(tab) } }
        app.navigator.didSelect(tab: "orders")
        #expect(selected.current == ["orders"])
        let tapped = await app.router.didSelectTab("orders")
        #expect(tapped?.outcome == .openedPage(pattern: "/login", command: .presentInNavigation))
        #expect(app.pending.load() == "inApp\n/orders", "now the user went there")
        #expect(app.navigator.state.outline == ["tab home: Home", "tab cart: Cart", "tab orders*", "tab me: Me", "sheet(nav): Login"])

        _ = try await app.logIn()
        #expect(app.navigator.state.outline == ["tab home: Home", "tab cart: Cart", "tab orders*: Orders", "tab me: Me"])
        #expect(await app.router.didSelectTab("orders") == nil, "a tab that shows screens opens nothing")
    }

    @Test func aProtectedLinkAtColdStartShowsLoginOverTheHomeAndResumesWhereItWouldHaveOpened() async throws {
        let app = try ColdStartApp(loggedIn: false)
        let report = await app.router.launch(links: [IncomingLink("shop://order/7")])
        #expect(app.navigator.state.outline == ["tab home*: Home", "tab cart: Cart", "tab orders", "tab me: Me", "sheet(nav): Login"],
                "login over the home, never the home tab's root")
        guard case .opened(let link) = report.links.first else { Issue.record("\(report)"); return }
        #expect(link.outcome == .openedPage(pattern: "/login", command: .presentInNavigation))

        let resumed = try await app.logIn()
        #expect(resumed?.outcome == .openedPage(pattern: "/order/:id", command: .push))
        #expect(app.navigator.state.outline == ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Order(7)", "tab me: Me"])
    }

    @Test func aLinkFromOutsideBuildsItsParentsBetweenTheHomeAndItsPage() async throws {
        let app = try ColdStartApp(loggedIn: true)
        await app.router.launch(links: [IncomingLink("shop://product/42"), IncomingLink("https://shop.example.com/privacy", via: .userActivity)])
        #expect(app.navigator.state.outline == ["tab home: Home > ProductList > Product(42)", "tab cart: Cart", "tab orders: Orders",
                                                "tab me*: Me > Settings > Privacy"])
        // In the app, a page opened from a home is pushed onto it, as a tap in that screen does.
        _ = await app.router.open("/cart")
        _ = await app.router.open("/product/7")
        #expect(app.navigator.state.outline[1] == "tab cart*: Cart > Product(7)")
    }

    @Test func aLinkOverAStackThatHoldsMoreThanItsHomeIsPushed() async throws {
        let app = try ColdStartApp(loggedIn: true)
        await app.router.launch(links: [IncomingLink("shop://product/1"), IncomingLink("shop://product/2")])
        #expect(app.navigator.state.outline[0] == "tab home*: Home > ProductList > Product(1) > Product(2)")
    }

    /// A link that opens nothing at cold start leaves the homes and nothing else: no not-found
    /// page, no login, no blank window.
    @Test(arguments: [
        ("shop://product/%zz", "invalidURL"),
        ("shop://product/" + String(repeating: "9", count: InputLimits().urlLength), "invalidURL"),   // one past the URL limit
        ("shop://nowhere/1", "notFound"),
        ("shop://blocked", "rejected"),
        ("shop://ping", nil),
        ("other://product/1", "invalidURL"),
    ] as [(String, String?)])
    func aLinkThatOpensNothingAtColdStartLeavesTheHomes(url: String, code: String?) async throws {
        for loggedIn in [true, false] {
            let app = try ColdStartApp(loggedIn: loggedIn)
            let report = await app.router.launch(links: [IncomingLink(url)])
            let expected = loggedIn ? ColdStartApp.allHomes : ["tab home*: Home", "tab cart: Cart", "tab orders", "tab me: Me"]
            #expect(app.navigator.state.outline == expected, "\(url.prefix(40)), logged \(loggedIn ? "in" : "out")")
            guard case .opened(let result) = report.links.first else { Issue.record("\(report)"); continue }
            switch result.outcome {
            case .rejected(let error): #expect(error.code == code)
            case .notFound: #expect(code == "notFound")
            case .performedAction: #expect(code == nil, "an action link runs and shows nothing")
            default: Issue.record("\(url.prefix(40)): \(result.outcome)")
            }
        }
    }

    @Test func aRestoredWindowGoesOverItsHomesWithoutOpeningThemTwice() async throws {
        let before = try ColdStartApp(loggedIn: true)
        await before.router.launch(links: [IncomingLink("shop://product/3"), IncomingLink("shop://order/8")])
        let saved = before.navigator.state.saved().window.encoded()
        #expect(before.navigator.state.outline == ["tab home: Home > ProductList > Product(3)", "tab cart: Cart", "tab orders*: Orders > Order(8)", "tab me: Me"])

        let relaunched = try ColdStartApp(loggedIn: true)
        let report = await relaunched.router.launch(restoring: saved)
        #expect(relaunched.navigator.state.outline == before.navigator.state.outline)
        #expect(report.restoration?.opened == ["/product/list", "shop://product/3", "shop://order/8"], "the homes were in place already")

        // Logged out, the protected screens are dropped; the user was on Orders, so its home
        // opens there last, and that is the login page.
        let loggedOut = try ColdStartApp(loggedIn: false)
        let out = await loggedOut.router.launch(restoring: saved)
        #expect(out.restoration?.dropped.map(\.url) == ["/orders", "shop://order/8"])
        #expect(loggedOut.navigator.state.outline == ["tab home: Home > ProductList > Product(3)", "tab cart: Cart", "tab orders*", "tab me: Me",
                                                      "sheet(nav): Login"])
    }

    @Test func aRestorationToARouteThatNoLongerExistsTogetherWithALink() async throws {
        let saved = SavedWindow(tabs: [SavedTab(id: "home", screens: ["/home", "/gone/1"]), SavedTab(id: "me", screens: ["/me"])], selectedTab: "home")
        let app = try ColdStartApp(loggedIn: true)
        let report = await app.router.launch(restoring: saved.encoded(), links: [IncomingLink("shop://coupon/SPRING", via: .push)])
        #expect(report.restoration?.dropped.map(\.url) == ["/gone/1"])
        #expect(app.navigator.state.outline == ColdStartApp.allHomes + ["sheet: Coupon(SPRING)"])
    }

    @Test func reselectingATabReturnsToItsHome() async throws {
        let app = try ColdStartApp(loggedIn: true)
        await app.router.launch(links: [IncomingLink("shop://order/8")])
        try app.navigator.perform(NavigationStep(.selectTab("orders")))
        #expect(app.navigator.state.outline[2] == "tab orders*: Orders")
    }

    @Test func openingAPlacesHomeWhileItsStackStartsWithItGoesBackToIt() async throws {
        let app = try ColdStartApp(loggedIn: true)
        await app.router.launch(links: [IncomingLink("shop://order/8")])
        let quickAction = await app.router.handleIncoming("shop://cart")
        guard case .opened(let result) = quickAction else { Issue.record("\(quickAction)"); return }
        #expect(result.outcome == .openedPage(pattern: "/cart", command: .push))
        #expect(app.navigator.state.outline == ["tab home: Home", "tab cart*: Cart", "tab orders: Orders > Order(8)", "tab me: Me"], "no second Cart")
        _ = await app.router.handleIncoming("shop://orders")
        #expect(app.navigator.state.outline[2] == "tab orders*: Orders", "back to the home, as reselecting the tab does")
    }

    /// A home that is itself protected, missing or refused leaves its place empty with the
    /// reason reported and logged; where the user is, a protected one shows login over it.
    @Test func aHomeThatCannotOpenLeavesItsPlaceEmptyWithTheReason() async throws {
        let homes = WindowHomes(tabs: ["home": "/nowhere", "cart": "/blocked", "orders": "/ping", "me": "/me", "wishlist": "/wish"])
        let app = try ColdStartApp(loggedIn: true, homes: homes)
        let report = await app.router.launch()
        #expect(app.navigator.state.outline == ["tab home*", "tab cart", "tab orders", "tab me: Me"])
        let reasons = report.homes.map(\.description)
        #expect(reasons == [
            "tab \"wishlist\" /wish: not shown: the window has no tab \"wishlist\"; it has tab \"home\", tab \"cart\", tab \"orders\", tab \"me\"",
            "tab \"home\" /nowhere: not shown: not found: no route matches /nowhere; no registered route is like it",
            "tab \"cart\" /blocked: not shown: rejected: interceptor degrade rejected the open: switched off",
            "tab \"orders\" /ping: not shown: rejected: the home of tab \"orders\", /ping, is not shown: it is an action, not a page",
            "tab \"me\" /me: opened",
        ])
    }

    @Test func aPlainWindowWhoseHomeIsProtectedShowsLoginOverAnEmptyRootNeverAsTheRoot() async throws {
        let navigator = HeadlessNavigator()
        let app = try ColdStartApp(loggedIn: false, homes: WindowHomes(root: "/orders"), navigator: navigator)
        await app.router.launch()
        #expect(navigator.state.outline == ["root: ", "sheet(nav): Login"])
        _ = try await app.logIn()
        #expect(navigator.state.outline == ["root: Orders"])
    }

    @Test func splitColumnsAndAPlainWindowOpenTheirHomes() async throws {
        let split = HeadlessNavigator(split: SplitColumns())
        let columns = try ColdStartApp(loggedIn: true, homes: WindowHomes(columns: [.primary: "/me", .detail: "/home"]), navigator: split)
        await columns.router.launch(links: [IncomingLink("shop://product/5")])
        #expect(split.state.outline == ["primary: Me", "detail: Home > ProductList > Product(5)"])

        let plain = HeadlessNavigator()
        let window = try ColdStartApp(loggedIn: true, homes: WindowHomes(root: "/home"), navigator: plain)
        await window.router.launch(links: [IncomingLink("shop://product/5")])
        #expect(plain.state.outline == ["root: Home > ProductList > Product(5)"])
    }

    @Test func aHomeGoesOnlyWhereNothingIsShown() async throws {
        let app = try ColdStartApp(loggedIn: true)
        _ = await app.router.open("/product/1", source: .deepLink)
        let homes = await app.router.showHomes()
        #expect(homes.first { $0.place == .tab("home") }?.status == .alreadyShown)
        #expect(app.navigator.state.outline == ["tab home*: Home > ProductList > Product(1)", "tab cart: Cart", "tab orders: Orders", "tab me: Me"])
    }
}
