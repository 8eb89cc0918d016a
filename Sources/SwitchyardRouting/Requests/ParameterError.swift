import SwitchyardSupport

/// A parameter that a typed accessor could not provide.
public struct ParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case missing
        /// The value exists but is not a valid `expected`.
        case invalid(value: String, expected: String)
    }

    public let name: String
    public let reason: Reason

    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .missing:
            return "missing parameter \"\(DisplaySafe.text(name))\""
        case .invalid(let value, let expected):
            return "parameter \"\(DisplaySafe.text(name))\" is \"\(DisplaySafe.text(value))\", which is not a valid \(expected)"
        }
    }
}
