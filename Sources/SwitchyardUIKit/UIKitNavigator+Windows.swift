#if canImport(UIKit) && !os(watchOS)
@preconcurrency import UIKit
import SwitchyardRouting
import SwitchyardNavigation

/// Tab bars, split views, new scenes and state restoration for ``UIKitNavigator``.
extension UIKitNavigator {
    /// A tab bar controller with a navigation stack per tab, each tagged with its identifier
    /// (the `tab:` a page declares as its home), in this order.
    ///
    /// An app that builds its own sets ``UIKit/UIViewController/routeTab`` on each tab's
    /// navigation controller instead.
    public static func tabBarController(_ tabs: [(identifier: String, root: UIViewController)]) -> UITabBarController {
        let tabBar = UITabBarController()
        tabBar.setViewControllers(tabs.map { tab in
            let navigation = UINavigationController(rootViewController: tab.root)
            navigation.routeTab = tab.identifier
            return navigation
        }, animated: false)
        return tabBar
    }

    /// A tab bar controller with an empty navigation stack per tab, each tagged with its
    /// identifier, in this order: the router puts each tab's home at its root when the scene
    /// launches (`PipelineSettings.homes`, `Router.launch(scene:restoring:links:)`).
    ///
    /// Tell the router of a tab the user selects (`Router.didSelectTab(_:scene:)`, from the tab
    /// bar's delegate), so a tab whose home waited for login opens it then.
    public static func tabBarController(tabs: [String]) -> UITabBarController {
        let tabBar = UITabBarController()
        tabBar.setViewControllers(tabs.map { identifier in
            let navigation = UINavigationController()
            navigation.routeTab = identifier
            return navigation
        }, animated: false)
        return tabBar
    }

    /// A column-style split view with a navigation stack per column: the primary (sidebar),
    /// an optional supplementary column, and the detail, where pages without a home go.
    public static func splitViewController(
        primary: UIViewController, supplementary: UIViewController? = nil, detail: UIViewController
    ) -> UISplitViewController {
        let split = UISplitViewController(style: supplementary == nil ? .doubleColumn : .tripleColumn)
        split.setViewController(UINavigationController(rootViewController: primary), for: .primary)
        if let supplementary { split.setViewController(UINavigationController(rootViewController: supplementary), for: .supplementary) }
        split.setViewController(UINavigationController(rootViewController: detail), for: .secondary)
        return split
    }

    /// The activity type of a request for a new scene that opens a URL.
    public static let openURLActivityType = "switchyard.open-url"
    /// The activity type of a window's saved navigation (``restorationActivity()``).
    public static let restorationActivityType = "switchyard.saved-window"

    /// Asks the system for a new scene that opens `url`: its scene delegate gets the URL from
    /// the connection options' user activity (``url(in:)``) and passes it to
    /// `router.handleIncoming(_:scene:)`.
    public func requestScene(for url: String) throws {
        let activity = NSUserActivity(activityType: Self.openURLActivityType)
        activity.userInfo = ["url": url]
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil, errorHandler: nil)
    }

    /// The URL a scene was asked to open: by ``requestScene(for:)``, or a universal link
    /// (`NSUserActivityTypeBrowsingWeb`); `nil` for any other activity.
    public static func url(in activity: NSUserActivity) -> String? {
        if activity.activityType == openURLActivityType { return activity.userInfo?["url"] as? String }
        return activity.webpageURL?.absoluteString
    }

    /// The window as URLs to save, and a note for each screen left out
    /// (``SavedWindow/saving(_:)``).
    public func saved() -> (window: SavedWindow, leftOut: [String]) {
        SavedWindow.saving(window.rootViewController)
    }

    /// The window's navigation as a user activity: return it from the scene delegate's
    /// `stateRestorationActivity(for:)`; the system hands it back at the next launch.
    public func restorationActivity() -> NSUserActivity {
        let activity = NSUserActivity(activityType: Self.restorationActivityType)
        activity.userInfo = ["window": saved().window.encoded()]
        return activity
    }

    /// The saved window in a restoration activity, to pass to `router.restore(_:scene:)`;
    /// `nil` for any other activity. The router checks the bytes: they are untrusted.
    public static func savedWindow(in activity: NSUserActivity) -> Data? {
        guard activity.activityType == restorationActivityType else { return nil }
        return activity.userInfo?["window"] as? Data
    }
}
#endif
