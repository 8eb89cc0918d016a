import ShopContracts
import Switchyard

/// Orders (behind login), and the receipt service a host app may replace.
public struct OrderModule: FeatureModule {
    public let name = "Order"
    public var priority: Int { 70 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.services.register((any ReceiptService).self) { _ in PlainReceipts() }
        try app.router.page(ShopRoutes.orders, parents: [ShopRoutes.home], owner: name) { _ in Destination(OrderScreen(), name: "Orders") }
        try app.router.page(ShopRoutes.order, parents: [ShopRoutes.home, ShopRoutes.orders], owner: name) { request in
            Destination(OrderScreen(), name: "Order(\(try request.require("id", as: Int.self)))")
        }
    }
}

/// Stands in for the order view controller.
public struct OrderScreen: Sendable {}

/// The module's default receipts.
struct PlainReceipts: ReceiptService {
    func receipt(forOrder id: Int) -> String { "Receipt for order \(id)" }
}
