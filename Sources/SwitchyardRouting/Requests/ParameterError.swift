import SwitchyardPatterns
import SwitchyardSupport

/// A parameter that a typed accessor could not provide.
public struct ParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why the parameter could not be provided.
    public enum Reason: Equatable, Sendable {
        /// No value has this name.
        case missing
        /// The value exists but is not a valid `expected`.
        case invalid(value: String, expected: String)
        /// The converter of the parameter's typed segment would not make a value of it.
        case refused(ConversionRefusal)
    }

    /// The parameter's name.
    public let name: String
    /// Why it could not be provided.
    public let reason: Reason

    /// Creates the error for the parameter `name`.
    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// The message, naming the parameter and, when it is invalid, its value and the type expected.
    public var description: String {
        switch reason {
        case .missing:
            return "missing parameter \"\(DisplaySafe.text(name))\""
        case .invalid(let value, let expected):
            return "parameter \"\(DisplaySafe.text(name))\" is \"\(DisplaySafe.text(value))\", which is not a valid \(expected)"
        case .refused(let refusal):
            return "parameter \"\(DisplaySafe.text(name))\": \(refusal)"
        }
    }
}
