#if canImport(SwiftUI) && canImport(UIKit) && canImport(UserNotifications)
import ShopShell
import SwiftUI
import Switchyard
import SwitchyardUIKit
import UIKit
import UserNotifications

/// The shop as a SwiftUI app: a window group of shop windows, and one for pages that ask for a
/// window of their own (`NavigationCommand.newScene`), which opens with the page's URL.
///
/// `@MainActor` and the written `init() {}` are for SDKs up to iOS 17, which do not isolate `App`
/// to the main actor: there the delegate adaptor makes the synthesized initializer main-actor
/// isolated while `App.init()` is not, and Swift 6 stops with "default initializer for
/// 'ShopSwiftUIApp' cannot be both nonisolated and main actor-isolated". Newer SDKs need neither.
@main @MainActor
struct ShopSwiftUIApp: App {
    @UIApplicationDelegateAdaptor(ShellAppDelegate.self) private var delegate

    init() {}

    var body: some Scene {
        WindowGroup {
            ShopWindow(shell: ShellAppDelegate.shell, url: nil)
        }
        WindowGroup(id: ShopWindow.pageWindow, for: String.self) { $url in
            ShopWindow(shell: ShellAppDelegate.shell, url: url)
        }
    }
}

/// What SwiftUI leaves to UIKit: launch, notification taps and home-screen quick actions, which
/// open in the window the user last used (the router's default navigator).
final class ShellAppDelegate: NSObject, UIApplicationDelegate, @preconcurrency UNUserNotificationCenterDelegate {
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
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = QuickActionSceneDelegate.self
        return configuration
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let router = Self.shell.router
        guard let link = router.link(inNotification: response.notification.request.content.userInfo) else { return completionHandler() }
        Task {
            _ = await router.handleIncoming(link, via: .push)
            completionHandler()
        }
    }
}

/// Home-screen quick actions, at launch and while running; an unknown one is logged and opens nothing.
final class QuickActionSceneDelegate: NSObject, UIWindowSceneDelegate {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        if let item = connectionOptions.shortcutItem { open(item) }
    }

    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
        completionHandler(open(shortcutItem))
    }

    @discardableResult
    private func open(_ item: UIApplicationShortcutItem) -> Bool {
        let router = ShellAppDelegate.shell.router
        guard let link = router.link(forQuickAction: item.type) else { return false }
        Task { _ = await router.handleIncoming(link) }
        return true
    }
}
#endif
