import Foundation

/// A type that a request parameter can be read as.
///
/// `String`, `Int`, `Double`, `Bool` and `UUID` conform. A raw-value enum conforms by
/// declaring it: `extension Tab: RouteParameterValue {}`.
public protocol RouteParameterValue: Sendable {
    /// Parses a percent-decoded parameter value, or returns `nil`.
    init?(routeParameter: String)
}

/// `String` takes a route parameter as it is.
extension String: RouteParameterValue {
    /// Accepts any value as it is.
    public init?(routeParameter: String) { self = routeParameter }
}

/// `Int` takes a route parameter written as a decimal integer.
extension Int: RouteParameterValue {
    /// Parses a decimal integer, as `Int(_:)` does.
    public init?(routeParameter: String) { self.init(routeParameter) }
}

/// `Double` takes a route parameter written as a number.
extension Double: RouteParameterValue {
    /// Parses a number, as `Double(_:)` does.
    public init?(routeParameter: String) { self.init(routeParameter) }
}

/// `Bool` takes a route parameter written as `true`/`false`, `yes`/`no`, `1`/`0` or `on`/`off`.
extension Bool: RouteParameterValue {
    /// Accepts `true`/`false`, `yes`/`no`, `1`/`0` and `on`/`off`, in any case.
    public init?(routeParameter: String) {
        switch routeParameter.lowercased() {
        case "true", "yes", "1", "on": self = true
        case "false", "no", "0", "off": self = false
        default: return nil
        }
    }
}

/// `UUID` takes a route parameter written as a UUID string.
extension UUID: RouteParameterValue {
    /// Parses a UUID, as `UUID(uuidString:)` does.
    public init?(routeParameter: String) { self.init(uuidString: routeParameter) }
}

extension RouteParameterValue where Self: RawRepresentable, RawValue: RouteParameterValue {
    /// Parses the raw value, then makes the value from it; `nil` when either step fails.
    public init?(routeParameter: String) {
        guard let raw = RawValue(routeParameter: routeParameter) else { return nil }
        self.init(rawValue: raw)
    }
}
