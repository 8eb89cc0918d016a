import ShopContracts
import Switchyard

/// The cart: its service, a picker that answers the picked item, the add action, coupons.
public struct CartModule: FeatureModule {
    public let name = "Cart"
    public var priority: Int { 80 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.services.register((any CartService).self) { _ in MemoryCart() }
        let services = app.services
        try app.router.page(CartRoute.self, home: .tab("cart"), isHome: true, owner: name) { _, _ in Destination(CartPickerScreen(), name: "Cart") }
        try app.router.page(CartPickerRoute.self, command: .present, owner: name) { _, _ in
            // Another app asking (x-callback-url) hands no items: the picker lists the cart's.
            Destination(CartPickerScreen(cartItems: (try? services.require((any CartService).self).items()) ?? []), name: "CartPicker")
        }
        try app.router.action(CartAddRoute.self, owner: name) { route, request in
            let cart = try services.require((any CartService).self)
            request.answer(cart.add(sku: route.sku))
        }
        try app.router.page(CouponRoute.self, owner: name) { coupon, _ in
            Destination(CartPickerScreen(), name: "Coupon(\(coupon.code))")
        }
        try app.router.page(CheckoutRoute.self, owner: name) { _, _ in Destination(CartPickerScreen(), name: "Checkout(classic)") }
        try app.router.page(NewCheckoutRoute.self, owner: name) { _, _ in Destination(CartPickerScreen(), name: "Checkout(new)") }
    }
}

/// The cart's items, in memory.
final class MemoryCart: CartService {
    private let state = Guarded([
        CartItem(sku: "sku-1", name: "Trail shoes", cents: 8900),
        CartItem(sku: "sku-2", name: "Rain jacket", cents: 12900),
    ])

    func items() -> [CartItem] { state.withLock { $0 } }

    func add(sku: String) -> Int {
        state.withLock { items in
            items.append(CartItem(sku: sku, name: "Item \(sku)", cents: 1000))
            return items.count
        }
    }
}

/// Lists the items it was opened with (a native parameter), or the cart's, and answers the one picked.
@MainActor
public final class CartPickerScreen: RouteReceiver {
    public static let acceptedParameters: [AcceptedParameter] = []
    public private(set) var items: [CartItem] = []
    private let cartItems: [CartItem]
    private var request: RouteRequest?

    public init(cartItems: [CartItem] = []) {
        self.cartItems = cartItems
    }

    public func receive(_ request: RouteRequest) {
        self.request = request
        items = request.native("items", as: [CartItem].self) ?? cartItems
    }

    /// The user taps an item: the caller awaiting the picker gets it.
    public func pick(_ index: Int) {
        guard items.indices.contains(index) else { return }
        request?.answer(items[index])
    }
}
