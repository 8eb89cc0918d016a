import SwitchyardRouting

/// A screen that receives the request that opened it — its parameters and the answer
/// completion — by adopting a protocol, without a base class.
///
/// The router checks ``acceptedParameters`` before the screen is shown: a missing required
/// key or a value of the wrong type fails the open with
/// ``OpenError/parametersRefused(pattern:_:)`` and nothing is shown. Then it calls
/// ``receive(_:)``. This is the typed successor of injecting query items by KVC.
///
/// ```swift
/// final class ProductViewController: UIViewController, RouteReceiver {
///     static let acceptedParameters: [AcceptedParameter] = [.required("id", Int.self), .optional("tab", Tab.self)]
///     private var request: RouteRequest?
///     func receive(_ request: RouteRequest) { self.request = request }
///     func didPick(_ item: Item) { request?.answer(item) }
/// }
/// ```
@MainActor
public protocol RouteReceiver: AnyObject {
    /// The parameter keys and types the screen accepts. Default: none checked.
    static var acceptedParameters: [AcceptedParameter] { get }
    /// Hands the screen its request, before it is shown.
    func receive(_ request: RouteRequest)
}

extension RouteReceiver {
    /// Default: no parameters are checked.
    public static var acceptedParameters: [AcceptedParameter] { [] }
}

/// A parameter a ``RouteReceiver`` accepts: its name, type, and whether it is required.
public struct AcceptedParameter: Sendable, CustomStringConvertible {
    /// The parameter's key in the request.
    public let name: String
    /// The name of the type its value must parse as (`Int`), for messages.
    public let type: String
    /// Whether the parameter must be present.
    public let isRequired: Bool
    private let check: @Sendable (RouteRequest) -> ParameterError?

    /// A parameter that must be present and parse as `T`.
    public static func required<T: RouteParameterValue>(_ name: String, _ type: T.Type) -> AcceptedParameter {
        AcceptedParameter(name: name, type: String(describing: T.self), isRequired: true) { request in
            do throws(ParameterError) {
                _ = try request.require(name, as: T.self)
                return nil
            } catch {
                return error
            }
        }
    }

    /// A parameter that may be absent, but must parse as `T` when present.
    public static func optional<T: RouteParameterValue>(_ name: String, _ type: T.Type) -> AcceptedParameter {
        AcceptedParameter(name: name, type: String(describing: T.self), isRequired: false) { request in
            guard request.value(name) != nil || request.given(name) != nil, request.get(name, as: T.self) == nil else { return nil }
            let value = request.value(name) ?? request.given(name).map { "\($0)" } ?? ""
            return ParameterError(name: name, reason: .invalid(value: value, expected: String(describing: T.self)))
        }
    }

    private init(name: String, type: String, isRequired: Bool, check: @escaping @Sendable (RouteRequest) -> ParameterError?) {
        self.name = name
        self.type = type
        self.isRequired = isRequired
        self.check = check
    }

    /// `id: Int`, or `tab: Tab?` for an optional parameter.
    public var description: String { "\(name): \(type)\(isRequired ? "" : "?")" }

    /// The problem with `request`'s value for this parameter, if any.
    public func problem(in request: RouteRequest) -> ParameterError? { check(request) }
}
