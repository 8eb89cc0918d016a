import SwiftSyntax
import SwitchyardPatterns

/// What a pattern's parameter is, and so which property types may hold it.
enum ParameterKind {
    case int, float, uuid
    /// `:x`, `:x(regex)` or `<string:x>`: any text.
    case text
    /// `<path:x>`: the rest of the path.
    case catchAll
    /// `<name:x>` with an app's converter.
    case appConverter(String)

    init(_ segment: PatternSegment) {
        switch segment {
        case .literal, .parameter, .constrained: self = .text
        case .catchAll: self = .catchAll
        case .typed(_, let converter):
            switch converter {
            case "int": self = .int
            case "float": self = .float
            case "uuid": self = .uuid
            case "string": self = .text
            default: self = .appConverter(converter)
            }
        }
    }

    /// How the generated code reads and writes a property of this kind.
    enum Coding {
        case coder(String)
        /// The catch-all's parts: `[String]`, or joined as `String` when `asText`.
        case remainder(asText: Bool)
    }

    /// The coding for a property of type `type` (Optional taken off), or `nil` when the type cannot hold this kind.
    func coder(for type: PropertyType) -> Coding? {
        guard case .named(let name, let syntax) = type else {
            if case .catchAll = self, case .array(.named("String", _)) = type { return .remainder(asText: false) }
            return nil
        }
        let of = "SwitchyardRouting.ParameterCoder.of(\(syntax.trimmedDescription).self)"
        switch self {
        case .int: return name == "Int" ? .coder(of) : nil
        case .float: return ["Double", "Float"].contains(name) ? .coder(of) : nil
        case .uuid: return name == "UUID" ? .coder(of) : nil
        case .text: return .coder(of)
        case .catchAll: return name == "String" ? .remainder(asText: true) : nil
        case .appConverter: return .coder("SwitchyardRouting.ParameterCoder.converted(\(syntax.trimmedDescription).self)")
        }
    }

    /// The types a property may have, for messages.
    var allowedTypes: String {
        switch self {
        case .int: return "Int"
        case .float: return "Double or Float"
        case .uuid: return "UUID"
        case .text: return "String, a LosslessStringConvertible type or a RawRepresentable with a String or Int raw value"
        case .catchAll: return "[String] or String"
        case .appConverter: return "a type conforming to RouteParameterConvertible"
        }
    }

    func suggestedType(optional: Bool) -> String {
        let base: String
        switch self {
        case .int: base = "Int"
        case .float: base = "Double"
        case .uuid: base = "UUID"
        case .text: base = "String"
        case .catchAll: base = "[String]"
        case .appConverter(let converter): base = converter.prefix(1).uppercased() + converter.dropFirst()
        }
        return optional ? base + "?" : base
    }
}
