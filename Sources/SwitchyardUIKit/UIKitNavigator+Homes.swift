#if canImport(UIKit) && !os(watchOS)
@preconcurrency import UIKit
import SwitchyardRouting
import SwitchyardNavigation

/// What the router asks of a window to put its homes in place (``WindowHomes``): decided by
/// ``ControllerPlanner`` from the controller tree.
extension UIKitNavigator {
    /// The window's tabs or split view columns: ``ControllerPlanner/places(root:)``.
    public var places: [PageHome] { ControllerPlanner.places(root: window.rootViewController) }
    /// The selected tab, or a split view's detail: ``ControllerPlanner/currentPlace(root:)``.
    public var currentPlace: PageHome? { ControllerPlanner.currentPlace(root: window.rootViewController) }
    /// Whether the root presents a controller.
    public var isPresenting: Bool { window.rootViewController?.presentedViewController != nil }

    /// The route names of the stack at `place`: ``ControllerPlanner/routes(at:root:)``.
    public func routes(at place: PageHome?) -> [String]? {
        ControllerPlanner.routes(at: place, root: window.rootViewController)
    }

    /// The navigation container of `place` (the current place's for `nil`); a window with no
    /// root gets an empty one.
    func stackNode(at place: PageHome?) throws -> any ControllerNode {
        if let place { return try ControllerPlanner.enter(place, root: window.rootViewController).stack }
        guard let root = window.rootViewController else {
            let navigation = UINavigationController()
            setRoot(navigation)
            return navigation
        }
        switch ControllerPlanner.planRoot(root) {
        case .replaceStack(let node): return node
        case .replaceWindowRoot:
            guard root is UINavigationController else { throw NavigationError.unsupportedContent(name: "the window's root", expected: "UINavigationController") }
            return root
        }
    }
}
#endif
