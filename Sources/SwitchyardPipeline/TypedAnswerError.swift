import SwitchyardRouting
import SwitchyardSupport

/// A typed route's call that got no answer of the route's `Answer` type.
public enum TypedAnswerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The target finished without answering: the page was closed, or the action returned.
    case noAnswer(pattern: String)
    /// The target answered a value of another type than the route declares.
    case wrongType(pattern: String, expected: String, answered: String)

    /// The message, naming the route's pattern and, for a wrong type, both types.
    public var description: String {
        switch self {
        case .noAnswer(let pattern):
            return "\(DisplaySafe.text(pattern)) finished without answering"
        case .wrongType(let pattern, let expected, let answered):
            return "\(DisplaySafe.text(pattern)) answered a \(answered), but its route declares Answer = \(expected)"
        }
    }

    /// `answer` as `Route.Answer`, or the error that says why it is not one.
    static func typed<Route: TypedRoute>(_ answer: Answer, of route: Route.Type) throws(TypedAnswerError) -> Route.Answer {
        switch answer {
        case .cancelled:
            throw .noAnswer(pattern: Route.pattern)
        case .value(let value):
            guard let typed = value as? Route.Answer else {
                throw .wrongType(pattern: Route.pattern, expected: String(describing: Route.Answer.self),
                                 answered: String(describing: type(of: value)))
            }
            return typed
        }
    }
}
