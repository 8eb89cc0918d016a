import Foundation

/// A type a route parameter can be read as and written back from: both directions of a
/// typed route's values.
///
/// `String`, `Int`, `Double`, `Float`, `Bool` and `UUID` conform. A type read by an app's own
/// converter (`<sku:code>` in a pattern) conforms to be the type of that parameter in a
/// ``TypedRoute``; a raw-value enum or a `LosslessStringConvertible` type needs no conformance
/// there, but may declare one to share these defaults.
///
/// Law: `Self(routeParameter: value.routeParameter) == value` for every value.
public protocol RouteParameterConvertible: RouteParameterValue {
    /// The value as parameter text, before percent-encoding.
    var routeParameter: String { get }
}

extension String: RouteParameterConvertible {
    /// The string itself.
    public var routeParameter: String { self }
}

extension Int: RouteParameterConvertible {
    /// The decimal digits.
    public var routeParameter: String { String(self) }
}

extension Double: RouteParameterConvertible {
    /// The shortest text that reads back as the same `Double`.
    public var routeParameter: String { description }
}

extension Float: RouteParameterConvertible {
    /// Parses a number, as `Float(_:)` does.
    public init?(routeParameter: String) { self.init(routeParameter) }
    /// The shortest text that reads back as the same `Float`.
    public var routeParameter: String { description }
}

extension Bool: RouteParameterConvertible {
    /// `true` or `false`.
    public var routeParameter: String { self ? "true" : "false" }
}

extension UUID: RouteParameterConvertible {
    /// The canonical upper-case form, as `uuidString` prints it.
    public var routeParameter: String { uuidString }
}

extension RouteParameterConvertible where Self: RawRepresentable, RawValue: RouteParameterConvertible {
    /// The raw value's text.
    public var routeParameter: String { rawValue.routeParameter }
}

extension RouteParameterConvertible where Self: LosslessStringConvertible {
    /// Parses the text, as `init?(_ description:)` does.
    public init?(routeParameter: String) { self.init(routeParameter) }
    /// The text `description` prints.
    public var routeParameter: String { description }
}

/// `Character` takes a route parameter of exactly one character.
///
/// Declared here, not left to `LosslessStringConvertible`: `Character.init(_:)` traps on an
/// empty string or a longer one, and a deep link may send either.
extension Character: RouteParameterConvertible {
    /// The single character, or `nil` for an empty or longer value.
    public init?(routeParameter: String) {
        guard routeParameter.count == 1, let first = routeParameter.first else { return nil }
        self = first
    }

    /// The character as text.
    public var routeParameter: String { String(self) }
}
