import Foundation
import SwitchyardSupport

/// Turns JSON into the values a route reads, and an answer into JSON.
package enum JSONParameters {
    /// A page's value as a route reads it: `String`, `Int` (a whole number within ±2^53),
    /// `Double`, `Bool`, `[any Sendable]` or `[String: any Sendable]`; `nil` for `null`.
    ///
    /// Recursion is bounded: the reader refused anything nested deeper than
    /// ``BridgeLimits/depthCeiling``.
    package static func native(_ value: JSONValue) -> (any Sendable)? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag
        case .number(let number):
            if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 { return Int(number) }
            return number
        case .string(let string): return string
        case .array(let items): return items.compactMap(native)
        case .object(let members): return members.compactMapValues(native)
        }
    }

    /// `answer` as JSON: a `String`, a number, a `Bool`, an array or a dictionary with `String`
    /// keys of those, or an `Encodable` value.
    ///
    /// - Throws: ``BridgeError/answerNotEncodable(type:reason:)`` naming the first value that
    ///   has no JSON form (a closure, an infinite number, a dictionary keyed by non-strings) or
    ///   the nesting deeper than `maximumDepth`.
    static func json(_ answer: any Sendable, maximumDepth: Int) throws(BridgeError) -> JSONValue {
        try json(answer, depth: 0, maximumDepth: maximumDepth, whole: answer)
    }

    private static func json(_ value: Any, depth: Int, maximumDepth: Int, whole: any Sendable) throws(BridgeError) -> JSONValue {
        func refuse(_ reason: String) -> BridgeError {
            .answerNotEncodable(type: typeName(whole), reason: reason)
        }
        // `depth` containers are open around `value`; one more may open while that stays within the limit.
        func tooDeep() -> BridgeError { refuse("it nests deeper than \(maximumDepth) levels (BridgeLimits.depth)") }
        switch value {
        case let json as JSONValue: return json
        case let flag as Bool: return .bool(flag)
        case let string as String: return .string(string)
        case let string as Substring: return .string(String(string))
        case let number as any BinaryInteger:
            guard let double = Double(exactly: number), abs(double) <= 9_007_199_254_740_992 else {
                throw refuse("the integer \(number) is beyond ±2^53, which JavaScript cannot hold exactly")
            }
            return .number(double)
        case let number as any BinaryFloatingPoint:
            let double = Double(number)
            guard double.isFinite else { throw refuse("the number \(double) is not finite") }
            return .number(double)
        case let items as [Any]:
            guard depth < maximumDepth else { throw tooDeep() }
            var array: [JSONValue] = []
            for item in items { array.append(try json(item, depth: depth + 1, maximumDepth: maximumDepth, whole: whole)) }
            return .array(array)
        case let members as [String: Any]:
            guard depth < maximumDepth else { throw tooDeep() }
            var object: [String: JSONValue] = [:]
            for (key, member) in members { object[key] = try json(member, depth: depth + 1, maximumDepth: maximumDepth, whole: whole) }
            return .object(object)
        case let encodable as any Encodable:
            return try encoded(encodable, maximumDepth: maximumDepth - depth, refuse: refuse)
        default:
            if case Optional<Any>.none = value { return .null }
            throw refuse("a \(typeName(value)) is not a string, number, boolean, array, dictionary or Encodable value")
        }
    }

    /// The type a refusal names: an Objective-C object's own class, not the box it travels in.
    private static func typeName(_ value: Any) -> String {
        String(describing: type(of: (value as? ForeignObject)?.value ?? value))
    }

    private static func encoded(_ value: any Encodable, maximumDepth: Int, refuse: (String) -> BridgeError) throws(BridgeError) -> JSONValue {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            throw refuse("JSONEncoder failed: \(error)")
        }
        switch JSONReader.read(data, maximumDepth: maximumDepth, depthSetting: "BridgeLimits.depth") {
        case .success(let json): return json
        case .failure(let failure): throw refuse(failure.message)
        }
    }
}
