#if canImport(UIKit) && !os(watchOS)
@preconcurrency import UIKit
import ObjectiveC
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Keys for the values Switchyard attaches to view controllers.
@MainActor
enum AssociatedKeys {
    static var routeName: UInt8 = 0
    static var routePath: UInt8 = 0
    static var transition: UInt8 = 0
}

/// A view controller as the core's navigation decisions see it.
extension UIViewController: ControllerNode {
    public var presentedNode: (any ControllerNode)? { presentedViewController }

    public var stackedNodes: [any ControllerNode]? {
        (self as? UINavigationController).map { navigation in navigation.viewControllers.map { $0 as any ControllerNode } }
    }

    public var selectedNode: (any ControllerNode)? { (self as? UITabBarController)?.selectedViewController }

    public var navigationNode: (any ControllerNode)? { navigationController }

    public var isInTabContainer: Bool { tabBarController != nil }

    /// The pattern of the route that opened this controller; set by ``UIKitNavigator``.
    public var routeName: String? {
        get { objc_getAssociatedObject(self, &AssociatedKeys.routeName) as? String }
        set { objc_setAssociatedObject(self, &AssociatedKeys.routeName, newValue, .OBJC_ASSOCIATION_COPY_NONATOMIC) }
    }

    /// The path the route was opened with; set by ``UIKitNavigator``.
    public var routePath: String? {
        get { objc_getAssociatedObject(self, &AssociatedKeys.routePath) as? String }
        set { objc_setAssociatedObject(self, &AssociatedKeys.routePath, newValue, .OBJC_ASSOCIATION_COPY_NONATOMIC) }
    }
}
#endif
