import EverydayContracts
import Switchyard

/// The shop front and the orders (behind login), and a target other modules call by name.
public struct OrdersModule: FeatureModule {
    public let name = "Orders"
    public init() {}

    public func register(in app: AppRouter) throws {
        try app.page(HomeRoute.self, tab: "home", isHome: true) { _ in Home() }
        try app.page(OrdersRoute.self, tab: "orders", isHome: true) { _ in Orders() }
        try app.page(OrderRoute.self, tab: "orders") { order in Order(id: order.id) }
    }
}

// The screens: what a link opens, read back from the window in tests. On iOS each pairs with
// its view controller (`makeViewController()`, see "Real screens, tested headless").
public struct Home: PageContent {}
public struct Orders: PageContent {}
public struct Order: PageContent {
    public let id: Int
    public var pageName: String { "Order(\(id))" }
}

/// `EverydayOrders.Orders`: asked by name, so its callers never import this module.
public struct Target_Orders: MediatorTarget {
    /// The Account module's service, from the app whose mediator runs the target.
    @Injected var session: (any Session)?

    public init() {}

    public static let actions = TargetActions<Self> { actions in
        actions.action("count") { target, _ in target.session?.user == nil ? 0 : 3 }
    }
}
