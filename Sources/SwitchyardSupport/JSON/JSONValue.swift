/// A JSON value as read from text, or made to be written: what a web page sends and is sent back.
///
/// Numbers are `Double`s, as in JavaScript; an object's keys are unique (the reader refuses a
/// repeated key rather than keep one of two values).
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object; `nil` for a missing member or a value that is not an object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// A short name of the value's kind, for errors (`a string`, `an object`).
    package var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
