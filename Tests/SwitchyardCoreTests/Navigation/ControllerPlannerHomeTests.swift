import Switchyard
import Testing

/// The UIKit adapter's decisions for tab bars and split views, on controller doubles: the same
/// semantics ``WindowState`` has for tabs and columns (see `TabWindowTests`, `SplitWindowTests`).
@Suite("UIKit decisions in tab bars and split views")
@MainActor
struct ControllerPlannerHomeTests {
    /// Tabs home (Home > Product, selected), cart (Cart), orders (empty), me (a plain screen).
    func tabs(presenting sheet: Bool = false) -> FakeController {
        let home = FakeController.tab("home", [FakeController("Home"), FakeController("Product")])
        let root = FakeController.tabs("Tabs", [home, .tab("cart", [FakeController("Cart")]), .tab("orders", []), {
            let me = FakeController("Me")
            me.identifier = "me"
            return me
        }()])
        if sheet { home.presented = .navigation("SheetNav", [FakeController("Coupon")]) }
        return root
    }

    /// A split view: Mailboxes in the primary column, Inbox > Message in the detail.
    func split() -> FakeController {
        .split("Split", [.primary: .navigation("PrimaryNav", [FakeController("Mailboxes")]),
                         .detail: .navigation("DetailNav", [FakeController("Inbox"), FakeController("Message")])])
    }

    func outline(_ entry: HomeEntry) -> String {
        func name(_ node: any ControllerNode) -> String { (node as? FakeController)?.name ?? "?" }
        var parts: [String] = []
        if let presenter = entry.dismissingAbove { parts.append("dismiss above \(name(presenter))") }
        if let (container, index) = entry.selecting { parts.append("select tab \(index) of \(name(container))") }
        if let (split, column) = entry.showing { parts.append("show the \(column.rawValue) column of \(name(split))") }
        parts.append("into \(name(entry.stack))" + (entry.isTab ? " (a tab)" : ""))
        return parts.joined(separator: ", ")
    }

    @Test(arguments: [
        (PageHome.tab("orders"), false, "select tab 2 of Tabs, into OrdersNav (a tab)"),
        (.tab("home"), false, "into HomeNav (a tab)"),
        (.tab("cart"), true, "dismiss above Tabs, select tab 1 of Tabs, into CartNav (a tab)"),
        (.tab("home"), true, "dismiss above Tabs, into HomeNav (a tab)"),
    ])
    func enteringATab(home: PageHome, sheet: Bool, expected: String) throws {
        #expect(outline(try ControllerPlanner.enter(home, root: tabs(presenting: sheet))) == expected)
    }

    @Test func enteringAColumn() throws {
        #expect(outline(try ControllerPlanner.enter(.detail, root: split())) == "show the detail column of Split, into DetailNav")
        #expect(outline(try ControllerPlanner.enter(.primary, root: split())) == "show the primary column of Split, into PrimaryNav")
    }

    @Test func homesTheTreeDoesNotHaveAreExactErrors() {
        let plain = FakeController.navigation("Nav", [FakeController("A")])
        #expect(throws: NavigationError.unknownTab("wallet", known: ["home", "cart", "orders", "me"])) {
            try ControllerPlanner.enter(.tab("wallet"), root: tabs())
        }
        #expect(throws: NavigationError.noTabBar(tab: "orders")) { try ControllerPlanner.enter(.tab("orders"), root: plain) }
        #expect(throws: NavigationError.noTabBar(tab: "orders")) { try ControllerPlanner.enter(.tab("orders"), root: nil) }
        #expect(throws: NavigationError.noSplitColumn(.detail)) { try ControllerPlanner.enter(.detail, root: tabs()) }
        #expect(throws: NavigationError.noSplitColumn(.supplementary)) { try ControllerPlanner.enter(.column(.supplementary), root: split()) }
        #expect(throws: NavigationError.unsupportedContent(name: "tab \"me\"", expected: "a navigation container")) {
            try ControllerPlanner.enter(.tab("me"), root: tabs())
        }
    }

    /// Commands × stacks: a tab's root screen only, a deeper tab, an empty tab, a column.
    @Test(arguments: [
        (PageHome.tab("cart"), NavigationCommand.push, "push onto CartNav (hides bar)"),
        (.tab("home"), .push, "push onto HomeNav"),
        (.tab("orders"), .push, "set the stack of OrdersNav"),
        (.detail, .push, "push onto DetailNav"),
        (.tab("cart"), .replace, "replace top of CartNav"),
        (.tab("orders"), .replace, "set the stack of OrdersNav"),
        (.detail, .replace, "replace top of DetailNav"),
        (.tab("home"), .setRoot, "set the stack of HomeNav"),
        (.detail, .setRoot, "set the stack of DetailNav"),
        (.tab("home"), .present, "present from Product"),
        (.tab("cart"), .presentFullScreen, "present from Cart full screen"),
        (.tab("orders"), .presentInNavigation, "present from OrdersNav in navigation"),
        (.detail, .present, "present from Message"),
    ])
    func commandsInAHome(home: PageHome, command: NavigationCommand, expected: String) throws {
        let root = if case .column = home { split() } else { tabs() }
        let entry = try ControllerPlanner.enter(home, root: root)
        #expect(describe(try ControllerPlanner.plan(command, in: entry)) == expected)
    }

    @Test func commandsAHomeCannotTakeAreErrors() throws {
        let entry = try ControllerPlanner.enter(.tab("cart"), root: tabs())
        #expect(throws: NavigationError.unknownCustomCommand("flip")) { try ControllerPlanner.plan(.custom("flip"), in: entry) }
        #expect(throws: NavigationError.needsNewScene) { try ControllerPlanner.plan(.newScene, in: entry) }
    }

    @Test(arguments: [
        ("cart", true, "select tab 1 of Tabs"),
        ("home", true, "pop HomeNav keeping 1"),
        ("home", false, "nothing"),
    ])
    func selectingATab(identifier: String, popsToRoot: Bool, expected: String) throws {
        let plan = try ControllerPlanner.plan(selectingTab: identifier, root: tabs(), reselectingPopsToRoot: popsToRoot)
        #expect(describe(plan) == expected)
    }

    @Test func reselectingATabOnItsRootDoesNothingAndAnUnknownTabIsAnError() throws {
        let root = tabs()
        root.selected = 1
        #expect(describe(try ControllerPlanner.plan(selectingTab: "cart", root: root, reselectingPopsToRoot: true)) == "nothing")
        #expect(throws: NavigationError.unknownTab("wallet", known: ["home", "cart", "orders", "me"])) {
            try ControllerPlanner.plan(selectingTab: "wallet", root: root, reselectingPopsToRoot: true)
        }
        #expect(throws: NavigationError.noTabBar(tab: "cart")) {
            try ControllerPlanner.plan(selectingTab: "cart", root: split(), reselectingPopsToRoot: true)
        }
    }

    @Test(arguments: [
        (BackNavigation.popTo(pattern: "Cart"), false, "select tab 1 of Tabs, pop CartNav keeping 1"),
        (.popTo(pattern: "Cart"), true, "dismiss above Tabs, select tab 1 of Tabs, pop CartNav keeping 1"),
        (.removeAfter(pattern: "Cart"), false, "select tab 1 of Tabs, pop CartNav keeping 1"),
        (.popTo(pattern: "Home"), true, "dismiss above Tabs, pop HomeNav keeping 1"),
    ])
    func goingBackToAScreenOfAnotherTab(step: BackNavigation, sheet: Bool, expected: String) throws {
        #expect(describe(try ControllerPlanner.plan(step, root: tabs(presenting: sheet))) == expected)
    }

    @Test func aScreenInNoTabIsNotOnTheStack() {
        #expect(throws: NavigationError.notOnStack(pattern: "Wallet")) { try ControllerPlanner.plan(.popTo(pattern: "Wallet"), root: tabs()) }
    }

    @Test func aSplitViewShowsPagesWithoutAHomeInItsDetail() throws {
        let root = split()
        #expect((ControllerPlanner.topMost(from: root) as? FakeController)?.name == "Message")
        #expect(describe(try ControllerPlanner.plan(.push, root: root)) == "push onto DetailNav")
        #expect(describe(try ControllerPlanner.plan(.back, root: root)) == "pop DetailNav keeping 1")
        #expect(describe(try ControllerPlanner.plan(.popTo(pattern: "Mailboxes"), root: root)) == "pop PrimaryNav keeping 1")
        (root.columns?[.detail])?.presented = FakeController("Compose")
        #expect(describe(try ControllerPlanner.plan(.popTo(pattern: "Mailboxes"), root: root))
            == "dismiss above Split, pop PrimaryNav keeping 1")
    }

    /// Me is the app's own tab root (no URL, no note); Product was pushed without a route.
    @Test func savingATabBarKeepsEachTabsURLsAndSaysWhatItLeftOut() {
        let root = tabs(presenting: true)
        for (index, tab) in (root.tabs ?? []).enumerated() {
            for screen in tab.stack ?? [] where screen.name != "Product" { screen.url = "/\(index)/\(screen.name.lowercased())" }
        }
        let unnamed = FakeController.navigation("PlainNav", [FakeController("Plain")])
        root.tabs?.append(unnamed)
        (root.tabs?[0].presented)?.fullScreen = true
        let (saved, leftOut) = SavedWindow.saving(root)
        #expect(saved.tabs == [SavedTab(id: "home", screens: ["/0/home"]), SavedTab(id: "cart", screens: ["/1/cart"]),
                               SavedTab(id: "orders", screens: []), SavedTab(id: "me", screens: [])])
        #expect(saved.selectedTab == "home")
        #expect(saved.modals == [SavedLayer(presentation: .fullScreen, hasNavigation: true, screens: [])])
        #expect(leftOut == [
            "Product was shown without a route, so it has no URL to restore",
            "tab 5 has no identifier, so a restore could not find it; its screens were left out",
            "Coupon was shown without a route, so it has no URL to restore",
        ])
    }

    @Test func savingASplitViewAndAPlainStack() {
        let root = split()
        for column in (root.columns ?? [:]).values { for screen in column.stack ?? [] { screen.url = "/" + screen.name.lowercased() } }
        #expect(SavedWindow.saving(root).window == SavedWindow(split: SavedSplit(primary: ["/mailboxes"], detail: ["/inbox", "/message"])))
        let a = FakeController("A")
        a.url = "/a"
        #expect(SavedWindow.saving(FakeController.navigation("Nav", [a])).window == SavedWindow(root: ["/a"]))
        #expect(SavedWindow.saving(nil).window == SavedWindow())
    }

    /// What the router reads of a UIKit window to put its homes in place (issue 35).
    @Test func aWindowsPlacesCurrentPlaceAndStacks() {
        let tabs = tabs()
        #expect(ControllerPlanner.places(root: tabs) == [.tab("home"), .tab("cart"), .tab("orders"), .tab("me")])
        #expect(ControllerPlanner.currentPlace(root: tabs) == .tab("home"))
        #expect(ControllerPlanner.routes(at: .tab("home"), root: tabs) == ["Home", "Product"])
        #expect(ControllerPlanner.routes(at: nil, root: tabs) == ["Home", "Product"], "the selected tab's")
        #expect(ControllerPlanner.routes(at: .tab("orders"), root: tabs) == [])
        #expect(ControllerPlanner.routes(at: .tab("me"), root: tabs) == nil, "a tab that is no navigation container has no stack")
        #expect(ControllerPlanner.routes(at: .tab("wallet"), root: tabs) == nil)

        let split = split()
        #expect(ControllerPlanner.places(root: split) == [.primary, .detail])
        #expect(ControllerPlanner.currentPlace(root: split) == .detail)
        #expect(ControllerPlanner.routes(at: nil, root: split) == ["Inbox", "Message"])
        #expect(ControllerPlanner.routes(at: .primary, root: split) == ["Mailboxes"])

        let plain = FakeController.navigation("Nav", [FakeController("A")])
        #expect(ControllerPlanner.places(root: plain).isEmpty && ControllerPlanner.currentPlace(root: plain) == nil)
        #expect(ControllerPlanner.routes(at: nil, root: plain) == ["A"])
        #expect(ControllerPlanner.routes(at: nil, root: nil) == [], "a window with no root yet is an empty stack")
        #expect(ControllerPlanner.routes(at: .tab("home"), root: nil) == nil)
    }

    /// A UIKit window is empty when no stack holds a screen and nothing is presented, as a
    /// headless one is: a tab bar of empty stacks (a scene before its homes) too.
    @Test func aWindowIsEmptyWhenNoStackHoldsAScreen() {
        #expect(ControllerPlanner.isEmpty(root: nil))
        #expect(ControllerPlanner.isEmpty(root: FakeController.tabs("Tabs", [.tab("home", []), .tab("cart", [])])))
        #expect(!ControllerPlanner.isEmpty(root: FakeController.tabs("Tabs", [.tab("home", []), .tab("cart", [FakeController("Cart")])])))
        #expect(ControllerPlanner.isEmpty(root: FakeController.navigation("Nav", [])))
        #expect(!ControllerPlanner.isEmpty(root: tabs()))
        let presenting = FakeController.navigation("Nav", [])
        presenting.presented = FakeController("Login")
        #expect(!ControllerPlanner.isEmpty(root: presenting), "something is presented")
    }
}
