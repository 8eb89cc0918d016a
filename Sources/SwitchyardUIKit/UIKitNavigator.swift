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
    public let window: UIWindow
    /// Transitions by route pattern; other routes use UIKit's own.
    public var transitions: [String: Transition] = [:]
    /// What `.custom(name)` commands do, given the top-most controller and the new one.
    public var customCommands: [String: @MainActor (_ top: UIViewController, _ new: UIViewController) -> Void] = [:]
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

    public var isEmpty: Bool { window.rootViewController == nil }

    /// A page the router will not show in the app's web view: the system opens it (Safari).
    public func openExternally(_ url: String) throws {
        guard let url = URL(string: url) else { throw NavigationError.cannotOpenExternally(url) }
        UIApplication.shared.open(url)
    }

    /// Makes the UIKit calls `step` stands for; records its routes in ``history`` once they are made.
    public func perform(_ step: NavigationStep) throws {
        try carryOut(step)
        history.record(step)
    }

    private func carryOut(_ step: NavigationStep) throws {
        let completion = step.completion ?? {}
        // Tab bars are decided in the core (`WindowState`) but not rendered here yet: refuse a
        // step that needs one rather than show the page in the wrong place.
        switch step.home {
        case .tab(let identifier): throw NavigationError.noTabBar(tab: identifier)
        case .column(let column): throw NavigationError.noSplitColumn(column)
        case nil: break
        }
        switch step.action {
        case .show(let destination, let command, let request):
            let controller = try self.controller(destination, request)
            try show(controller, command: command, presenter: request.presenter, animated: step.animated, completion: completion)
        case .showStack(let pages):
            let controllers = try pages.map { try controller($0.0, $0.1) }
            guard !controllers.isEmpty else { throw NavigationError.emptyStack }
            try setStack(controllers, completion: completion)
        case .back(let back):
            guard let root = window.rootViewController else { throw NavigationError.nothingToGoBackTo }
            try run(ControllerPlanner.plan(back, root: root), animated: step.animated, completion: completion)
        case .selectTab(let identifier):
            throw NavigationError.noTabBar(tab: identifier)
        }
    }

    private func show(
        _ controller: UIViewController, command: NavigationCommand, presenter: String?, animated: Bool,
        completion: @escaping @MainActor @Sendable () -> Void
    ) throws {
        guard let root = window.rootViewController else {
            setRoot(UINavigationController(rootViewController: controller))
            completion()
            return
        }
        if case .custom(let name) = command {
            guard let custom = customCommands[name] else { throw NavigationError.unknownCustomCommand(name) }
            custom(try uiController(ControllerPlanner.topMost(from: root)), controller)
            completion()
            return
        }
        let transition = controller.routeName.flatMap { transitions[$0] } ?? .system
        switch try ControllerPlanner.plan(command, root: root, presenter: presenter) {
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
        case .pop, .dismiss, .dismissThenPop, .nothing:
            completion()
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
        case .push, .present, .replaceTop, .setRoot, .nothing:
            completion()
        }
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

    private func setRoot(_ controller: UIViewController) {
        window.rootViewController = controller
        window.makeKeyAndVisible()
    }

    private func controller(_ destination: Destination, _ request: RouteRequest) throws -> UIViewController {
        guard let controller = destination.content as? UIViewController else {
            throw NavigationError.unsupportedContent(name: destination.name, expected: "UIViewController")
        }
        controller.routeName = request.pattern?.description ?? destination.name
        controller.routePath = request.path
        return controller
    }

    private func uiController(_ node: any ControllerNode) throws -> UIViewController {
        guard let controller = node as? UIViewController else {
            throw NavigationError.unsupportedContent(name: String(describing: type(of: node)), expected: "UIViewController")
        }
        return controller
    }

    private func navigation(_ node: any ControllerNode) throws -> UINavigationController {
        guard let navigation = node as? UINavigationController else {
            throw NavigationError.unsupportedContent(name: String(describing: type(of: node)), expected: "UINavigationController")
        }
        return navigation
    }
}
#endif
