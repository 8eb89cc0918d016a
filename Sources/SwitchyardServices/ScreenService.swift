/// What a screen reports back to the module that opened it (seed 000's action block).
public enum ScreenAction<Item: Sendable>: Sendable {
    case add(Item)
    case update(Item)
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
    public enum Reason: Equatable, Sendable {
        case missing
        case invalid(String)
    }

    public let service: String
    public let parameter: String
    public let reason: Reason

    public init(service: String, parameter: String, reason: Reason) {
        self.service = service
        self.parameter = parameter
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .missing: return "\(service): missing parameter \"\(parameter)\""
        case .invalid(let why): return "\(service): parameter \"\(parameter)\" is invalid: \(why)"
        }
    }
}
