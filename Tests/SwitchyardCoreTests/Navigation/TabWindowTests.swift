import Switchyard
import Testing

/// A window whose root is a tab bar: a stack per tab, pages that live in a tab, and every
/// command and step back in that shape. The plain-stack shape is `HeadlessNavigatorTests`.
@Suite("Tab bar windows", .timeLimit(.minutes(1)))
@MainActor
struct TabWindowTests {
    nonisolated static let tabs = ["home", "cart", "orders", "me"]

    /// The shop's pages in a tab-bar app: Home, Cart, Orders and Me live in their tabs; an
    /// order lives in Orders with the list under it; a product has no home.
    static func tabbed(reselectingPopsToRoot: Bool = true) throws -> (Router, HeadlessNavigator) {
        let router = Router(configuration: .quiet, settings: PipelineSettings(tabs: tabs))
        let navigator = try HeadlessNavigator(tabs: tabs, reselectingPopsToRoot: reselectingPopsToRoot)
        router.navigator = navigator
        func named(_ name: String) -> @MainActor @Sendable (RouteRequest) -> Destination {
            { request in Destination(name, name: request.string("id").map { "\(name)(\($0))" } ?? name) }
        }
        try router.page("/home", home: .tab("home"), make: named("Home"))
        try router.page("/cart", home: .tab("cart"), make: named("Cart"))
        try router.page("/orders", home: .tab("orders"), make: named("Orders"))
        try router.page("/order/:id", parents: ["/orders"], home: .tab("orders"), make: named("Order"))
        try router.page("/me", home: .tab("me"), make: named("Me"))
        try router.page("/product/:id", make: named("Product"))
        try router.page("/share", command: .present, make: named("Share"))
        try router.page("/login", command: .presentInNavigation, make: named("Login"))
        try router.page("/video", command: .presentFullScreen, make: named("Video"))
        try router.page("/promo", command: .replace, make: named("Promo"))
        try router.page("/main", command: .setRoot, make: named("Main"))
        return (router, navigator)
    }

    /// Each command in a tab bar: the selected tab's stack takes what a window's one stack
    /// would; a page with a home selects its tab first, builds its parents on that tab's empty
    /// stack, and dismisses what is presented; the other tabs keep their stacks.
    @Test(arguments: [
        (["/home"], ["tab home*: Home", "tab cart", "tab orders", "tab me"]),
        (["/product/1"], ["tab home*: Product(1)", "tab cart", "tab orders", "tab me"]),
        (["/home", "/product/1"], ["tab home*: Home > Product(1)", "tab cart", "tab orders", "tab me"]),
        (["/order/42"], ["tab home", "tab cart", "tab orders*: Orders > Order(42)", "tab me"]),
        (["/home", "/product/1", "/order/42"], ["tab home: Home > Product(1)", "tab cart", "tab orders*: Orders > Order(42)", "tab me"]),
        (["/orders", "/home", "/order/42"], ["tab home: Home", "tab cart", "tab orders*: Orders > Order(42)", "tab me"]),
        (["/orders", "/order/1", "/order/2"], ["tab home", "tab cart", "tab orders*: Orders > Order(1) > Order(2)", "tab me"]),
        (["/home", "/share", "/order/42"], ["tab home: Home", "tab cart", "tab orders*: Orders > Order(42)", "tab me"]),
        (["/home", "/share", "/product/1"], ["tab home*: Home", "tab cart", "tab orders", "tab me", "sheet: Share", "sheet: Product(1)"]),
        (["/home", "/login", "/product/1"], ["tab home*: Home", "tab cart", "tab orders", "tab me", "sheet(nav): Login > Product(1)"]),
        (["/cart", "/video"], ["tab home", "tab cart*: Cart", "tab orders", "tab me", "fullScreen: Video"]),
        (["/home", "/product/1", "/promo"], ["tab home*: Home > Promo", "tab cart", "tab orders", "tab me"]),
        (["/orders", "/home", "/product/1", "/main"], ["tab home*: Main", "tab cart", "tab orders: Orders", "tab me"]),
        (["/orders", "/home", "/login", "/main"], ["tab home*: Main", "tab cart", "tab orders: Orders", "tab me"]),
        (["/home", "/product/1", "/me", "/cart", "/home?again=1"], ["tab home*: Home > Product(1) > Home", "tab cart: Cart", "tab orders", "tab me: Me"]),
    ])
    func commandsInATabBar(urls: [String], outline: [String]) async throws {
        let (router, navigator) = try Self.tabbed()
        await router.openAll(urls)
        #expect(navigator.state.outline == outline)
    }

    @Test(arguments: [
        // Another tab: selected, both stacks kept.
        (["/orders", "/order/42", "/home", "/product/1"], "orders", true, ["tab home: Home > Product(1)", "tab cart", "tab orders*: Orders > Order(42)", "tab me"]),
        // The selected tab again: popped to its root, as a second tap on a tab bar item does.
        (["/orders", "/order/42"], "orders", true, ["tab home", "tab cart", "tab orders*: Orders", "tab me"]),
        // ... unless the setting says otherwise.
        (["/orders", "/order/42"], "orders", false, ["tab home", "tab cart", "tab orders*: Orders > Order(42)", "tab me"]),
        // An empty tab can be selected; what is presented stays, as UIKit leaves it.
        (["/home", "/share"], "cart", true, ["tab home: Home", "tab cart*", "tab orders", "tab me", "sheet: Share"]),
    ])
    func selectingATab(urls: [String], tab: String, popsToRoot: Bool, outline: [String]) async throws {
        let (router, navigator) = try Self.tabbed(reselectingPopsToRoot: popsToRoot)
        await router.openAll(urls)
        try navigator.perform(NavigationStep(.selectTab(tab)))
        #expect(navigator.state.outline == outline)
    }

    /// Steps back work in the selected tab first; a screen only another tab has is reached by
    /// selecting that tab, as going back to it from a notification would.
    @Test(arguments: [
        (["/orders", "/order/42", "/home", "/product/1", "/product/2"], BackNavigation.back,
         ["tab home*: Home > Product(1)", "tab cart", "tab orders: Orders > Order(42)", "tab me"]),
        (["/orders", "/order/42", "/home", "/product/1", "/product/2"], .popToRoot,
         ["tab home*: Home", "tab cart", "tab orders: Orders > Order(42)", "tab me"]),
        (["/orders", "/order/42", "/home", "/product/1"], .popTo(pattern: "/orders"),
         ["tab home: Home > Product(1)", "tab cart", "tab orders*: Orders", "tab me"]),
        (["/orders", "/order/42", "/home", "/product/1", "/share"], .popTo(pattern: "/order/:id"),
         ["tab home: Home > Product(1)", "tab cart", "tab orders*: Orders > Order(42)", "tab me"]),
        (["/orders", "/order/1", "/order/2", "/home"], .removeAfter(pattern: "/order/:id"),
         ["tab home: Home", "tab cart", "tab orders*: Orders > Order(1)", "tab me"]),
        (["/orders", "/home", "/product/1", "/product/2"], .popTo(pattern: "/product/:id"),
         ["tab home*: Home > Product(1) > Product(2)", "tab cart", "tab orders: Orders", "tab me"]),
        (["/orders", "/home", "/share", "/login"], .dismissAll,
         ["tab home*: Home", "tab cart", "tab orders: Orders", "tab me"]),
        (["/orders", "/home", "/share", "/login"], .dismiss,
         ["tab home*: Home", "tab cart", "tab orders: Orders", "tab me", "sheet: Share"]),
    ])
    func stepsBackInATabBar(urls: [String], step: BackNavigation, outline: [String]) async throws {
        let (router, navigator) = try Self.tabbed()
        await router.openAll(urls)
        try navigator.perform(.back(step))
        #expect(navigator.state.outline == outline)
    }

    enum Step: Sendable {
        case select(String)
        case back(BackNavigation)
    }

    @Test(arguments: [
        (["/orders", "/home"], Step.select("wishlist"), NavigationError.unknownTab("wishlist", known: tabs)),
        (["/orders", "/home"], .back(.popTo(pattern: "/cart")), .notOnStack(pattern: "/cart")),
        (["/orders", "/home"], .back(.back), .nothingToGoBackTo),
        (["/orders", "/home"], .back(.dismiss), .nothingPresented),
    ])
    func impossibleStepsInATabBarThrowAndChangeNothing(urls: [String], step: Step, expected: NavigationError) async throws {
        let (router, navigator) = try Self.tabbed()
        await router.openAll(urls)
        let before = navigator.state.outline
        let navigationStep: NavigationStep
        switch step {
        case .select(let tab): navigationStep = NavigationStep(.selectTab(tab))
        case .back(let back): navigationStep = .back(back)
        }
        #expect(throws: expected) { try navigator.perform(navigationStep) }
        #expect(navigator.state.outline == before)
        #expect(navigator.state.selectedTab == "home")
    }

    /// A page that lives in a tab, opened in a window with no tab bar: an exact error, and the
    /// window is as it was.
    @Test func aTabHomeInAWindowWithoutTabsIsRefusedAndChangesNothing() async throws {
        let (router, _) = try Self.tabbed()
        let plain = HeadlessNavigator()
        router.navigator = plain
        await router.open("/product/1")
        let result = await router.open("/order/42")
        #expect(result.outcome == .rejected(.navigationFailed(pattern: "/order/:id", reason: "\(NavigationError.noTabBar(tab: "orders"))")))
        #expect(result.outcome.description == "rejected: navigator could not show /order/:id: cannot show tab \"orders\": this window's root is not a tab bar")
        #expect(plain.state.outline == ["root: Product(1)"])
        #expect(throws: NavigationError.noTabBar(tab: "me")) { try plain.perform(NavigationStep(.selectTab("me"))) }
        #expect(plain.state.outline == ["root: Product(1)"])
    }

    /// A home tab the app's tab bar does not have is a registration error naming both, and
    /// registers nothing.
    @Test(arguments: [
        (tabs, "the page's home is tab \"wishlist\", which the app's tab bar does not have; its tabs are \"home\", \"cart\", \"orders\", \"me\""),
        ([String](), "the page's home is tab \"wishlist\", which the app's tab bar does not have; no tabs are declared (PipelineSettings.tabs)"),
    ])
    func aPageWhoseHomeTabIsNotInTheTabBarIsNotRegistered(declared: [String], message: String) throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(tabs: declared))
        let expected = PatternError(pattern: "/wish", offset: 0, reason: .unknownTab("wishlist", known: declared))
        #expect(throws: expected) { try router.page("/wish", home: .tab("wishlist")) { _ in Destination("Wish") } }
        #expect(expected.reason.description == message)
        #expect(throws: expected) { try router.handler("/wish", WishHandler(), home: .tab("wishlist")) }
        #expect(router.table.routes.isEmpty)
    }

    /// A page shown in its home is shown there, whichever screen of another tab it came from;
    /// and a batch registration checks homes as one at a time does.
    @Test func aPageWithAHomeIgnoresAPresenterElsewhereAndBatchesCheckHomes() async throws {
        let (router, navigator) = try Self.tabbed()
        await router.openAll(["/home", "/product/1"])
        let result = await router.open("/order/42", from: "/product/:id")
        #expect(result.outcome == .openedPage(pattern: "/order/:id", command: .push))
        #expect(navigator.state.outline == ["tab home: Home > Product(1)", "tab cart", "tab orders*: Orders > Order(42)", "tab me"])
        let spec = RouteSpec("/wish", target: RouteTarget(.page(.push, { _ in Destination("Wish") }), home: .tab("wishlist")))
        #expect(throws: PatternError(pattern: "/wish", offset: 0, reason: .unknownTab("wishlist", known: Self.tabs))) {
            try router.register([RouteSpec("/fine", target: RouteTarget(.page(.push, { _ in Destination("Fine") }))), spec])
        }
        #expect(!router.table.routes.contains { $0.pattern == "/fine" || $0.pattern == "/wish" }, "all or nothing")
    }

    struct WishHandler: PageHandler {
        func makeDestination(for request: RouteRequest) throws -> Destination { Destination("Wish") }
    }

    @Test(arguments: [
        ([String](), nil as String?, NavigationError.invalidTabs("a tab bar needs at least one tab")),
        (["home", ""], nil, .invalidTabs("a tab's identifier is empty")),
        (["home", "cart", "home"], nil, .invalidTabs("tab \"home\" is listed twice")),
        (["home", "cart"], "orders", .unknownTab("orders", known: ["home", "cart"])),
    ])
    func aTabBarThatCannotBeMadeIsAnExactError(tabs: [String], selected: String?, expected: NavigationError) {
        #expect(throws: expected) { try WindowState(tabs: tabs, selected: selected) }
    }

    /// Each entry says the tab it was shown in: its home, or the tab selected then.
    @Test func theHistoryKeepsEachTabsRoutesApart() async throws {
        let (router, navigator) = try Self.tabbed()
        await router.openAll(["/home", "/product/1", "/order/7", "/share", "/cart"])
        try navigator.perform(NavigationStep(.selectTab("orders")))
        await router.open("/product/2")
        #expect(navigator.history.entries(inTab: "home").map(\.path) == ["/home", "/product/1"])
        #expect(navigator.history.entries(inTab: "orders").map(\.path) == ["/orders", "/order/7", "/share", "/product/2"])
        #expect(navigator.history.entries(inTab: "cart").map(\.path) == ["/cart"])
        #expect(navigator.history.entries(inTab: "me").isEmpty)
        #expect(navigator.history.entries.count == 7)
        let (_, plain) = try headless()
        try plain.perform(NavigationStep.show(Destination("A"), .push, request: RouteRequest(url: "/a", path: "/a"), animated: false))
        #expect(plain.history.entries.map(\.tab) == [nil])
    }

    @Test func aWindowCanStartOnAnyTabAndSaysWhichStackIsEmpty() async throws {
        let window = try WindowState(tabs: Self.tabs, selected: "orders")
        #expect(window.selectedTab == "orders")
        #expect(window.isEmpty)
        #expect(window.outline.isEmpty)
        let (router, navigator) = try Self.tabbed()
        await router.openAll(["/home", "/share"])
        #expect(!navigator.isEmpty)
        #expect(navigator.isEmpty(at: .tab("orders")), "showing there dismisses the sheet, so only the tab's stack counts")
        #expect(!navigator.isEmpty(at: .tab("home")))
        #expect(!navigator.isEmpty(at: .tab("wishlist")))
        #expect(!navigator.isEmpty(at: nil))
    }
}
