/// An item in the cart: the native object the cart hands its picker.
public struct CartItem: Hashable, Sendable, CustomStringConvertible {
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

extension String {
    /// Two digits, for cents.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
