import SwitchyardSupport

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
}

/// A node of a parsed pattern: a segment, or an optional group of nodes (`(/:tab)`).
public enum PatternElement: Hashable, Sendable {
    /// One segment that is always there.
    case segment(PatternSegment)
    /// A group that the URL may leave out as a whole; groups may nest.
    case optional([PatternElement])
}

extension PatternSegment: CustomStringConvertible {
    /// The segment in canonical pattern syntax.
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Appends the canonical syntax, piece by piece rather than through a string of its own.
    func write(to text: inout String) {
        switch self {
        case .literal(let literal): text += Self.escapeLiteral(literal)
        case .parameter(let name):
            text += ":"
            text += name
        case .constrained(let name, let regex):
            text += ":" + name + "(" + regex + ")" // rare: no need to spare the temporary
        case .typed(let name, let converter):
            text += "<"
            text += converter
            text += ":"
            text += name
            text += ">"
        case .catchAll(let name?):
            text += "<path:"
            text += name
            text += ">"
        case .catchAll(nil): text += "*"
        }
    }

    /// Escapes the characters that would read back as syntax.
    private static func escapeLiteral(_ text: String) -> String {
        guard needsEscape(text) else { return text }
        var result = ""
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar.isASCII, Self.isSyntax(UInt8(scalar.value)) || (offset == 0 && scalar == ":") {
                result += PercentCoding.encode(String(scalar))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` holds a byte ``escapeLiteral(_:)`` escapes. Every literal of every pattern
    /// is asked, so native text is read in place: iterating a `String.UTF8View` costs several
    /// times as much a byte.
    private static func needsEscape(_ text: String) -> Bool {
        func needsEscape(_ bytes: some Collection<UInt8>) -> Bool {
            bytes.first == ASCII.colon || bytes.contains(where: isSyntax)
        }
        return text.utf8.withContiguousStorageIfAvailable { needsEscape($0) } ?? needsEscape(text.utf8)
    }

    /// Bytes that would be read as pattern syntax, or that a URL cannot carry raw.
    private static func isSyntax(_ byte: UInt8) -> Bool {
        switch byte {
        case ASCII.slash, ASCII.percent, ASCII.question, ASCII.hash, ASCII.space,
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "*"):
            return true
        default:
            return ASCII.isControl(byte)
        }
    }
}

extension PatternElement: CustomStringConvertible {
    /// The element in canonical pattern syntax, starting with its `/` or `(`.
    public var description: String { PatternTokens.write(scheme: nil, [self]).text }
}

extension [PatternElement] {
    /// The parameters these elements bind, optional groups included, in order.
    package var parameterNames: [String] {
        flatMap { element -> [String] in
            switch element {
            case .segment(let segment): return segment.parameterName.map { [$0] } ?? []
            case .optional(let inner): return inner.parameterNames
            }
        }
    }
}

extension PatternSegment {
    /// Whether `bytes` is exactly what ``write(to:)`` prints for this segment, compared in place:
    /// most patterns are written canonically, and printing each one to find that out cost a
    /// string built piece by piece per route. `false` for a regex-constrained segment, which
    /// is rare: its pattern is printed.
    func isPrinted(as bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The cursor is passed along, not captured: a nested function's captured variable was
        // checked for exclusive access at run time on every piece.
        var cursor = 0
        let matches: Bool
        switch self {
        case .literal(let literal): matches = !Self.needsEscape(literal) && Self.take(literal, bytes, &cursor)
        case .parameter(let name): matches = Self.take(":", bytes, &cursor) && Self.take(name, bytes, &cursor)
        case .constrained: return false
        case .typed(let name, let converter):
            matches = Self.take("<", bytes, &cursor) && Self.take(converter, bytes, &cursor) && Self.take(":", bytes, &cursor)
                && Self.take(name, bytes, &cursor) && Self.take(">", bytes, &cursor)
        case .catchAll(let name?): matches = Self.take("<path:", bytes, &cursor) && Self.take(name, bytes, &cursor) && Self.take(">", bytes, &cursor)
        case .catchAll(nil): matches = Self.take("*", bytes, &cursor)
        }
        return matches && cursor == bytes.count
    }

    /// Whether `text`'s bytes come next in `bytes` at `cursor`, which then moves past them.
    private static func take(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Int) -> Bool {
        let start = cursor
        var text = text
        let length = text.withUTF8 { expected -> Int in
            guard bytes.count - start >= expected.count else { return -1 }
            for offset in 0..<expected.count where bytes[start + offset] != expected[offset] { return -1 }
            return expected.count
        }
        guard length >= 0 else { return false }
        cursor = start + length
        return true
    }
}
