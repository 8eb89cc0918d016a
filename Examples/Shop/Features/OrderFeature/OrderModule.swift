import ShopContracts
import Switchyard

/// Orders (behind login), and the receipt service a host app may replace.
public struct OrderModule: FeatureModule {
    public let name = "Order"
    public var priority: Int { 70 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.services.register((any ReceiptService).self) { _ in PlainReceipts() }
        try app.router.page(OrdersRoute.self, home: .tab("orders"), owner: name) { _, _ in Destination(OrderScreen(), name: "Orders") }
        try app.router.page(OrderRoute.self, parents: [OrdersRoute.pattern], home: .tab("orders"), owner: name) { order, _ in
            Destination(OrderScreen(), name: "Order(\(order.id))")
        }
    }
}

/// Stands in for the order view controller.
public struct OrderScreen: Sendable {}

/// The module's default receipts.
struct PlainReceipts: ReceiptService {
    func receipt(forOrder id: Int) -> String { "Receipt for order \(id)" }
}
