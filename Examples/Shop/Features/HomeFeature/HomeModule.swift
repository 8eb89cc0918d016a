import ShopContracts
import Switchyard

/// The home screen, and an internal debug page that links from outside must not reach.
public struct HomeModule: FeatureModule {
    public let name = "Home"
    public var priority: Int { 100 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.page(HomeRoute.self, tab: "home", isHome: true, owner: name) { _ in HomeScreen() }
        try app.router.page(DebugFlagsRoute.self, owner: name) { _, _ in Destination(HomeScreen(), name: "DebugFlags") }
    }
}

/// The home screen; on iOS a SwiftUI view shows it (HomeScreen+SwiftUI.swift).
public struct HomeScreen: PageContent {
    public var pageName: String { "Home" }
    /// The greeting at the top.
    public var greeting: String { "Welcome to the shop" }
}
