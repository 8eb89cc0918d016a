import Foundation
import SwitchyardRouting
import SwitchyardSupport

/// One call to a target's action: its names and parameters.
///
/// A local call carries any native values; a remote call (from a URL) carries only strings.
/// The typed accessors read either: `call.require("id", as: Int.self)` accepts the `Int` 42
/// and the string `"42"`.
public struct MediatorCall: Sendable {
    /// The target as the caller named it.
    public let target: String
    /// The action as the caller named it (after alias expansion for URLs).
    public let action: String
    /// The parameters by name: native values from code; from a URL, the query's strings (the first
    /// value of a repeated key), without the signing items.
    public let parameters: [String: any Sendable]
    /// The URL, when the call came from ``Mediator/perform(url:)``.
    public let url: String?

    /// Creates a call; a non-`nil` `url` makes it ``isRemote``, so only remote actions accept it.
    public init(target: String, action: String, parameters: [String: any Sendable] = [:], url: String? = nil) {
        self.target = target
        self.action = action
        self.parameters = parameters
        self.url = url
    }

    /// Whether the call came from a URL rather than from code in the app.
    public var isRemote: Bool { url != nil }

    /// The parameter `name` as a `T`, or `nil` when it is missing or of another type.
    ///
    /// A `String` value is parsed when `T` is a ``RouteParameterValue`` (`Int`, `Bool`, a raw-value enum…).
    public func get<T>(_ name: String, as type: T.Type = T.self) -> T? {
        guard let value = parameters[name] else { return nil }
        if let typed = ForeignObject.unwrap(value, as: T.self) { return typed }
        if let text = value as? String, let parsable = T.self as? any RouteParameterValue.Type {
            return parsable.init(routeParameter: text) as? T
        }
        return nil
    }

    /// The parameter `name` as a `T`.
    ///
    /// - Throws: ``ParameterError``: missing, or the value it has and the type expected.
    ///   The mediator reports it as ``MediatorError/invalidParameter(target:action:_:)``.
    public func require<T>(_ name: String, as type: T.Type = T.self) throws(ParameterError) -> T {
        if let value = get(name, as: type) { return value }
        guard let value = parameters[name] else { throw ParameterError(name: name, reason: .missing) }
        throw ParameterError(name: name, reason: .invalid(value: Self.describe(value), expected: String(describing: T.self)))
    }

    /// The parameter `name` as a `String`, or `nil` when it is missing or not a string.
    public func string(_ name: String) -> String? { get(name, as: String.self) }
    /// The parameter `name` as an `Int`, parsing a string; `nil` when missing or not an integer.
    public func int(_ name: String) -> Int? { get(name, as: Int.self) }
    /// The parameter `name` as a `Double`, parsing a string; `nil` when missing or not a number.
    public func double(_ name: String) -> Double? { get(name, as: Double.self) }
    /// The parameter `name` as a `Bool`; a string may be `true`/`false`, `yes`/`no`, `1`/`0` or `on`/`off`.
    public func bool(_ name: String) -> Bool? { get(name, as: Bool.self) }
    /// The parameter `name` as a `UUID`, parsing a string; `nil` when missing or not a UUID.
    public func uuid(_ name: String) -> UUID? { get(name, as: UUID.self) }

    /// A short, bounded rendering of a value for an error message.
    static func describe(_ value: any Sendable) -> String {
        let text = value as? String ?? "\(value) (\(type(of: value)))"
        return DisplaySafe.text(text, limit: 80)
    }
}
