#if canImport(UIKit)
import LegacyShop
import OrdersFeature
import ProfileFeature
import Switchyard
import SwitchyardObjC
import UIKit

/// One start for both languages, in this order:
/// 1. the `AppRouter` and its settings (schemes, tabs, homes), made in Swift;
/// 2. every module added, Swift (`app.add`) and Objective-C (`objcApp.add…`), before the start;
/// 3. the interceptors, before any open;
/// 4. `objcApp.start`: every module registers, then loads; `markReady()` in its completion, so
///    a link that arrived meanwhile opens once every route exists.
/// A module added after the start fails with `ModuleError.alreadyStarted` (Objective-C:
/// `SWYErrorCodeModulesAlreadyStarted`); a second start says so; a launch awaited before
/// `markReady()` logs the fix after two seconds.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    static let session = Session()
    static let app = AppRouter(router: Router(
        configuration: RouterConfiguration(schemes: ["shop"], associatedDomains: ["shop.example.com"]),
        settings: PipelineSettings(startsReady: false, tabs: ["orders", "cart", "me"],
                                   homes: WindowHomes(tabs: ["orders": "/orders", "cart": "/cart", "me": "/me"]))))
    static let objcApp = SWYApp(app: app)

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let (app, objcApp) = (Self.app, Self.objcApp)
        do {
            try app.add(OrdersModule())
            try app.add(ProfileModule(session: Self.session))
            try LegacyShop.add(toApp: objcApp)
            try app.router.requireLogin(for: ["/legacy/wallet", "/order/*"], loginPage: "/login", state: Self.session)
        } catch {
            print("the app is not set up: \(error)")
        }
        SWYMediator.setShared(objcApp.mediator)
        objcApp.start { failures in
            for failure in failures { print(failure.localizedDescription) }
            app.router.markReady()
        }
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }
}
#endif
