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
    static var routeURL: UInt8 = 0
    static var routeTab: UInt8 = 0
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

    public var tabNodes: [any ControllerNode]? {
        (self as? UITabBarController).map { ($0.viewControllers ?? []).map { $0 as any ControllerNode } }
    }

    public var tabIdentifier: String? { routeTab }

    public var splitColumnNodes: [SplitColumns.Column: any ControllerNode]? {
        guard let split = self as? UISplitViewController else { return nil }
        var columns: [SplitColumns.Column: any ControllerNode] = [:]
        for column in SplitColumns.Column.allCases {
            columns[column] = split.viewController(for: UISplitViewController.Column(column))
        }
        return columns
    }

    public var isFullScreenModal: Bool { modalPresentationStyle == .fullScreen }

    /// The identifier of the tab this controller is the root of: set it on each tab's
    /// navigation controller when the app builds its own `UITabBarController`
    /// (``UIKitNavigator/tabBarController(_:)`` sets it).
    public var routeTab: String? {
        get { objc_getAssociatedObject(self, &AssociatedKeys.routeTab) as? String }
        set { objc_setAssociatedObject(self, &AssociatedKeys.routeTab, newValue, .OBJC_ASSOCIATION_COPY_NONATOMIC) }
    }

    /// The URL the route was opened with, which a saved window records; set by ``UIKitNavigator``.
    public var routeURL: String? {
        get { objc_getAssociatedObject(self, &AssociatedKeys.routeURL) as? String }
        set { objc_setAssociatedObject(self, &AssociatedKeys.routeURL, newValue, .OBJC_ASSOCIATION_COPY_NONATOMIC) }
    }

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
extension UISplitViewController.Column {
    /// UIKit's column for a core one: the detail is UIKit's secondary column.
    init(_ column: SplitColumns.Column) {
        switch column {
        case .primary: self = .primary
        case .supplementary: self = .supplementary
        case .detail: self = .secondary
        }
    }
}
#endif
