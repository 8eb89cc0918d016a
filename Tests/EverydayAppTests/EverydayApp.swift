// The everyday path, measured (issue 50): an app of two feature modules that never import each
// other (Tests/EverydayApp/Orders and Account, sharing only Contracts), with tabs whose roots
// are pages' homes, a protected Orders tab and a login page, a service one module provides and
// the other reads, a target one module calls in the other, and a cold start from a link.
// Its code is this file and the three folders; EverydayPathTests holds these lists to it.
//
// Switchyard types it names, 9 (at most 10):
//   AppRouter, FeatureModule, Route, PageContent, HeadlessNavigator, MediatorTarget,
//   TargetActions, Injected, IncomingLink
// Switchyard calls it makes, 14 (at most 15):
//   AppRouter(tabs:schemes:domains:), add, requireLogin, service, start, HeadlessNavigator(tabs:),
//   launch, page, provide, loginDone, loginCancelled, perform, open, action
// On iOS, HeadlessNavigator is UIKitNavigator (or a SwiftUI RoutedWindow's model): one type, one call.
//
// Before, the same app took 16 types and 17 calls, plus 5 types of setup: FeatureModule,
// AppRouter, Router, Destination, PageHome, NavigationCommand, Route, LoginState,
// LoginInterceptor, PendingRouteStore, MemoryPendingRouteStore, ServiceRegistry,
// MediatorTarget, TargetActions, Injected, MediatorError; RouterConfiguration,
// PipelineSettings, WindowHomes, UIKitNavigator, IncomingLink.

import EverydayAccount
import EverydayContracts
import EverydayOrders
import Switchyard

/// The app: the one place that links both modules.
@MainActor
final class EverydayApp {
    let app: AppRouter
    let window: HeadlessNavigator

    init() async throws {
        let app = AppRouter(tabs: ["home", "orders", "me"], schemes: ["shop"], domains: ["shop.example.com"])
        try app.add(OrdersModule(), AccountModule())
        try app.requireLogin(for: [OrdersRoute.self, OrderRoute.self], loginPage: LoginRoute.self) {
            app.service((any Session).self)?.user != nil
        }
        await app.start()
        window = try HeadlessNavigator(tabs: app.tabs)
        app.navigator = window
        self.app = app
    }

    /// The window connected (a scene delegate's `scene(_:willConnectTo:options:)`), with the
    /// links the app was opened with.
    func windowDidConnect(links: [IncomingLink] = []) async {
        await app.launch(links: links)
    }
}
