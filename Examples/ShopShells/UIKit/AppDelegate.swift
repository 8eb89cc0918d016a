#if canImport(UIKit) && canImport(UserNotifications)
import ShopShell
import Switchyard
import SwitchyardUIKit
import UIKit
import UserNotifications

/// The shop as a UIKit app: the router is made at launch and its modules start in the
/// background; links that arrive meanwhile wait for them. Each window is a scene
/// (``SceneDelegate``); a notification tap is handled here, for whichever scene it targets.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate, @preconcurrency UNUserNotificationCenterDelegate {
    static let shell = ShopShell(pendingRoutes: FilePendingRouteStore(file: URL.applicationSupportDirectory.appendingPathComponent("pending-route")),
                                 openInOtherApp: XCallbackChannel.openInOtherApp)

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        Task { await Self.shell.start() }
        return true
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Shop", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    /// A tap on a notification, at launch or while running. A payload without a link (or with
    /// a bad one) opens nothing; the router logs why.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let router = Self.shell.router
        guard let link = router.link(inNotification: response.notification.request.content.userInfo) else { return completionHandler() }
        let scene = response.targetScene?.session.persistentIdentifier
        Task {
            _ = await router.handleIncoming(link, via: .push, scene: scene)
            completionHandler()
        }
    }
}
#endif
