/// What a screen reports back to the module that opened it (seed 000's action block).
public enum ScreenAction<Item: Sendable>: Sendable {
    /// The user added this item.
    case add(Item)
    /// The user changed this item.
    case update(Item)
    /// The user deleted this item.
    case delete(Item)
    /// The user picked these items and confirmed.
    case pick([Item])
}

extension ScreenAction: Equatable where Item: Equatable {}

/// A screen service refused its parameters: which service, which parameter, and why.
///
/// Typed screen services (seed 000) take their parameters as Swift values, so most mistakes
/// cannot compile; what remains — a required value left out, a value out of range — is
/// reported with this error instead of showing a broken screen.
public struct ScreenParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why a parameter was refused.
    public enum Reason: Equatable, Sendable {
        /// A required value was left out.
        case missing
        /// The value is out of range or otherwise wrong; the string says why, for the message.
        case invalid(String)
    }

    /// The screen service that refused, as named in the message (e.g. `"ContactScreens.select"`).
    public let service: String
    /// The refused parameter's name.
    public let parameter: String
    /// Why it was refused.
    public let reason: Reason

    /// Creates the error for `parameter` of `service`.
    public init(service: String, parameter: String, reason: Reason) {
        self.service = service
        self.parameter = parameter
        self.reason = reason
    }

    /// The message, naming the service, the parameter and the reason.
    public var description: String {
        switch reason {
        case .missing: return "\(service): missing parameter \"\(parameter)\""
        case .invalid(let why): return "\(service): parameter \"\(parameter)\" is invalid: \(why)"
        }
    }
}
