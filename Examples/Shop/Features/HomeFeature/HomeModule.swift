import ShopContracts
import Switchyard

/// The home screen, and an internal debug page that links from outside must not reach.
public struct HomeModule: FeatureModule {
    public let name = "Home"
    public var priority: Int { 100 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.router.page(HomeRoute.self, home: .tab("home"), owner: name) { _, _ in Destination(HomeScreen(), name: "Home") }
        try app.router.page(DebugFlagsRoute.self, owner: name) { _, _ in Destination(HomeScreen(), name: "DebugFlags") }
    }
}

/// Stands in for the home view controller.
public struct HomeScreen: Sendable {}
