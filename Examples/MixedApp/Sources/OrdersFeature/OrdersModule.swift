import ShopInterfaces
import Switchyard

/// The Orders feature, in Swift: its tab's home and an order page. It never imports LegacyShop:
/// it reaches the legacy module by URL and through the service both declare in ShopInterfaces.
public struct OrdersModule: FeatureModule {
    public let name = "Orders"

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.router.page("/orders", home: .tab("orders")) { _ in
            Destination(OrdersScreen(), name: "Orders")
        }
        try app.router.page("/order/:id", parents: ["/orders"], home: .tab("orders")) { request in
            Destination(OrderScreen(id: request.string("id") ?? ""), name: "Order")
        }
    }
}

/// The Orders home: it reads the Objective-C cart service and opens an Objective-C page.
@MainActor
final class OrdersScreen {
    /// The legacy module's cart, registered from Objective-C (BeeHive's way), found by its protocol.
    @Injected var cart: (any LegacyCartService)?

    /// The legacy order page, by URL: an Objective-C page, shown in the Orders tab like this one.
    func showLegacyOrder(_ id: String, with router: Router) async {
        _ = await router.open("/legacy/order/\(id)")
    }

    var summary: String { "\(cart?.itemCount() ?? 0) items in the cart" }
}

/// An order, in Swift.
struct OrderScreen {
    let id: String
}
