#if canImport(UIKit)
import ShopContracts
import ShopShell
import Switchyard
import SwitchyardUIKit
import UIKit

/// One window: a tab bar with a stack per tab, driven by a ``UIKitNavigator`` attached to the
/// router for this scene, so a link opened here changes only this window.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var navigator: UIKitNavigator?
    private var router: Router { AppDelegate.shell.router }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let router = self.router
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIKitNavigator.tabBarController(ShopShell.tabs.map { (identifier: $0, root: ScreenViewController(tab: $0) as UIViewController) })
        let navigator = UIKitNavigator(window: window)
        navigator.render = { destination, _ in ScreenViewController(destination: destination) }
        navigator.transitions[CouponRoute.pattern] = .fade
        navigator.transitions[CartPickerRoute.pattern] = .slideFromBottom
        let id = session.persistentIdentifier
        router.attach(navigator, scene: id)
        (self.window, self.navigator) = (window, navigator)
        window.makeKeyAndVisible()

        // Whatever launched this scene: its saved window, links, a scene a page asked for, a quick action.
        let saved = session.stateRestorationActivity.flatMap(UIKitNavigator.savedWindow(in:))
        let links = connectionOptions.urlContexts.map { ($0.url.absoluteString, IncomingOrigin.openURL) }
            + connectionOptions.userActivities.compactMap { UIKitNavigator.url(in: $0).map { ($0, IncomingOrigin.userActivity) } }
            + (connectionOptions.shortcutItem.flatMap { router.link(forQuickAction: $0.type) }.map { [($0, IncomingOrigin.openURL)] } ?? [])
        Task {
            // A saved window that no longer restores is refused whole and logged: the window starts clean.
            if let saved { await router.restore(saved, scene: id) }
            for (url, origin) in links { _ = await router.handleIncoming(url, via: origin, scene: id) }
        }
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        open(URLContexts.map(\.url.absoluteString), via: .openURL, in: scene)
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        open(UIKitNavigator.url(in: userActivity).map { [$0] } ?? [], via: .userActivity, in: scene)
    }

    func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {
        let link = router.link(forQuickAction: shortcutItem.type)   // an unknown one is logged and opens nothing
        open(link.map { [$0] } ?? [], via: .openURL, in: windowScene)
        completionHandler(link != nil)
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        navigator?.restorationActivity()
    }

    func sceneDidDisconnect(_ scene: UIScene) {
        router.detach(scene: scene.session.persistentIdentifier)
    }

    private func open(_ urls: [String], via origin: IncomingOrigin, in scene: UIScene) {
        let (router, id) = (router, scene.session.persistentIdentifier)
        Task { for url in urls { _ = await router.handleIncoming(url, via: origin, scene: id) } }
    }
}
#endif
