/// What the UIKit adapter's decisions need to know about a view controller.
///
/// The adapter makes `UIViewController` conform; tests use plain objects. Keeping UIKit
/// behind this seam lets every decision — where to push, what to dismiss, when to hide
/// the bottom bar — be tested on any platform.
@MainActor
public protocol ControllerNode: AnyObject {
    /// The controller this one presents modally (`presentedViewController`).
    var presentedNode: (any ControllerNode)? { get }
    /// For a navigation container, its screens bottom first (`viewControllers`); `nil` otherwise.
    var stackedNodes: [any ControllerNode]? { get }
    /// For a tab container, the selected tab (`selectedViewController`); `nil` otherwise.
    var selectedNode: (any ControllerNode)? { get }
    /// The navigation container this controller is in (`navigationController`).
    var navigationNode: (any ControllerNode)? { get }
    /// Whether this controller is inside a tab container (`tabBarController != nil`).
    var isInTabContainer: Bool { get }
    /// The pattern of the route that opened this controller (or a screen name).
    var routeName: String? { get }
    /// The path the route was opened with. Default `nil`.
    var routePath: String? { get }
    /// The URL the route was opened with: what saving the window records. Default `nil`
    /// (the screen is left out of a saved window, with a note).
    var routeURL: String? { get }
    /// For a tab container, its tabs in tab-bar order (`viewControllers`); `nil` otherwise. Default `nil`.
    var tabNodes: [any ControllerNode]? { get }
    /// The identifier of the tab this controller is the root of (``TabStack/id``, a ``PageHome/tab(_:)``). Default `nil`.
    var tabIdentifier: String? { get }
    /// For a split view, its columns' controllers (`viewController(for:)`); `nil` otherwise. Default `nil`.
    var splitColumnNodes: [SplitColumns.Column: any ControllerNode]? { get }
    /// Whether this controller was presented full screen (`modalPresentationStyle == .fullScreen`). Default `false`.
    var isFullScreenModal: Bool { get }
}

extension ControllerNode {
    /// Default: `nil`.
    public var routePath: String? { nil }
    /// Default: `nil`.
    public var routeURL: String? { nil }
    /// Default: `nil`.
    public var tabNodes: [any ControllerNode]? { nil }
    /// Default: `nil`.
    public var tabIdentifier: String? { nil }
    /// Default: `nil`.
    public var splitColumnNodes: [SplitColumns.Column: any ControllerNode]? { nil }
    /// Default: `false`.
    public var isFullScreenModal: Bool { false }

    /// Whether this controller was opened by `patternOrPath`.
    func isRoute(_ name: String) -> Bool { routeName == name || routePath == name }
}
