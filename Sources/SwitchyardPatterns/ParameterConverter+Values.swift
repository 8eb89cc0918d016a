import Foundation
import SwitchyardSupport

extension ParameterConverter {
    /// A converter that turns the decoded segment into a value: `<user:name>` with a `user`
    /// converter gives a `User`, read with `request.value("name", as: User.self)` (URLNavigator's
    /// custom converters).
    ///
    /// The segment matches when `converts` returns; when it throws, the route does not match
    /// and the error is the reason ``convert(_:)`` gives. It runs while matching and again when
    /// the value is read: keep it a pure, quick function of the text (a parse, a cache lookup),
    /// never a network call. `examples` are values it accepts, for tools, as for
    /// ``init(name:examples:accepts:)``.
    public init<Value: Sendable>(name: String, examples: [String] = [], converts: @escaping @Sendable (String) throws -> Value) {
        self.init(name: name, kind: .converting { try converts($0) }, examples: examples)
    }

    /// The value this converter makes of a decoded segment: an `Int`, a `Double` or a `UUID` for
    /// the built-ins, the text itself for ``string`` and for converters that only accept or
    /// refuse, and whatever a converting one returns.
    ///
    /// - Throws: ``ConversionRefusal`` naming the converter, the text and why.
    public func convert(_ value: String) throws(ConversionRefusal) -> any Sendable {
        let refused = { (reason: String) in ConversionRefusal(converter: name, value: value, reason: reason) }
        switch kind {
        case .int:
            guard accepts(value), let number = Int(value) else { throw refused("not an integer that fits in Int") }
            return number
        case .float:
            guard accepts(value), let number = Double(value) else { throw refused("not a decimal number") }
            return number
        case .uuid:
            guard let uuid = UUID(uuidString: value) else { throw refused("not a UUID") }
            return uuid
        case .string:
            guard !value.isEmpty else { throw refused("empty") }
            return value
        case .custom(let accepts):
            guard accepts(value) else { throw refused("refused by the converter") }
            return value
        case .converting(let convert):
            do {
                return try convert(value)
            } catch {
                throw refused("\(error)")
            }
        }
    }
}

/// A segment a converter would not make a value of: which converter, the text, and why.
public struct ConversionRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The converter's name (`user` in `<user:name>`).
    public let converter: String
    /// The decoded text it was given.
    public let value: String
    /// Why it refused: the converter's own error, in words.
    public let reason: String

    /// Creates the refusal.
    public init(converter: String, value: String, reason: String) {
        self.converter = converter
        self.value = value
        self.reason = reason
    }

    /// `converter user refused "nobody": no such user`.
    public var description: String {
        "converter \(converter) refused \"\(DisplaySafe.text(value))\": \(DisplaySafe.text(reason))"
    }
}
