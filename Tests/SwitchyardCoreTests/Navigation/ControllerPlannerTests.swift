import Switchyard
import Testing

/// A recording double of a view controller: a plain screen, a navigation container or a tab container.
@MainActor
final class FakeController: ControllerNode {
    let name: String
    var presented: FakeController?
    var stack: [FakeController]?
    var tabs: [FakeController]?
    var selected: Int = 0
    var columns: [SplitColumns.Column: FakeController]?
    var identifier: String?
    var url: String?
    var fullScreen = false
    weak var navigation: FakeController?
    weak var tabContainer: FakeController?

    init(_ name: String) { self.name = name }

    static func navigation(_ name: String, _ screens: [FakeController]) -> FakeController {
        let navigation = FakeController(name)
        navigation.stack = screens
        for screen in screens { screen.navigation = navigation }
        return navigation
    }

    static func tabs(_ name: String, _ tabs: [FakeController]) -> FakeController {
        let container = FakeController(name)
        container.tabs = tabs
        for tab in tabs {
            tab.tabContainer = container
            for screen in tab.stack ?? [] { screen.tabContainer = container }
        }
        return container
    }

    /// A split view with these columns (each a navigation container).
    static func split(_ name: String, _ columns: [SplitColumns.Column: FakeController]) -> FakeController {
        let split = FakeController(name)
        split.columns = columns
        return split
    }

    /// A tab: a navigation container with this identifier.
    static func tab(_ identifier: String, _ screens: [FakeController]) -> FakeController {
        let tab = navigation(identifier.capitalized + "Nav", screens)
        tab.identifier = identifier
        return tab
    }

    var presentedNode: (any ControllerNode)? { presented }
    var stackedNodes: [any ControllerNode]? { stack }
    var selectedNode: (any ControllerNode)? { tabs.map { $0[selected] } }
    var navigationNode: (any ControllerNode)? { navigation }
    var isInTabContainer: Bool { tabContainer != nil }
    var routeName: String? { name }
    var routeURL: String? { url }
    var tabNodes: [any ControllerNode]? { tabs }
    var tabIdentifier: String? { identifier }
    var splitColumnNodes: [SplitColumns.Column: any ControllerNode]? { columns }
    var isFullScreenModal: Bool { fullScreen }
}

/// `push onto Nav (hides bar)`, `dismiss Nav`…: plans as text for tables.
@MainActor
func describe(_ plan: ControllerPlan) -> String {
    func name(_ node: any ControllerNode) -> String { (node as? FakeController)?.name ?? "?" }
    switch plan {
    case .push(let navigation, let hides): return "push onto \(name(navigation))" + (hides ? " (hides bar)" : "")
    case .present(let from, let fullScreen, let inNavigation):
        return "present from \(name(from))" + (fullScreen ? " full screen" : "") + (inNavigation ? " in navigation" : "")
    case .replaceTop(let navigation): return "replace top of \(name(navigation))"
    case .setRoot: return "set root"
    case .pop(let navigation, let keeping): return "pop \(name(navigation)) keeping \(keeping)"
    case .dismiss(let presenter): return "dismiss above \(name(presenter))"
    case .dismissThenPop(let presenter, let navigation, let keeping): return "dismiss above \(name(presenter)), pop \(name(navigation)) keeping \(keeping)"
    case .setStack(let navigation): return "set the stack of \(name(navigation))"
    case .selectTab(let container, let index): return "select tab \(index) of \(name(container))"
    case .switchTab(let presenter, let container, let index, let navigation, let keeping):
        return (presenter.map { "dismiss above \(name($0)), " } ?? "") + "select tab \(index) of \(name(container)), pop \(name(navigation)) keeping \(keeping)"
    case .nothing: return "nothing"
    }
}

@Suite("UIKit decisions on a controller tree")
@MainActor
struct ControllerPlannerTests {
    /// A tab container whose first tab is a navigation stack Home > Product, presenting a
    /// sheet navigation stack Login > Code.
    func window() -> (root: FakeController, home: FakeController, login: FakeController) {
        let home = FakeController("Home")
        let shop = FakeController.navigation("ShopNav", [home, FakeController("Product")])
        let root = FakeController.tabs("Tabs", [shop, FakeController.navigation("MeNav", [FakeController("Me")])])
        let login = FakeController("Login")
        shop.presented = .navigation("LoginNav", [login, FakeController("Code")])
        return (root, home, login)
    }

    @Test func theTopMostFollowsPresentedNavigationAndTabs() {
        let (root, _, _) = window()
        #expect((ControllerPlanner.topMost(from: root) as? FakeController)?.name == "Code")
        let plain = FakeController.tabs("Tabs", [.navigation("Nav", [FakeController("A"), FakeController("B")])])
        #expect((ControllerPlanner.topMost(from: plain) as? FakeController)?.name == "B")
    }

    @Test(arguments: [
        (NavigationCommand.push, nil as String?, "push onto LoginNav"),
        (.push, "Home", "push onto ShopNav"),
        (.present, nil, "present from Code"),
        (.presentFullScreen, nil, "present from Code full screen"),
        (.presentInNavigation, "Product", "present from Product in navigation"),
        (.replace, nil, "replace top of LoginNav"),
        (.setRoot, nil, "set root"),
    ])
    func showPlans(command: NavigationCommand, presenter: String?, expected: String) throws {
        let (root, _, _) = window()
        #expect(describe(try ControllerPlanner.plan(command, root: root, presenter: presenter)) == expected)
    }

    @Test func pushingFromATabsRootHidesTheBottomBarAndPushWithoutContainerPresents() throws {
        let home = FakeController("Home")
        let root = FakeController.tabs("Tabs", [.navigation("ShopNav", [home])])
        #expect(describe(try ControllerPlanner.plan(.push, root: root)) == "push onto ShopNav (hides bar)")
        let lone = FakeController("Lone")
        #expect(describe(try ControllerPlanner.plan(.push, root: lone)) == "present from Lone")
        #expect(describe(try ControllerPlanner.plan(.push, root: FakeController.navigation("Nav", [FakeController("A")]))) == "push onto Nav")
    }

    @Test(arguments: [
        (BackNavigation.back, "pop LoginNav keeping 1"),
        (.popToRoot, "pop LoginNav keeping 1"),
        (.popTo(pattern: "Home"), "dismiss above Tabs, pop ShopNav keeping 1"),
        (.popTo(pattern: "Product"), "dismiss above Tabs"),
        (.popTo(pattern: "Code"), "pop LoginNav keeping 2"),
        (.removeAfter(pattern: "Login"), "pop LoginNav keeping 1"),
        (.dismiss, "dismiss above Tabs"),
        (.dismissAll, "dismiss above Tabs"),
    ])
    func backPlans(step: BackNavigation, expected: String) throws {
        let (root, _, _) = window()
        #expect(describe(try ControllerPlanner.plan(step, root: root)) == expected)
    }

    @Test(arguments: [
        (BackNavigation.back, NavigationError.nothingToGoBackTo),
        (.popToRoot, .nothingToGoBackTo),
        (.popTo(pattern: "Cart"), .notOnStack(pattern: "Cart")),
        (.removeAfter(pattern: "Cart"), .notOnStack(pattern: "Cart")),
        (.dismiss, .nothingPresented),
        (.dismissAll, .nothingPresented),
    ])
    func impossibleStepsOnALoneRootAreErrors(step: BackNavigation, expected: NavigationError) {
        let root = FakeController.navigation("Nav", [FakeController("Home")])
        #expect(throws: expected) { try ControllerPlanner.plan(step, root: root) }
    }

    @Test func showingFromAnUnknownScreenOrACustomCommandIsAnError() {
        let (root, _, _) = window()
        #expect(throws: NavigationError.presenterNotFound("Cart")) { try ControllerPlanner.plan(.push, root: root, presenter: "Cart") }
        #expect(throws: NavigationError.unknownCustomCommand("tab")) { try ControllerPlanner.plan(.custom("tab"), root: root) }
    }

    @Test(arguments: [
        (Transition.fade, TransitionFrame(opacity: 0), 0.25),
        (.slideFromRight, TransitionFrame(offsetX: 1), 0.3),
        (.slideFromBottom, TransitionFrame(offsetY: 1), 0.3),
        (.zoom, TransitionFrame(opacity: 0, scale: 0.85), 0.25),
    ])
    func transitionsStartWhereTheyShould(transition: Transition, start: TransitionFrame, duration: Double) {
        #expect(transition.appearingStart == start)
        #expect(transition.duration == duration)
        #expect(Transition.system.appearingStart == nil && Transition.custom("flip").appearingStart == nil)
    }
}
