// A stand-in for the part of Apple's UIKit that SwitchyardUIKit and the shop's app shells call, so they compile
// on Linux, where UIKit does not exist: each declaration names the UIKit symbol it stands for
// and keeps its signature; bodies do nothing. Built only with SWITCHYARD_APPLE_STUBS=1, never
// shipped. UIKit re-exports Foundation, CoreGraphics and the Objective-C runtime, as here.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import ObjectiveC
@_exported import UserNotifications

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
    /// UIViewController.init(nibName:bundle:)
    public init(nibName: String? = nil, bundle: Bundle? = nil) { super.init() }
    /// UIViewController.init(coder:)
    public required init?(coder: NSCoder) { super.init() }

    /// UIViewController.title
    open var title: String?
    /// UIViewController.view
    open var view: UIView! = UIView()
    /// UIViewController.navigationItem
    open var navigationItem: UINavigationItem { UINavigationItem() }
    /// UIViewController.presentedViewController
    open var presentedViewController: UIViewController? { nil }
    /// UIViewController.navigationController
    open var navigationController: UINavigationController? { nil }
    /// UIViewController.tabBarController
    open var tabBarController: UITabBarController? { nil }
    /// UIViewController.hidesBottomBarWhenPushed
    open var hidesBottomBarWhenPushed = false
    /// UIViewController.modalPresentationStyle
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
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

/// UIModalPresentationStyle
public enum UIModalPresentationStyle: Int, Sendable { case fullScreen = 0, automatic = -2 }

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
    /// UITabBarController.delegate
    open weak var delegate: (any UITabBarControllerDelegate)?
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

/// Foundation's URL.applicationSupportDirectory (iOS 16; Linux's Foundation does not have it)
extension URL {
    public static var applicationSupportDirectory: URL { URL(fileURLWithPath: "/") }
}

/// Foundation.NSUserActivityTypeBrowsingWeb
public let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"

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
    /// UIWindow.init(frame:)
    public init(frame: CGRect) { super.init() }
    /// UIWindow.init(windowScene:)
    public init(windowScene: UIWindowScene) { super.init() }
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
    public enum SystemItem: Int, Sendable { case refresh = 13, bookmarks = 11 }
    /// UIBarButtonItem.init(systemItem:primaryAction:menu:)
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {}
}

/// UIImage
open class UIImage: NSObject, @unchecked Sendable {}

/// UIMenuElement
@MainActor
open class UIMenuElement: NSObject {
    /// UIMenuElement.Attributes
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        /// UIMenuElement.Attributes.init(rawValue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    /// UIMenuElement.State
    public enum State: Int, Sendable { case off, on, mixed }
}

/// UIActionHandler
public typealias UIActionHandler = (UIAction) -> Void

/// UIAction
@MainActor
open class UIAction: UIMenuElement {
    /// UIAction.init(title:image:identifier:discoverabilityTitle:attributes:state:handler:), with its defaults
    public init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) {}

    /// UIAction.Identifier
    public struct Identifier: Hashable, Sendable {}
}

/// UIMenu
@MainActor
open class UIMenu: UIMenuElement {}

/// UIApplication
@MainActor
open class UIApplication: UIResponder {
    /// UIApplication.OpenExternalURLOptionsKey
    public struct OpenExternalURLOptionsKey: Hashable, Sendable {}
    /// UIApplication.LaunchOptionsKey
    public struct LaunchOptionsKey: Hashable, Sendable {}
    /// UIApplication.shared
    public static let shared = UIApplication()
    /// UIApplication.requestSceneSessionActivation(_:userActivity:options:errorHandler:), with no session to reuse or options
    open func requestSceneSessionActivation(
        _ sceneSession: UISceneSession?, userActivity: NSUserActivity?, options: UIScene.ActivationRequestOptions?,
        errorHandler: ((any Error) -> Void)? = nil
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

/// UITabBarControllerDelegate (its requirements are optional in UIKit: defaults below)
@MainActor
public protocol UITabBarControllerDelegate: NSObjectProtocol {
    /// UITabBarControllerDelegate.tabBarController(_:didSelect:)
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// UIApplicationDelegate
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// UIApplicationDelegate.application(_:didFinishLaunchingWithOptions:)
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// UIApplicationDelegate.application(_:configurationForConnecting:options:)
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration
}

extension UIApplicationDelegate {
    /// The methods are optional in UIKit.
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }
    /// UIApplicationDelegate's `@main` entry point (UIApplicationMain).
    public static func main() {}
}

/// UIScene
@MainActor
open class UIScene: UIResponder {
    /// UIScene.ConnectionOptions
    @MainActor
    open class ConnectionOptions: NSObject {
        /// UIScene.ConnectionOptions.urlContexts
        open var urlContexts: Set<UIOpenURLContext> { [] }
        /// UIScene.ConnectionOptions.userActivities
        open var userActivities: Set<NSUserActivity> { [] }
        /// UIScene.ConnectionOptions.shortcutItem
        open var shortcutItem: UIApplicationShortcutItem? { nil }
    }

    /// UIScene.ActivationRequestOptions
    @MainActor
    open class ActivationRequestOptions: NSObject {}

    /// UIScene.session
    open var session: UISceneSession { UISceneSession() }
}

/// UIWindowScene
@MainActor
open class UIWindowScene: UIScene {}

/// UISceneSession
@MainActor
open class UISceneSession: NSObject {
    /// UISceneSession.Role
    public struct Role: Hashable, Sendable {}
    /// UISceneSession.persistentIdentifier
    open var persistentIdentifier: String { "" }
    /// UISceneSession.role
    open var role: Role { Role() }
    /// UISceneSession.stateRestorationActivity
    open var stateRestorationActivity: NSUserActivity? { nil }
}

/// UISceneConfiguration
@MainActor
open class UISceneConfiguration: NSObject {
    /// UISceneConfiguration.init(name:sessionRole:)
    public init(name: String?, sessionRole: UISceneSession.Role) {}
    /// UISceneConfiguration.delegateClass
    open var delegateClass: AnyClass?
}

/// UIOpenURLContext
@MainActor
open class UIOpenURLContext: NSObject {
    /// UIOpenURLContext.url
    open var url: URL { URL(fileURLWithPath: "/") }
}

/// UIApplicationShortcutItem
open class UIApplicationShortcutItem: NSObject, @unchecked Sendable {
    /// UIApplicationShortcutItem.type
    open var type: String { "" }
}

/// UISceneDelegate
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    /// UISceneDelegate.scene(_:willConnectTo:options:)
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// UISceneDelegate.sceneDidDisconnect(_:)
    func sceneDidDisconnect(_ scene: UIScene)
    /// UISceneDelegate.scene(_:openURLContexts:)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    /// UISceneDelegate.scene(_:continue:)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    /// UISceneDelegate.stateRestorationActivity(for:)
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
}

extension UISceneDelegate {
    /// The methods are optional in UIKit.
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
}

/// UIWindowSceneDelegate
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// UIWindowSceneDelegate.window
    var window: UIWindow? { get set }
    /// UIWindowSceneDelegate.windowScene(_:performActionFor:completionHandler:)
    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void)
}

extension UIWindowSceneDelegate {
    /// The members are optional in UIKit.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    public func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {}
}

extension UNNotificationResponse {
    /// UNNotificationResponse.targetScene (declared by UIKit)
    public var targetScene: UIScene? { nil }
}
