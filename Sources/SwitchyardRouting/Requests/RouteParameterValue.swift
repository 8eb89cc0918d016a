import Foundation

/// A type that a request parameter can be read as.
///
/// `String`, `Int`, `Double`, `Bool` and `UUID` conform. A raw-value enum conforms by
/// declaring it: `extension Tab: RouteParameterValue {}`.
public protocol RouteParameterValue: Sendable {
    /// Parses a percent-decoded parameter value, or returns `nil`.
    init?(routeParameter: String)
}

extension String: RouteParameterValue {
    public init?(routeParameter: String) { self = routeParameter }
}

extension Int: RouteParameterValue {
    public init?(routeParameter: String) { self.init(routeParameter) }
}

extension Double: RouteParameterValue {
    public init?(routeParameter: String) { self.init(routeParameter) }
}

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

extension UUID: RouteParameterValue {
    public init?(routeParameter: String) { self.init(uuidString: routeParameter) }
}

extension RouteParameterValue where Self: RawRepresentable, RawValue: RouteParameterValue {
    public init?(routeParameter: String) {
        guard let raw = RawValue(routeParameter: routeParameter) else { return nil }
        self.init(rawValue: raw)
    }
}
