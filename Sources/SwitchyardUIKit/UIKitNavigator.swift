#if canImport(UIKit) && !os(watchOS)
@preconcurrency import UIKit
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Runs the router's navigation steps on a window's view controllers.
///
/// Every decision — which controller to push onto or present from, when to hide the
/// bottom bar, what a back step pops or dismisses — comes from ``ControllerPlanner`` in
/// the core, where it is tested; this class only makes the UIKit calls.
///
/// ```swift
/// let navigator = UIKitNavigator(window: window)
/// navigator.transitions["/promo/:id"] = .fade
/// router.navigator = navigator        // keep `navigator` alive: the router holds it weakly
/// ```
@MainActor
public final class UIKitNavigator: Navigator {
    /// The window whose controllers this navigator changes.
    public let window: UIWindow
    /// Transitions by route pattern; other routes use UIKit's own.
    public var transitions: [String: Transition] = [:]
    /// What `.custom(name)` commands do, given the top-most controller and the new one.
    public var customCommands: [String: @MainActor (_ top: UIViewController, _ new: UIViewController) -> Void] = [:]
    /// Makes the controller for a destination whose content is not one: a feature module's
    /// screen model, shown by a controller of the app's. `nil` (or a `nil` result) refuses it
    /// with ``NavigationError/unsupportedContent(name:expected:)``.
    public var render: (@MainActor (Destination, RouteRequest) -> UIViewController?)?
    /// The routes this navigator showed, newest last: the same record ``HeadlessNavigator`` keeps.
    public private(set) var history: NavigationHistory
    private let coordinator = TransitionCoordinator()

    /// - Parameter historyCapacity: How many shown routes ``history`` keeps (at least 1).
    public init(window: UIWindow, historyCapacity: Int = 50) {
        self.window = window
        history = NavigationHistory(capacity: historyCapacity)
    }

    /// Registers the animator for ``Transition/custom(_:)`` with this name.
    public func registerAnimator(
        _ name: String, _ make: @escaping @MainActor (_ presenting: Bool) -> any UIViewControllerAnimatedTransitioning
    ) {
        coordinator.customAnimators[name] = make
    }

    /// Whether selecting the tab already selected pops it to its root screen, as a tap on its
    /// item does in UIKit. Default `true`.
    public var reselectingPopsToRoot = true

    /// Whether the window shows no screen: no root, or stacks that are all empty with nothing
    /// presented (``ControllerPlanner/isEmpty(root:)``).
    public var isEmpty: Bool { ControllerPlanner.isEmpty(root: window.rootViewController) }

    /// Whether the stack of `home` (a tab's, a column's) has no screen: the router then builds
    /// the page's declared parents under it. A home the window does not have is not empty, so
    /// the show fails with its own error.
    public func isEmpty(at home: PageHome?) -> Bool {
        guard let home else { return isEmpty }
        guard let entry = try? ControllerPlanner.enter(home, root: window.rootViewController) else { return false }
        return entry.stack.stackedNodes?.isEmpty ?? false
    }

    /// A page the router will not show in the app's web view: the system opens it (Safari).
    public func openExternally(_ url: String) throws {
        guard let url = URL(string: url) else { throw NavigationError.cannotOpenExternally(url) }
        UIApplication.shared.open(url)
    }

    /// Makes the UIKit calls `step` stands for; records its routes in ``history`` once they are made.
    public func perform(_ step: NavigationStep) throws {
        try carryOut(step)
        history.record(step, selectedTab: window.rootViewController?.selectedNode?.tabIdentifier)
    }

    private func carryOut(_ step: NavigationStep) throws {
        let completion = step.completion ?? {}
        switch step.action {
        case .show(let destination, let command, let request):
            let controller = try self.controller(destination, request)
            if let home = step.home {
                try showInHome(controller, home: home, command: command, animated: step.animated, completion: completion)
            } else {
                try show(controller, command: command, presenter: request.presenter, animated: step.animated, completion: completion)
            }
        case .showStack(let pages) where !step.revealsHome:
            // A home filled in the background: its stack only, the user stays where they are.
            let controllers = try pages.map { try controller($0.0, $0.1) }
            guard !controllers.isEmpty else { throw NavigationError.emptyStack }
            let navigation = try self.navigation(try stackNode(at: step.home))
            navigation.setViewControllers(controllers, animated: false)
            completion()
        case .showStack(let pages):
            let controllers = try pages.map { try controller($0.0, $0.1) }
            guard !controllers.isEmpty else { throw NavigationError.emptyStack }
            if let home = step.home {
                let entry = try ControllerPlanner.enter(home, root: window.rootViewController)
                let navigation = try self.navigation(entry.stack)
                try enter(entry) {
                    if entry.isTab { for controller in controllers.dropFirst() { controller.hidesBottomBarWhenPushed = true } }
                    navigation.setViewControllers(controllers, animated: false)
                    completion()
                }
            } else {
                try setStack(controllers, completion: completion)
            }
        case .pushStack(let pages):
            let controllers = try pages.map { try controller($0.0, $0.1) }
            guard !controllers.isEmpty else { throw NavigationError.emptyStack }
            let entry = try step.home.map { try ControllerPlanner.enter($0, root: window.rootViewController) }
            let navigation = try self.navigation(try entry?.stack ?? stackNode(at: nil))
            let animated = step.animated
            let push: @MainActor @Sendable () -> Void = { [self] in
                for controller in controllers { controller.hidesBottomBarWhenPushed = navigation.tabBarController != nil }
                navigation.setViewControllers(navigation.viewControllers + controllers, animated: animated)
                whenTransitionEnds(navigation, animated: animated, completion)
            }
            if let entry {
                try enter(entry, then: push)
            } else if let root = window.rootViewController, root.presentedViewController != nil {
                root.dismiss(animated: false) { MainActor.assumeIsolated { push() } }
            } else {
                push()
            }
        case .back(let back):
            guard let root = window.rootViewController else { throw NavigationError.nothingToGoBackTo }
            try run(ControllerPlanner.plan(back, root: root), animated: step.animated, completion: completion)
        case .selectTab(let identifier):
            let plan = try ControllerPlanner.plan(selectingTab: identifier, root: window.rootViewController, reselectingPopsToRoot: reselectingPopsToRoot)
            try run(plan, animated: step.animated, completion: completion)
        }
    }

    /// Shows `controller` in its home: dismisses what is presented, selects the tab (or shows
    /// the column), then shows it in that stack. Every error is thrown before anything changes.
    private func showInHome(
        _ controller: UIViewController, home: PageHome, command: NavigationCommand, animated: Bool,
        completion: @escaping @MainActor @Sendable () -> Void
    ) throws {
        let entry = try ControllerPlanner.enter(home, root: window.rootViewController)
        if case .custom(let name) = command {
            guard let custom = customCommands[name] else { throw NavigationError.unknownCustomCommand(name) }
            let top = try uiController(entry.stack.stackedNodes?.last ?? entry.stack)
            try enter(entry) {
                custom(top, controller)
                completion()
            }
            return
        }
        let plan = try ControllerPlanner.plan(command, in: entry)
        try check(plan)
        try enter(entry) { [self] in
            // Checked above: `apply` cannot fail on this plan.
            try? apply(plan, showing: controller, animated: animated, completion: completion)
        }
    }

    private func show(
        _ controller: UIViewController, command: NavigationCommand, presenter: String?, animated: Bool,
        completion: @escaping @MainActor @Sendable () -> Void
    ) throws {
        guard let root = window.rootViewController else {
            switch command {
            case .present, .presentFullScreen, .presentInNavigation:
                // Presented over an empty stack, as WindowState does: dismissing it (a login page
                // at a cold start) leaves the window, not a root that cannot be dismissed.
                let navigation = UINavigationController()
                setRoot(navigation)
                try apply(ControllerPlanner.plan(command, root: navigation, presenter: nil), showing: controller, animated: animated, completion: completion)
            default:
                setRoot(UINavigationController(rootViewController: controller))
                completion()
            }
            return
        }
        if case .custom(let name) = command {
            guard let custom = customCommands[name] else { throw NavigationError.unknownCustomCommand(name) }
            custom(try uiController(ControllerPlanner.topMost(from: root)), controller)
            completion()
            return
        }
        try apply(ControllerPlanner.plan(command, root: root, presenter: presenter), showing: controller, animated: animated, completion: completion)
    }

    /// Makes the UIKit calls of a plan that shows `controller`.
    private func apply(
        _ plan: ControllerPlan, showing controller: UIViewController, animated: Bool,
        completion: @escaping @MainActor @Sendable () -> Void
    ) throws {
        let transition = controller.routeName.flatMap { transitions[$0] } ?? .system
        switch plan {
        case .push(let node, let hidesBottomBar):
            let navigation = try self.navigation(node)
            controller.hidesBottomBarWhenPushed = hidesBottomBar
            coordinator.prepare(pushing: controller, onto: navigation, transition: transition)
            navigation.pushViewController(controller, animated: animated)
            whenTransitionEnds(navigation, animated: animated, completion)
        case .present(let node, let fullScreen, let inNavigation):
            let shown = inNavigation ? UINavigationController(rootViewController: controller) : controller
            shown.modalPresentationStyle = fullScreen ? .fullScreen : .automatic
            coordinator.prepare(presenting: shown, transition: transition)
            try uiController(node).present(shown, animated: animated) { MainActor.assumeIsolated { completion() } }
        case .replaceTop(let node):
            let navigation = try self.navigation(node)
            var controllers = navigation.viewControllers
            if controllers.isEmpty { controllers = [controller] } else { controllers[controllers.count - 1] = controller }
            navigation.setViewControllers(controllers, animated: animated)
            whenTransitionEnds(navigation, animated: animated, completion)
        case .setRoot:
            try setStack([controller], completion: completion)
        case .setStack(let node):
            try self.navigation(node).setViewControllers([controller], animated: false)
            completion()
        case .pop, .dismiss, .dismissThenPop, .selectTab, .switchTab, .nothing:
            completion()
        }
    }

    /// Throws what ``apply(_:showing:animated:completion:)`` would, before anything changes.
    private func check(_ plan: ControllerPlan) throws {
        switch plan {
        case .push(let node, _), .replaceTop(let node), .setStack(let node): _ = try navigation(node)
        case .present(let node, _, _): _ = try uiController(node)
        case .setRoot, .pop, .dismiss, .dismissThenPop, .selectTab, .switchTab, .nothing: break
        }
    }

    private func run(_ plan: ControllerPlan, animated: Bool, completion: @escaping @MainActor @Sendable () -> Void) throws {
        switch plan {
        case .pop(let node, let keeping):
            let navigation = try self.navigation(node)
            pop(navigation, keeping: keeping, animated: animated)
            whenTransitionEnds(navigation, animated: animated, completion)
        case .dismiss(let node):
            try uiController(node).dismiss(animated: animated) { MainActor.assumeIsolated { completion() } }
        case .dismissThenPop(let presenter, let node, let keeping):
            let navigation = try self.navigation(node)
            try uiController(presenter).dismiss(animated: animated) {
                MainActor.assumeIsolated {
                    Self.popNow(navigation, keeping: keeping, animated: animated)
                    completion()
                }
            }
        case .selectTab(let container, let index):
            try tabBar(container).selectedIndex = index
            completion()
        case .switchTab(let presenter, let container, let index, let node, let keeping):
            let (tabBar, navigation) = (try self.tabBar(container), try self.navigation(node))
            let switchTab = {
                tabBar.selectedIndex = index
                Self.popNow(navigation, keeping: keeping, animated: false)
                completion()
            }
            guard let presenter else { return switchTab() }
            try uiController(presenter).dismiss(animated: animated) { MainActor.assumeIsolated { switchTab() } }
        case .push, .present, .replaceTop, .setRoot, .setStack, .nothing:
            completion()
        }
    }

    /// Selects the home's tab or shows its column, then dismisses what the root presents, then
    /// runs `body`. Throws before anything changes when a node is not what UIKit needs.
    private func enter(_ entry: HomeEntry, then body: @escaping @MainActor () -> Void) throws {
        let tabSelection = try entry.selecting.map { (try tabBar($0.container), $0.index) }
        let column = try entry.showing.map { (try splitView($0.split), $0.column) }
        let presenter = try entry.dismissingAbove.map(uiController)
        if let (tabBar, index) = tabSelection { tabBar.selectedIndex = index }
        if let (split, column) = column { split.show(UISplitViewController.Column(column)) }
        guard let presenter else { return body() }
        presenter.dismiss(animated: false) { MainActor.assumeIsolated { body() } }
    }

    private func pop(_ navigation: UINavigationController, keeping: Int, animated: Bool) {
        Self.popNow(navigation, keeping: keeping, animated: animated)
    }

    private static func popNow(_ navigation: UINavigationController, keeping: Int, animated: Bool) {
        let controllers = navigation.viewControllers
        guard keeping >= 1, keeping < controllers.count else { return }
        navigation.popToViewController(controllers[keeping - 1], animated: animated)
    }

    private func whenTransitionEnds(
        _ navigation: UINavigationController, animated: Bool, _ completion: @escaping @MainActor @Sendable () -> Void
    ) {
        guard animated, let transitionCoordinator = navigation.transitionCoordinator else {
            completion()
            return
        }
        transitionCoordinator.animate(alongsideTransition: nil) { _ in MainActor.assumeIsolated { completion() } }
    }

    /// A root stack: in the selected tab when the root is a tab container, so the tab bar stays.
    private func setStack(_ controllers: [UIViewController], completion: @escaping @MainActor @Sendable () -> Void) throws {
        switch ControllerPlanner.planRoot(window.rootViewController) {
        case .replaceWindowRoot:
            let navigation = UINavigationController()
            navigation.setViewControllers(controllers, animated: false)
            setRoot(navigation)
            completion()
        case .replaceStack(let node):
            let navigation = try self.navigation(node)
            // Above a tab's first screen the tab bar hides, as it does for a push from there.
            for controller in controllers.dropFirst() { controller.hidesBottomBarWhenPushed = true }
            guard let root = window.rootViewController, root.presentedViewController != nil else {
                navigation.setViewControllers(controllers, animated: false)
                completion()
                return
            }
            root.dismiss(animated: false) {
                MainActor.assumeIsolated {
                    navigation.setViewControllers(controllers, animated: false)
                    completion()
                }
            }
        }
    }

    func setRoot(_ controller: UIViewController) {
        window.rootViewController = controller
        window.makeKeyAndVisible()
    }

    private func controller(_ destination: Destination, _ request: RouteRequest) throws -> UIViewController {
        guard let controller = typedController(destination) ?? render?(destination, request) else {
            throw NavigationError.unsupportedContent(name: destination.name, expected: "UIViewController")
        }
        controller.routeName = request.pattern?.description ?? destination.name
        controller.routePath = request.path
        controller.routeURL = request.url
        return controller
    }

    /// The controller of typed page content: a controller itself, or the one it makes.
    private func typedController(_ destination: Destination) -> UIViewController? {
        #if os(Linux)
        // AppleStubs: page content has no controller to make on Linux.
        return destination.content as? UIViewController
        #else
        return (destination.content as? any PageContent)?.makeViewController()
        #endif
    }

    private func uiController(_ node: any ControllerNode) throws -> UIViewController {
        guard let controller = node as? UIViewController else {
            throw NavigationError.unsupportedContent(name: String(describing: type(of: node)), expected: "UIViewController")
        }
        return controller
    }

    private func tabBar(_ node: any ControllerNode) throws -> UITabBarController {
        guard let tabBar = node as? UITabBarController else {
            throw NavigationError.unsupportedContent(name: String(describing: type(of: node)), expected: "UITabBarController")
        }
        return tabBar
    }

    private func splitView(_ node: any ControllerNode) throws -> UISplitViewController {
        guard let split = node as? UISplitViewController else {
            throw NavigationError.unsupportedContent(name: String(describing: type(of: node)), expected: "UISplitViewController")
        }
        return split
    }

    private func navigation(_ node: any ControllerNode) throws -> UINavigationController {
        guard let navigation = node as? UINavigationController else {
            throw NavigationError.unsupportedContent(name: String(describing: type(of: node)), expected: "UINavigationController")
        }
        return navigation
    }
}
#endif
