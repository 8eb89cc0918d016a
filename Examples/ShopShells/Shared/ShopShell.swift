import CartFeature
import Foundation
import HomeFeature
import OrderFeature
import ProductFeature
import ShopContracts
import Switchyard
import UserFeature
import WebFeature

/// What the UIKit and the SwiftUI shells share: the shop's router, its six feature modules and
/// its policies, and no UI. Made at launch, before any window; opens that arrive before
/// ``start()`` has finished wait, then run in the order they came (a cold start from a link).
@MainActor
public final class ShopShell {
    /// The tab bar's tabs; pages name theirs as their home, and each has its home route at its root.
    public static let tabs = ShopTabs.identifiers
    /// The home-screen quick actions of the app's Info.plist (`UIApplicationShortcutItems`).
    public static let quickActions = ["com.example.shop.cart": "shop://cart", "com.example.shop.orders": "shop://orders"]

    public let app: AppRouter
    /// Where a route waits while the user logs in, across launches.
    public let pending: any PendingRouteStore
    /// Other apps may ask for the cart picker (x-callback-url) and are taken back with the item;
    /// set by ``start()`` once the picker's route is registered, `nil` before and when the
    /// channel could not be set up (logged).
    public private(set) var callbacks: XCallbackChannel?
    /// Opens an x-callback URL in another app.
    private let openInOtherApp: @Sendable (String) async -> Bool

    public var router: Router { app.router }

    /// - Parameters:
    ///   - pendingRoutes: where a logged-out user's route is kept; the app passes a file in
    ///     Application Support, tests the default memory store.
    ///   - openInOtherApp: opens an x-callback URL in another app: `XCallbackChannel.openInOtherApp`
    ///     (SwitchyardUIKit) in the app, a recorder in tests.
    public init(pendingRoutes: any PendingRouteStore = MemoryPendingRouteStore(), openInOtherApp: @escaping @Sendable (String) async -> Bool) {
        pending = pendingRoutes
        let configuration = RouterConfiguration(
            schemes: [ShopLinks.scheme], associatedDomains: [ShopLinks.domain], webRoute: WebRoute.pattern, webViewHosts: ShopLinks.webViewHosts)
        let router = Router(configuration: configuration, settings: PipelineSettings(
            recordingLast: 200, startsReady: false, tabs: Self.tabs, universalLinkRoutes: ShopLinks.universalLinkRoutes))
        app = AppRouter(router: router)
        do {
            try app.add(HomeModule(), ProductModule(), CartModule(), OrderModule(), UserModule(), WebModule())
        } catch {
            router.configuration.logger.error("modules not added: \(error)")
        }
        // A link that opens nothing shows this page rather than nothing at all.
        router.setNotFoundPage { url, miss in Destination(NotFoundScreen(url: url, reason: miss.description), name: "NotFound") }
        for (type, url) in Self.quickActions { router.registerQuickAction(type, opens: url) }
        self.openInOtherApp = openInOtherApp
    }

    /// Registers and loads the modules, serves other apps once the routes they may reach are
    /// registered, adds the login policy, then lets waiting opens run.
    public func start() async {
        let (registered, loaded) = await app.start()
        for failure in registered.failures + loaded.failures { router.configuration.logger.error("module failed to start: \(failure)") }
        do {
            let settings = XCallbackSettings(sourceName: "Shop", openToApps: [CartPickerRoute.pattern], allowedCallbacks: ["sibling"])
            let channel = try XCallbackChannel(router: router, settings: settings, openURL: openInOtherApp)
            try channel.register()
            callbacks = channel
        } catch {
            router.configuration.logger.error("x-callback-url not served: \(error)")
        }
        do {
            let session = try app.require((any SessionService).self)
            try router.requireLogin(for: [OrdersRoute.pattern, "/order/*"], loginPage: LoginRoute().path, state: session, store: pending)
        } catch {
            router.configuration.logger.error("login policy not added: \(error)")
        }
        router.markReady()
    }
}

/// The page a link that opens nothing shows: the link, and why.
public struct NotFoundScreen: Sendable, Equatable {
    public let url: String
    public let reason: String

    public init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }
}
