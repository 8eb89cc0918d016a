import Switchyard

/// The cart, provided by CartFeature.
public protocol CartService: Sendable {
    func items() -> [CartItem]
    /// Adds the item with `sku` and returns how many items the cart holds.
    func add(sku: String) -> Int
}

/// Who is signed in, provided by UserFeature; the router's login interceptor asks it.
public protocol SessionService: LoginState {
    var userID: String { get }
    func logIn(as user: String)
    func logOut()
}

/// Prints order receipts. OrderFeature provides a plain one; a host app may register its own.
public protocol ReceiptService: Sendable {
    func receipt(forOrder id: Int) -> String
}
