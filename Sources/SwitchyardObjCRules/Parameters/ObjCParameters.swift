import Foundation
import SwitchyardSupport

/// Objective-C parameter dictionaries (`NSDictionary<NSString *, id>`) to Swift parameters and back.
///
/// Strings, numbers (`BOOL` numbers become `Bool`, integers `Int`, the rest `Double`), dates,
/// data, URLs, and arrays and dictionaries of those become the Swift values a route or an
/// action reads with `int(_:)`, `require(_:as:)`… Any other object an in-app caller passes (a
/// view controller, a block) travels as itself and is read back with `native(_:as:)`. `NSNull`,
/// keys that are not strings, and dictionaries over ``Limits`` are refused, naming the key.
package enum ObjCParameters {
    /// How much one dictionary may hold; each limit is checked before the value is used.
    package struct Limits: Sendable, Equatable {
        /// Entries in all dictionaries and arrays together.
        package var entries = 4_096
        /// Collections inside collections.
        package var depth = 16
        /// UTF-8 bytes of one key.
        package var keyBytes = 256
        /// UTF-8 bytes of one string value.
        package var stringBytes = 65_536
        /// Whether a key that is not a string is refused (it is, from Objective-C).
        var keysMustBeText = true

        /// The defaults.
        package init() {}
    }

    /// The Swift parameters for an Objective-C dictionary; `nil` is an empty dictionary.
    ///
    /// - Parameter objects: whether objects other than plist values are taken (in-app callers),
    ///   or refused (values for a URL).
    /// - Throws: ``ObjCCallError/parameter(path:problem:)`` naming the first key that is wrong.
    package static func read(
        _ dictionary: [AnyHashable: Any]?, objects: Bool = true, limits: Limits = Limits()
    ) throws(ObjCCallError) -> [String: any Sendable] {
        guard let dictionary else { return [:] }
        let walked = try walk(dictionary as Any, limits: limits) { value, path throws(ObjCCallError) -> any Sendable in
            try leaf(value, path: path, objects: objects, limits: limits)
        } array: { $0 } dictionary: { $0 }
        return walked as? [String: any Sendable] ?? [:]
    }

    /// Text values for building a URL: strings, and numbers written as text (`YES` as `true`).
    ///
    /// - Throws: ``ObjCCallError/parameter(path:problem:)``: a collection or an object, `NSNull`, or a bad key.
    package static func urlValues(_ dictionary: [AnyHashable: Any]?, limits: Limits = Limits()) throws(ObjCCallError) -> [String: String] {
        var values: [String: String] = [:]
        for (key, value) in try read(dictionary, objects: false, limits: limits) {
            switch value {
            case let text as String: values[key] = text
            case let flag as Bool: values[key] = flag ? "true" : "false"
            case let number as Int: values[key] = String(number)
            case let number as Double: values[key] = String(number)
            default: throw .parameter(path: key, problem: .notText(valueClass: className(value)))
            }
        }
        return values
    }

    /// An Objective-C dictionary for Swift parameters: what a block handler receives. Objects
    /// that came from Objective-C are handed back as themselves.
    package static func write(_ parameters: [String: any Sendable]) -> [String: Any] {
        // With no limits and any key written as text, nothing here can refuse.
        let walked = try? walk(parameters as Any, limits: .none) { value, _ throws(ObjCCallError) -> Any in
            (value as? ForeignObject)?.value ?? value
        } array: { $0 as Any } dictionary: { $0 as Any }
        return walked as? [String: Any] ?? [:]
    }

    /// An Objective-C answer (a route's, a page's, a target action's result) as the value every
    /// caller reads: strings, numbers, dates, data, URLs and collections of them become Swift
    /// values (so a web page and another app get them as JSON), and any other object travels as
    /// itself for in-app Swift and Objective-C callers. Nothing is refused and no limit applies:
    /// the app made the value, and the bridge holds its answer to its own limits.
    package static func answer(_ value: Any) -> any Sendable {
        let walked = try? walk(value, limits: .none) { item, _ throws(ObjCCallError) -> any Sendable in
            if item is NSNull { return ForeignObject(item) }
            return (try? leaf(item, path: { "" }, objects: true, limits: .none)) ?? ForeignObject(item)
        } array: { $0 } dictionary: { $0 }
        return walked ?? ForeignObject(value)
    }

    /// Refuses the first value inside `values` (as ``read(_:objects:limits:)`` made them) that
    /// JSON cannot hold, naming its path: what Foundation's JSON writer would raise at.
    static func checkJSON(_ values: [String: any Sendable]) throws(ObjCCallError) {
        _ = try walk(values as Any, limits: .none) { item, path throws(ObjCCallError) -> Bool in
            switch item {
            case is String, is Bool, is Int: return true
            case let number as Double where number.isFinite: return true
            default: throw .parameter(path: path(), problem: .notJSON(valueClass: className(item)))
            }
        } array: { _ in true } dictionary: { _ in true }
    }

    /// One value that is not a collection.
    private static func leaf(_ value: Any, path: () -> String, objects: Bool, limits: Limits) throws(ObjCCallError) -> any Sendable {
        if value is NSNull { throw .parameter(path: path(), problem: .null) }
        if let text = value as? String {
            guard text.utf8.count <= limits.stringBytes else {
                throw .parameter(path: path(), problem: .stringTooLong(bytes: text.utf8.count, limit: limits.stringBytes))
            }
            return text
        }
        if let number = value as? NSNumber, let converted = swiftValue(of: number) { return converted }
        switch value {
        case let flag as Bool: return flag
        case let integer as Int: return integer
        case let real as Double: return real
        case let date as Date: return date
        case let data as Data: return data
        case let url as URL: return url
        default:
            guard objects else { throw .parameter(path: path(), problem: .notText(valueClass: className(value))) }
            return ForeignObject(value)
        }
    }

    /// A number as the Swift value it stands for, by its Objective-C type: `BOOL` and C `bool`
    /// holding 0 or 1 as `Bool`, integers that fit as `Int`, the rest as `Double`.
    static func swiftValue(of number: NSNumber) -> (any Sendable)? {
        switch String(cString: number.objCType) {
        case "c", "B":
            let value = number.int64Value
            return value == 0 || value == 1 ? value == 1 : Int(value)
        case "s", "i", "l", "q", "C", "S", "I", "L": return number.intValue
        case "Q": return number.uint64Value <= UInt64(Int.max) ? Int(number.uint64Value) : number.doubleValue
        case "f", "d": return number.doubleValue
        default: return nil
        }
    }

    /// The class name an error message gives a value.
    static func className(_ value: Any) -> String {
        if let foreign = value as? ForeignObject { return String(describing: type(of: foreign.value)) }
        return String(describing: type(of: value))
    }
}
