import Foundation
import SwitchyardSupport

/// Decides whether a path segment is a valid value for a typed parameter (`<int:id>`).
///
/// The built-in converters are ``int``, ``float``, ``uuid`` and ``string``; register
/// your own through ``RouterConfiguration/converters``:
///
/// ```swift
/// var configuration = RouterConfiguration()
/// try configuration.register(ParameterConverter(name: "sku") { $0.count == 8 && $0.allSatisfy(\.isNumber) })
/// // "/item/<sku:code>" now matches "/item/12345678" but not "/item/42".
/// ```
public struct ParameterConverter: Sendable {
    enum Kind: Sendable {
        case int, float, uuid, string
        case custom(@Sendable (String) -> Bool)
        /// Makes a value of the text, or throws why it is not one.
        case converting(@Sendable (String) throws -> any Sendable)
    }

    /// The name used inside angle brackets.
    public let name: String
    let kind: Kind
    /// Values it accepts, for tools that need one (the overlap report, example URLs): a
    /// converter whose values look like nothing common (a host, a SKU) cannot be compared
    /// with other routes without them.
    public let examples: [String]

    init(name: String, kind: Kind, examples: [String] = []) {
        self.name = name
        self.kind = kind
        self.examples = examples
    }

    /// A converter that accepts a percent-decoded segment when `accepts` returns `true`.
    ///
    /// - Parameter examples: values it accepts (`["www.example.com"]`), for the overlap report
    ///   and example URLs; without them, tools try common shapes (`1`, `a`, a UUID…).
    public init(name: String, examples: [String] = [], accepts: @escaping @Sendable (String) -> Bool) {
        self.init(name: name, kind: .custom(accepts), examples: examples)
    }

    /// Whether its values are the library's own (int, float, uuid, string), whose shape tools know.
    var isOpaque: Bool {
        switch kind {
        case .int, .float, .uuid, .string: return false
        case .custom, .converting: return true
        }
    }

    /// An optionally signed decimal integer that fits in `Int`.
    public static let int = ParameterConverter(name: "int", kind: .int)
    /// A decimal number with an optional fraction and exponent (`3`, `-0.5`, `1e3`).
    public static let float = ParameterConverter(name: "float", kind: .float)
    /// A UUID in its 8-4-4-4-12 hexadecimal form, any case.
    public static let uuid = ParameterConverter(name: "uuid", kind: .uuid)
    /// Any non-empty segment; ranks as a typed segment.
    public static let string = ParameterConverter(name: "string", kind: .string)

    static let builtIns: [ParameterConverter] = [.int, .float, .uuid, .string]

    /// Whether the decoded segment value is acceptable.
    public func accepts(_ value: String) -> Bool {
        switch kind {
        case .int, .float, .uuid, .string:
            var copy = value
            return copy.withUTF8 { acceptsBuiltIn(bytes: $0) }
        case .custom(let accepts):
            return accepts(value)
        case .converting(let convert):
            return (try? convert(value)) != nil
        }
    }

    /// Byte-level check for built-ins, so matching needs no `String` for them.
    func acceptsBuiltIn(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        builtInCheck?.accepts(bytes) ?? false
    }

    /// The byte-level test of a built-in, or `nil` for the app's own converters.
    package var builtInCheck: BuiltInCheck? {
        switch kind {
        case .string: return .string
        case .int: return .int
        case .float: return .float
        case .uuid: return .uuid
        case .custom, .converting: return nil
        }
    }

    package var isBuiltIn: Bool {
        switch kind {
        case .int, .float, .uuid, .string: return true
        case .custom, .converting: return false
        }
    }

    /// The name of the built-in this converter checks like, or `nil` for the app's own.
    var builtInName: String? {
        switch kind {
        case .int: return Self.int.name
        case .float: return Self.float.name
        case .uuid: return Self.uuid.name
        case .string: return Self.string.name
        case .custom, .converting: return nil
        }
    }
}
