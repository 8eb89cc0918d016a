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
        let numbers = Guarded(1_000)
        try app.router.page(NewOrderRoute.self, command: .present, owner: name) { _, _ in Destination(NewOrderScreen(numbers: numbers), name: "NewOrder") }
        try app.router.page(OrderRoute.self, parents: [OrdersRoute.pattern], home: .tab("orders"), owner: name) { order, _ in
            Destination(OrderScreen(), name: "Order(\(order.id))")
        }
    }
}

/// Stands in for the order view controller.
public struct OrderScreen: Sendable {}

/// The new-order page: shows the item asked for and answers the placed order.
@MainActor
public final class NewOrderScreen: RouteReceiver {
    public private(set) var sku = ""
    private var request: RouteRequest?
    /// The last order number given, shared by every new-order page of the app.
    private let numbers: Guarded<Int>

    init(numbers: Guarded<Int>) {
        self.numbers = numbers
    }

    public func receive(_ request: RouteRequest) {
        self.request = request
        sku = request.string("sku") ?? "sku-1"
    }

    /// The user taps "Place order": the caller gets the order's number.
    public func place() {
        let number = numbers.withLock { last in
            last += 1
            return last
        }
        request?.answer(PlacedOrder(orderNumber: "A-\(number)", sku: sku))
    }
}

/// The module's default receipts.
struct PlainReceipts: ReceiptService {
    func receipt(forOrder id: Int) -> String { "Receipt for order \(id)" }
}
