#if canImport(UIKit)
import ShopContracts
import ShopShell
import Switchyard
import SwitchyardUIKit
import UIKit

/// One window: a tab bar with a stack per tab, driven by a ``UIKitNavigator`` attached to the
/// router for this scene, so a link opened here changes only this window. Each tab starts with
/// its home page (the module page that says `isHome: true`), which the router puts in place when the scene launches.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate, UITabBarControllerDelegate {
    var window: UIWindow?
    private var navigator: UIKitNavigator?
    private var sceneID: String?
    private var router: Router { AppDelegate.shell.router }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let router = self.router
        let window = UIWindow(windowScene: windowScene)
        let tabBar = UIKitNavigator.tabBarController(tabs: ShopShell.tabs)   // empty stacks: the homes fill them
        tabBar.delegate = self
        window.rootViewController = tabBar
        let navigator = UIKitNavigator(window: window)
        navigator.render = { destination, _ in ScreenViewController(destination: destination) }
        navigator.transitions[CouponRoute.pattern] = .fade
        navigator.transitions[CartPickerRoute.pattern] = .slideFromBottom
        let id = session.persistentIdentifier
        router.attach(navigator, scene: id)
        (self.window, self.navigator, sceneID) = (window, navigator, id)
        window.makeKeyAndVisible()

        // A scene a page asked for (NavigationCommand.newScene) shows that page and nothing else.
        if let page = connectionOptions.userActivities.first(where: { $0.activityType == UIKitNavigator.openURLActivityType }),
           let url = UIKitNavigator.url(in: page) {
            Task { _ = await router.handleIncoming(url, scene: id) }
            return
        }
        // Whatever launched this scene, over its tabs' homes: its saved window, links, a quick action.
        let saved = session.stateRestorationActivity.flatMap(UIKitNavigator.savedWindow(in:))
        let links = connectionOptions.urlContexts.map { IncomingLink($0.url.absoluteString, via: .openURL) }
            + connectionOptions.userActivities.compactMap { UIKitNavigator.url(in: $0).map { IncomingLink($0, via: .userActivity) } }
            + (connectionOptions.shortcutItem.flatMap { router.link(forQuickAction: $0.type) }.map { [IncomingLink($0)] } ?? [])
        // In place from now on: a link handed over next waits for it. A saved window that no
        // longer restores is refused whole and logged: the homes stay.
        router.startLaunch(scene: id, restoring: saved, links: links)
    }

    /// A tab the user selected: one whose home waited for login opens it now (login, then Orders).
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        guard let tab = viewController.routeTab, let id = sceneID else { return }
        let router = self.router
        Task { await router.didSelectTab(tab, scene: id) }
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
