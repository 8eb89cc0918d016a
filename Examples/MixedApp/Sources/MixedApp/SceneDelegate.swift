#if canImport(UIKit)
import Switchyard
import SwitchyardUIKit
import UIKit

/// One window: a tab bar whose homes are a Swift page (Orders, Me) and an Objective-C page
/// (Cart). The UIKit navigator shows the Objective-C pages' controllers as they are, and draws
/// the Swift pages' screens with `render`.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var navigator: UIKitNavigator?
    private var router: Router { AppDelegate.app.router }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIKitNavigator.tabBarController(tabs: ["orders", "cart", "me"])
        let navigator = UIKitNavigator(window: window)
        navigator.render = { destination, _ in
            let screen = UIViewController()
            screen.title = destination.name
            return screen
        }
        let id = session.persistentIdentifier
        router.attach(navigator, scene: id)
        (self.window, self.navigator) = (window, navigator)
        window.makeKeyAndVisible()
        let saved = session.stateRestorationActivity.flatMap(UIKitNavigator.savedWindow(in:))
        let links = connectionOptions.urlContexts.map { IncomingLink($0.url.absoluteString, via: .openURL) }
        router.startLaunch(scene: id, restoring: saved, links: links)
    }

    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        let (router, id) = (router, scene.session.persistentIdentifier)
        let urls = URLContexts.map(\.url.absoluteString)
        Task { for url in urls { _ = await router.handleIncoming(url, scene: id) } }
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        navigator?.restorationActivity()
    }

    func sceneDidDisconnect(_ scene: UIScene) {
        router.detach(scene: scene.session.persistentIdentifier)
    }
}
#endif
