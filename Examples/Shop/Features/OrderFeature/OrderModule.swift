import ShopContracts
import Switchyard

/// Orders (behind login), and the receipt service a host app may replace.
public struct OrderModule: FeatureModule {
    public let name = "Order"
    public var priority: Int { 70 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.services.register((any ReceiptService).self) { _ in PlainReceipts() }
        try app.page(OrdersRoute.self, tab: "orders", isHome: true, owner: name) { _ in OrdersScreen() }
        try app.page(OrderRoute.self, tab: "orders", owner: name) { order in OrderScreen(id: order.id) }
        let numbers = Guarded(1_000)
        try app.router.page(NewOrderRoute.self, command: .present, owner: name) { _, _ in Destination(NewOrderScreen(numbers: numbers), name: "NewOrder") }
    }
}

// Real screens, tested headless: the module's pages are screen models (what a page shows, read
// back from the window in tests on Linux); on iOS each makes its view controller
// (OrderScreens+UIKit.swift), and a model that does not is a compile error there.

/// The Orders tab's root: the signed-in user's orders.
public struct OrdersScreen: PageContent {
    public var pageName: String { "Orders" }
}

/// One order.
public struct OrderScreen: PageContent {
    public let id: Int
    public var pageName: String { "Order(\(id))" }
    /// What the screen's title says.
    public var title: String { "Order #\(id)" }
}

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
