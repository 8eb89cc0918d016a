import ShopContracts
import Switchyard

/// The home screen, and an internal debug page that links from outside must not reach.
public struct HomeModule: FeatureModule {
    public let name = "Home"
    public var priority: Int { 100 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.router.page(ShopRoutes.home, owner: name) { _ in Destination(HomeScreen(), name: "Home") }
        try app.router.page(ShopRoutes.debugFlags, owner: name) { _ in Destination(HomeScreen(), name: "DebugFlags") }
    }
}

/// Stands in for the home view controller.
public struct HomeScreen: Sendable {}
