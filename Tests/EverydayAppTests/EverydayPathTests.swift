import EverydayAccount
import EverydayContracts
import EverydayOrders
import Switchyard
import Testing

/// The everyday app (EverydayApp.swift) does what it says: cold start behind login, done and
/// cancelled, a target and a service across modules, from every caller.
@Suite("The everyday path: two modules, tabs with homes, login, a service, a target, cold start")
@MainActor
struct EverydayPathTests {
    static let loggedOut = ["tab home*: Home", "tab orders", "tab me: Me"]

    private func login(_ shop: EverydayApp) throws -> Login {
        try #require(shop.window.state.top?.destination.content(as: Login.self), "the login page is on top: \(shop.window.state.outline)")
    }

    @Test func aProtectedLinkAtColdStartOpensOnceTheLoginPageSaysDone() async throws {
        let shop = try await EverydayApp()
        await shop.windowDidConnect(links: ["shop://order/7"])
        let atLogin = shop.window.state.outline
        try await login(shop).signIn(as: "ana")
        print("everyday app | cold start, shop://order/7, login shown | \(atLogin.joined(separator: " · "))")
        print("everyday app | then done | \(shop.window.state.outline.joined(separator: " · "))")
        #expect(atLogin == Self.loggedOut + ["sheet(nav): Login"])
        #expect(shop.window.state.outline == ["tab home: Home", "tab orders*: Orders > Order(7)", "tab me: Me"])
        #expect(shop.window.state.top?.destination.content(as: Order.self)?.id == 7)
    }

    @Test func cancelledLeavesTheUserWhereTheyWere() async throws {
        let shop = try await EverydayApp()
        await shop.windowDidConnect(links: ["shop://order/7"])
        try await login(shop).cancel()
        print("everyday app | then cancelled | \(shop.window.state.outline.joined(separator: " · "))")
        #expect(shop.window.state.outline == Self.loggedOut)
    }

    /// Warm, from the Me tab: the order opens in the Orders tab once the user signs in.
    @Test func warmFromAnotherTabTheOrderOpensInItsTab() async throws {
        let shop = try await EverydayApp()
        await shop.windowDidConnect()
        _ = await shop.app.open(MeRoute())
        let me = try #require(shop.window.state.top?.destination.content(as: Me.self))
        await me.showOrder(3)
        #expect(shop.window.state.outline == ["tab home: Home", "tab orders", "tab me*: Me", "sheet(nav): Login"])
        try await login(shop).signIn(as: "ana")
        #expect(shop.window.state.outline == ["tab home: Home", "tab orders*: Orders > Order(3)", "tab me: Me"])
    }

    /// Every caller kind reaches the protected route through login, and lands where it would have.
    @Test(arguments: [
        IncomingLink("shop://order/7"), IncomingLink("https://shop.example.com/order/7", via: .userActivity),
        IncomingLink("shop://order/7", via: .push), IncomingLink("/order/7"),
    ])
    func everyCallerKindGoesThroughLogin(_ link: IncomingLink) async throws {
        let shop = try await EverydayApp()
        await shop.windowDidConnect(links: [link])
        #expect(shop.window.state.outline == Self.loggedOut + ["sheet(nav): Login"], "\(link)")
        try await login(shop).signIn(as: "ana")
        #expect(shop.window.state.outline == ["tab home: Home", "tab orders*: Orders > Order(7)", "tab me: Me"], "\(link)")
    }

    /// A web page in the app's web view asks for the order: login, then the order, as for a link.
    @Test func aWebPageGoesThroughLoginToo() async throws {
        let shop = try await EverydayApp()
        await shop.windowDidConnect()
        let bridge = try WebBridge(router: shop.app.router, policy: WebBridgePolicy(origins: ["https://m.shop.example.com": [OrderRoute.pattern]]))
        let page = WebFrame(origin: WebOrigin("https://m.shop.example.com"))
        let reply = await bridge.receive(#"{"page":"promo","id":1,"method":"open","url":"shop://order/7"}"#, from: page)
        #expect(reply.contains(#""ok":true"#), "\(reply)")
        #expect(shop.window.state.outline == Self.loggedOut + ["sheet(nav): Login"])
        try await login(shop).signIn(as: "ana")
        #expect(shop.window.state.outline == ["tab home: Home", "tab orders*: Orders > Order(7)", "tab me: Me"])
    }

    /// The Me tab (Account) asks the Orders target, which reads the Account's session through
    /// `@Injected`: the app's services, though no module named a registry.
    @Test func aTargetInOneModuleReadsAServiceOfTheOther() async throws {
        let shop = try await EverydayApp()
        await shop.windowDidConnect()
        _ = await shop.app.open(MeRoute())
        let me = try #require(shop.window.state.top?.destination.content(as: Me.self))
        #expect(try await me.orderCount() == 0)
        await me.showOrder(1)
        try await login(shop).signIn(as: "ana")
        #expect(try await me.orderCount() == 3)
    }

    /// A link handed over while the modules still start waits for them: `start()` makes the app ready.
    @Test func aLinkBeforeTheModulesStartedWaitsForThem() async throws {
        let app = AppRouter(tabs: ["home", "orders", "me"], schemes: ["shop"])
        try app.add(OrdersModule(), AccountModule())
        let window = try HeadlessNavigator(tabs: app.tabs)
        app.navigator = window
        let early = Task { @MainActor in await app.open("shop://me") }
        await Task.yield()
        #expect(!app.router.isReady)
        await app.start()
        #expect(await early.value.outcome == .openedPage(pattern: "/me", command: .push))
        #expect(window.state.outline == ["tab home", "tab orders", "tab me*: Me"])
    }
}
