// A stand-in for the part of Apple's UIKit that SwitchyardUIKit calls, so the adapter compiles
// on Linux, where UIKit does not exist: each declaration names the UIKit symbol it stands for
// and keeps its signature; bodies do nothing. Built only with SWITCHYARD_APPLE_STUBS=1, never
// shipped. UIKit re-exports Foundation, CoreGraphics and the Objective-C runtime, as here.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import ObjectiveC

/// UIKit's IndexPath.row
extension IndexPath {
    public var row: Int { self[1] }
}

/// UIResponder
@MainActor
open class UIResponder: NSObject {}

/// UIViewController
@MainActor
open class UIViewController: UIResponder {
    /// UIModalPresentationStyle
    public enum ModalPresentationStyle: Int, Sendable { case fullScreen = 0, automatic = -2 }

    /// UIViewController.init(nibName:bundle:)
    public init(nibName: String? = nil, bundle: Bundle? = nil) { super.init() }
    /// UIViewController.init(coder:)
    public required init?(coder: NSCoder) { super.init() }

    /// UIViewController.title
    open var title: String?
    /// UIViewController.navigationItem
    open var navigationItem = UINavigationItem()
    /// UIViewController.presentedViewController
    open var presentedViewController: UIViewController? { nil }
    /// UIViewController.navigationController
    open var navigationController: UINavigationController? { nil }
    /// UIViewController.tabBarController
    open var tabBarController: UITabBarController? { nil }
    /// UIViewController.hidesBottomBarWhenPushed
    open var hidesBottomBarWhenPushed = false
    /// UIViewController.modalPresentationStyle
    open var modalPresentationStyle = ModalPresentationStyle.automatic
    /// UIViewController.transitioningDelegate
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?

    /// UIViewController.viewDidLoad()
    open func viewDidLoad() {}
    /// UIViewController.viewWillAppear(_:)
    open func viewWillAppear(_ animated: Bool) {}
    /// UIViewController.present(_:animated:completion:)
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    /// UIViewController.dismiss(animated:completion:)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

/// UIModalPresentationStyle, as UIKit names it at the top level.
public typealias UIModalPresentationStyle = UIViewController.ModalPresentationStyle

/// UINavigationController
@MainActor
open class UINavigationController: UIViewController {
    /// UINavigationController.Operation
    public enum Operation: Int, Sendable { case none, push, pop }

    /// UINavigationController.init()
    public init() { super.init() }
    /// UINavigationController.init(rootViewController:)
    public init(rootViewController: UIViewController) { super.init() }
    /// UINavigationController.init(coder:)
    public required init?(coder: NSCoder) { super.init() }

    /// UINavigationController.viewControllers
    open var viewControllers: [UIViewController] = []
    /// UINavigationController.delegate
    open weak var delegate: (any UINavigationControllerDelegate)?
    /// UIViewController.transitionCoordinator
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }

    /// UINavigationController.setViewControllers(_:animated:)
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
    /// UINavigationController.pushViewController(_:animated:)
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
    /// UINavigationController.popToViewController(_:animated:)
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? { nil }
}

/// UITabBarController
@MainActor
open class UITabBarController: UIViewController {
    /// UITabBarController.selectedViewController
    open var selectedViewController: UIViewController?
    /// UITabBarController.selectedIndex
    open var selectedIndex = 0
    /// UITabBarController.viewControllers
    open var viewControllers: [UIViewController]?
    /// UITabBarController.setViewControllers(_:animated:)
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {}
}

/// UISplitViewController
@MainActor
open class UISplitViewController: UIViewController {
    /// UISplitViewController.Style
    public enum Style: Int, Sendable { case unspecified, doubleColumn, tripleColumn }
    /// UISplitViewController.Column
    public enum Column: Int, Sendable { case primary, supplementary, secondary, compact }

    /// UISplitViewController.init(style:)
    public init(style: Style) { super.init() }
    /// UISplitViewController.init(coder:)
    public required init?(coder: NSCoder) { super.init() }

    /// UISplitViewController.isCollapsed
    open var isCollapsed: Bool { false }
    /// UISplitViewController.viewController(for:)
    open func viewController(for column: Column) -> UIViewController? { nil }
    /// UISplitViewController.setViewController(_:for:)
    open func setViewController(_ viewController: UIViewController?, for column: Column) {}
    /// UISplitViewController.show(_:)
    open func show(_ column: Column) {}
}

/// Foundation.NSUserActivity (Apple platforms only; Linux's Foundation does not have it)
open class NSUserActivity: NSObject {
    /// NSUserActivity.init(activityType:)
    public init(activityType: String) { self.activityType = activityType }
    /// NSUserActivity.activityType
    public let activityType: String
    /// NSUserActivity.userInfo
    open var userInfo: [AnyHashable: Any]?
    /// NSUserActivity.webpageURL
    open var webpageURL: URL?
}

/// UITableViewController
@MainActor
open class UITableViewController: UIViewController {
    /// UITableViewController.tableView
    open var tableView = UITableView()
    /// UITableViewController.init(style:)
    public init(style: UITableView.Style) { super.init() }
    /// UITableViewController.init(coder:)
    public required init?(coder: NSCoder) { super.init() }
    /// UITableViewDataSource.tableView(_:numberOfRowsInSection:)
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// UITableViewDataSource.tableView(_:cellForRowAt:)
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
}

/// UIView
@MainActor
open class UIView: UIResponder {
    /// UIView.frame
    open var frame = CGRect.zero
    /// UIView.bounds
    open var bounds = CGRect.zero
    /// UIView.alpha
    open var alpha: CGFloat = 1
    /// UIView.transform
    open var transform = CGAffineTransform.identity
    /// UIView.addSubview(_:)
    open func addSubview(_ view: UIView) {}
    /// UIView.insertSubview(_:belowSubview:)
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {}
    /// UIView.animate(withDuration:animations:completion:)
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {}
}

/// UIWindow
@MainActor
open class UIWindow: UIView {
    /// UIWindow.rootViewController
    open var rootViewController: UIViewController?
    /// UIWindow.makeKeyAndVisible()
    open func makeKeyAndVisible() {}
}

/// UITableView
@MainActor
open class UITableView: UIView {
    /// UITableView.Style
    public enum Style: Int, Sendable { case plain, grouped }
    /// UITableView.dequeueReusableCell(withIdentifier:)
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? { nil }
    /// UITableView.reloadData()
    open func reloadData() {}
}

/// UITableViewCell
@MainActor
open class UITableViewCell: UIView {
    /// UITableViewCell.CellStyle
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    /// UITableViewCell.init(style:reuseIdentifier:)
    public init(style: CellStyle = .default, reuseIdentifier: String? = nil) { super.init() }
    /// UITableViewCell.textLabel
    open var textLabel: UILabel? { nil }
    /// UITableViewCell.detailTextLabel
    open var detailTextLabel: UILabel? { nil }
}

/// UILabel
@MainActor
open class UILabel: UIView {
    /// UILabel.text
    open var text: String?
    /// UILabel.textColor
    open var textColor: UIColor?
    /// UILabel.numberOfLines
    open var numberOfLines = 1
}

/// UIColor
open class UIColor: NSObject, @unchecked Sendable {
    /// UIColor.systemRed
    public static let systemRed = UIColor()
    /// UIColor.label
    public static let label = UIColor()
}

/// UINavigationItem
@MainActor
open class UINavigationItem: NSObject {
    /// UINavigationItem.rightBarButtonItem
    open var rightBarButtonItem: UIBarButtonItem?
}

/// UIBarButtonItem
@MainActor
open class UIBarButtonItem: NSObject {
    /// UIBarButtonItem.SystemItem
    public enum SystemItem: Int, Sendable { case refresh = 13 }
    /// UIBarButtonItem.init(systemItem:primaryAction:menu:)
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {}
}

/// UIAction
@MainActor
open class UIAction: NSObject {
    /// UIAction.init(title:image:identifier:discoverabilityTitle:attributes:state:handler:), with its defaults
    public init(handler: @escaping @MainActor (UIAction) -> Void) {}
}

/// UIMenu
@MainActor
open class UIMenu: NSObject {}

/// UIApplication
@MainActor
open class UIApplication: UIResponder {
    /// UIApplication.OpenExternalURLOptionsKey
    public struct OpenExternalURLOptionsKey: Hashable, Sendable {}
    /// UIApplication.shared
    public static let shared = UIApplication()
    /// UIApplication.requestSceneSessionActivation(_:userActivity:options:errorHandler:), with no session to reuse or options
    open func requestSceneSessionActivation(
        _ sceneSession: AnyObject?, userActivity: NSUserActivity?, options: AnyObject?, errorHandler: ((any Error) -> Void)? = nil
    ) {}
    /// UIApplication.open(_:options:completionHandler:)
    open func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {}
}

/// UITransitionContextViewKey
public struct UITransitionContextViewKey: Hashable, Sendable {
    /// UITransitionContextViewKey.from
    public static let from = UITransitionContextViewKey()
    /// UITransitionContextViewKey.to
    public static let to = UITransitionContextViewKey()
}

/// UITransitionContextViewControllerKey
public struct UITransitionContextViewControllerKey: Hashable, Sendable {
    /// UITransitionContextViewControllerKey.from
    public static let from = UITransitionContextViewControllerKey()
    /// UITransitionContextViewControllerKey.to
    public static let to = UITransitionContextViewControllerKey()
}

/// UIViewControllerContextTransitioning
@MainActor
public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    /// UIViewControllerContextTransitioning.containerView
    var containerView: UIView { get }
    /// UIViewControllerContextTransitioning.transitionWasCancelled
    var transitionWasCancelled: Bool { get }
    /// UIViewControllerContextTransitioning.view(forKey:)
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// UIViewControllerContextTransitioning.viewController(forKey:)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// UIViewControllerContextTransitioning.finalFrame(for:)
    func finalFrame(for viewController: UIViewController) -> CGRect
    /// UIViewControllerContextTransitioning.completeTransition(_:)
    func completeTransition(_ didComplete: Bool)
}

/// UIViewControllerAnimatedTransitioning
@MainActor
public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    /// UIViewControllerAnimatedTransitioning.transitionDuration(using:)
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// UIViewControllerAnimatedTransitioning.animateTransition(using:)
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
}

/// UIViewControllerTransitionCoordinatorContext
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {}

/// UIViewControllerTransitionCoordinator
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// UIViewControllerTransitionCoordinator.animate(alongsideTransition:completion:)
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
}

/// UIViewControllerTransitioningDelegate (its requirements are optional in UIKit: defaults below)
@MainActor
public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    /// UIViewControllerTransitioningDelegate.animationController(forPresented:presenting:source:)
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    /// UIViewControllerTransitioningDelegate.animationController(forDismissed:)
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
}

/// UINavigationControllerDelegate (its requirements are optional in UIKit: defaults below)
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
    /// UINavigationControllerDelegate.navigationController(_:animationControllerFor:from:to:)
    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
}
