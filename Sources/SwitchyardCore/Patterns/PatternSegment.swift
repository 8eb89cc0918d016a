/// One path segment of a route pattern, as written.
public enum PatternSegment: Hashable, Sendable {
    /// A static segment, percent-decoded (`product`).
    case literal(String)
    /// A plain parameter (`:id`): any non-empty segment.
    case parameter(name: String)
    /// A parameter whose whole segment must match a regular expression (`:phone([0-9]+)`).
    case constrained(name: String, regex: String)
    /// A typed parameter (`<int:id>`) checked by a ``ParameterConverter``.
    case typed(name: String, converter: String)
    /// The rest of the path, zero or more segments (`<path:rest>`, or `*` with no name).
    case catchAll(name: String?)

    /// The parameter this segment binds, if any.
    public var parameterName: String? {
        switch self {
        case .literal: return nil
        case .parameter(let name), .constrained(let name, _), .typed(let name, _): return name
        case .catchAll(let name): return name
        }
    }

    var isCatchAll: Bool {
        if case .catchAll = self { return true }
        return false
    }
}

/// A node of a parsed pattern: a segment, or an optional group of nodes (`(/:tab)`).
public indirect enum PatternElement: Hashable, Sendable {
    case segment(PatternSegment)
    case optional([PatternElement])
}

extension PatternSegment: CustomStringConvertible {
    /// The segment in canonical pattern syntax.
    public var description: String {
        switch self {
        case .literal(let text): return Self.escapeLiteral(text)
        case .parameter(let name): return ":\(name)"
        case .constrained(let name, let regex): return ":\(name)(\(regex))"
        case .typed(let name, let converter): return "<\(converter):\(name)>"
        case .catchAll(let name?): return "<path:\(name)>"
        case .catchAll(nil): return "*"
        }
    }

    /// Escapes the characters that would read back as syntax.
    private static func escapeLiteral(_ text: String) -> String {
        var result = ""
        for (index, character) in text.enumerated() {
            switch character {
            case "/", "(", ")", "<", ">", "%", "?", "#", "*":
                result += PercentCoding.encode(String(character))
            case ":" where index == 0:
                result += "%3A"
            default:
                if character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == " " }) {
                    result += PercentCoding.encode(String(character))
                } else {
                    result.append(character)
                }
            }
        }
        return result
    }
}

extension PatternElement: CustomStringConvertible {
    public var description: String {
        switch self {
        case .segment(let segment): return "/" + segment.description
        case .optional(let elements): return "(" + elements.map(\.description).joined() + ")"
        }
    }
}
