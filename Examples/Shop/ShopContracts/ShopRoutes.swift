import Switchyard
import SwitchyardTypedRoutes

// Every route of the shop as a typed value, so modules open each other by type, never by
// import. The compiler checks each pattern and its properties; deep links, the manifest and
// the console open the same routes by URL.

@Route("/home")
public struct HomeRoute: Equatable { public init() {} }

@Route("/product/list")
public struct ProductListRoute: Equatable { public init() {} }

@Route("/product/<int:id>")
public struct ProductRoute: Equatable {
    public let id: Int
    public init(id: Int) { self.id = id }
}

@Route("/live/:room")
public struct LiveRoute: Equatable {
    public let room: String
    public init(room: String) { self.room = room }
}

/// The cart's picker: presented over the caller, it answers the item the user picked.
/// The Cart tab's root.
@Route("/cart")
public struct CartRoute: Equatable { public init() {} }

@Route("/cart/pick")
public struct CartPickerRoute: Equatable {
    public typealias Answer = CartItem
    public init() {}
}

/// Adds an item to the cart and answers how many items it then holds.
@Route("/cart/add/:sku")
public struct CartAddRoute: Equatable {
    public typealias Answer = Int
    public let sku: String
    public init(sku: String) { self.sku = sku }
}

@Route("/coupon/:code")
public struct CouponRoute: Equatable {
    public let code: String
    public init(code: String) { self.code = code }
}

@Route("/checkout")
public struct CheckoutRoute: Equatable { public init() {} }

@Route("/checkout/new")
public struct NewCheckoutRoute: Equatable { public init() {} }

@Route("/orders")
public struct OrdersRoute: Equatable { public init() {} }

/// The new-order page: the user orders `sku`, and the caller gets the placed order back.
@Route("/order/new")
public struct NewOrderRoute: Equatable {
    public typealias Answer = PlacedOrder
    public init() {}
}

@Route("/order/<int:id>")
public struct OrderRoute: Equatable {
    public let id: Int
    public init(id: Int) { self.id = id }
}

/// The Me tab's root.
@Route("/me")
public struct MeRoute: Equatable { public init() {} }

@Route("/login")
public struct LoginRoute: Equatable { public init() {} }

@Route("/logout")
public struct LogoutRoute: Equatable { public init() {} }

/// An H5 page: the web view shows `url` when its host is the shop's own.
@Route("/web")
public struct WebRoute: Equatable {
    public var url: String?
    public init(url: String? = nil) { self.url = url }
}

@Route("/debug/flags")
public struct DebugFlagsRoute: Equatable { public init() {} }
