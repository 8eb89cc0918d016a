/// An item in the cart: the native object the cart hands its picker.
public struct CartItem: Hashable, Sendable, Codable, CustomStringConvertible {
    public let sku: String
    public let name: String
    public let cents: Int

    public init(sku: String, name: String, cents: Int) {
        self.sku = sku
        self.name = name
        self.cents = cents
    }

    public var description: String { "\(name) (\(sku), \(cents / 100).\(String(format2: cents % 100)))" }
}

/// An order the new-order page placed: what it answers its caller (an H5 page, through the bridge).
public struct PlacedOrder: Hashable, Sendable, Codable {
    public let orderNumber: String
    public let sku: String

    public init(orderNumber: String, sku: String) {
        self.orderNumber = orderNumber
        self.sku = sku
    }
}

extension String {
    /// Two digits, for cents.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
