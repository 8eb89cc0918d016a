import SwitchyardSupport

/// A parsed pattern kept as byte ranges of its canonical text: one small record per segment
/// and per group bracket, in place of a tree of enums and strings.
///
/// A table of 10,000 routes keeps 10,000 patterns for its lifetime, and the canonical text is
/// kept anyway (it is what exports, conflicts and traces print). So the text is the storage,
/// and ``RoutePattern/elements`` and ``RoutePattern/variants`` are read back from it.
struct PatternTokens: Sendable {
    /// One segment or group bracket: where it was printed and what it is, in 8 bytes.
    struct Token: Sendable, Equatable {
        enum Kind: UInt32, Sendable {
            /// A literal as printed; `escapedLiteral` holds percent escapes.
            case literal, escapedLiteral
            /// `:name`, `:name(regex)`, `<converter:name>`.
            case parameter, constrained, typed
            /// `*` or `<path:name>`.
            case catchAll, namedCatchAll
            /// An optional group's brackets.
            case groupOpen, groupClose
        }

        private static let lengthBits: UInt32 = 28
        /// Printed segments are at most 2^28 bytes: the kind takes the top four bits.
        static let maximumLength = Int(1 << lengthBits) - 1

        /// Where the segment starts in the text, after its `/`.
        let start: UInt32
        private let packed: UInt32

        init?(_ kind: Kind, start: Int, end: Int) {
            guard let start = UInt32(exactly: start), end >= Int(start), end - Int(start) <= Self.maximumLength else { return nil }
            self.start = start
            packed = kind.rawValue << Self.lengthBits | UInt32(end - Int(start))
        }

        var kind: Kind { Kind(rawValue: packed >> Self.lengthBits) ?? .literal }
        var end: Int { Int(start) + Int(packed & ((1 << Self.lengthBits) - 1)) }
    }

    private(set) var tokens: [Token] = []
    private(set) var hasGroups = false

    private init() {}

    /// Reads the tokens of a canonical text that has no optional group and no regex by
    /// splitting it at `/`; see ``split(_:_:)``.
    init(splitting text: String) {
        var text = text
        var tokens: [Token] = []
        text.withUTF8 { bytes in Self.split(bytes) { tokens.append($0) } }
        self.tokens = tokens
    }

    /// Whether splitting `text` at `/` gives exactly `expected`, without keeping the pieces.
    static func splits(_ text: String, as expected: [Token]) -> Bool {
        var text = text
        var count = 0, same = true
        text.withUTF8 { bytes in
            split(bytes) { token in
                same = same && count < expected.count && expected[count] == token
                count += 1
            }
        }
        return same && count == expected.count
    }

    /// `transform` of each segment of a canonical text that splits at `/` (see ``split(_:_:)``).
    static func mapSplitSegments<T>(_ text: String, _ transform: (PatternSegment) -> T) -> [T] {
        var text = text
        return text.withUTF8 { bytes in
            // Room for every segment up front (at most one per `/`, and one more), not grown by doubling.
            var results: [T] = []
            results.reserveCapacity(bytes.reduce(1) { $0 + ($1 == ASCII.slash ? 1 : 0) })
            split(bytes) { results.append(transform(segment($0, bytes))) }
            return results
        }
    }

    /// Splits a canonical text with no optional group and no regex at `/`: printing escapes a
    /// literal's `/` and its leading `:`, and every `<`, `*`, `(` and `)` in it, so a piece's
    /// first byte says what it is.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Token) -> Void) {
        var index = 0
        // A scheme comes first when the text starts with neither `/` nor `(`.
        if let first = bytes.first, first != ASCII.slash, first != UInt8(ascii: "(") {
            index = (bytes.firstIndex(of: ASCII.colon) ?? bytes.count - 1) + 1
        }
        while index < bytes.count {
            guard bytes[index] != ASCII.slash else {
                index += 1
                continue
            }
            let start = index
            var escaped = false
            while index < bytes.count, bytes[index] != ASCII.slash {
                if bytes[index] == ASCII.percent { escaped = true }
                index += 1
            }
            let kind: Token.Kind
            switch bytes[start] {
            case ASCII.colon: kind = .parameter
            case UInt8(ascii: "*"): kind = .catchAll
            case UInt8(ascii: "<"):
                kind = bytes[start...].starts(with: "<path:".utf8) ? .namedCatchAll : .typed
            default: kind = escaped ? .escapedLiteral : .literal
            }
            if let token = Token(kind, start: start, end: index) { body(token) }
        }
    }

    /// Prints a pattern canonically, recording where each piece landed: `scheme://` (when
    /// there is one), then each element. The tokens are `nil` when a piece lies past the
    /// offsets a token holds; ``InputLimits/patternLengthCeiling`` refuses such a pattern.
    static func write(scheme: String?, _ elements: [PatternElement]) -> (text: String, tokens: PatternTokens?) {
        var writer = PatternTokens()
        var text = ""
        // Most patterns fit: growing a string from empty by doubling took three allocations.
        text.reserveCapacity(64)
        if let scheme {
            // The host is the first segment, so `myapp:/` + `/product/1` reads `myapp://product/1`;
            // an optional host keeps its group after `://` (`myapp://(/:tab)`).
            if case .segment = elements.first { text += scheme + ":/" } else { text += scheme + "://" }
        }
        var fits = true
        for element in elements { writer.write(element, to: &text, fits: &fits) }
        if scheme == nil && elements.isEmpty { text = "/" }
        return (text, fits ? writer : nil)
    }

    /// The text in storage of its own length: appending grows a string's storage by doubling,
    /// and a table keeps one canonical text per route for its lifetime.
    static func exactCopy(_ text: String) -> String {
        let length = text.utf8.count
        guard length > 15 else { return text } // stored inline, no storage to trim
        return String(unsafeUninitializedCapacity: length) { buffer in
            buffer.initialize(fromContentsOf: text.utf8)
        }
    }

    private mutating func write(_ element: PatternElement, to text: inout String, fits: inout Bool) {
        func add(_ token: Token?) {
            if let token { tokens.append(token) } else { fits = false }
        }
        switch element {
        case .segment(let segment):
            text += "/"
            let start = text.utf8.count
            segment.write(to: &text)
            add(Self.token(segment, start: start, end: text.utf8.count))
        case .optional(let inner):
            hasGroups = true
            // `:p((/a))` would read as a regex after a parameter; a slash first keeps it a group.
            if case .optional = inner.first { text += "(/" } else { text += "(" }
            add(Token(.groupOpen, start: text.utf8.count, end: text.utf8.count))
            for child in inner { write(child, to: &text, fits: &fits) }
            text += ")"
            add(Token(.groupClose, start: text.utf8.count, end: text.utf8.count))
        }
    }

    /// The token for a segment printed at `start..<end`.
    private static func token(_ segment: PatternSegment, start: Int, end: Int) -> Token? {
        let kind: Token.Kind
        switch segment {
        case .literal(let literal): kind = end - start == literal.utf8.count ? .literal : .escapedLiteral
        case .parameter: kind = .parameter
        case .constrained: kind = .constrained
        case .typed: kind = .typed
        case .catchAll(nil): kind = .catchAll
        case .catchAll: kind = .namedCatchAll
        }
        return Token(kind, start: start, end: end)
    }
}

extension PatternTokens {
    /// Reads the segments and groups back out of the text they were recorded from.
    ///
    /// Groups nest at most ``InputLimits/optionalGroupCeiling`` deep, so the stack stays short.
    func elements(in text: String) -> [PatternElement] {
        var open: [[PatternElement]] = [[]]
        var text = text
        text.withUTF8 { bytes in
            for token in tokens {
                switch token.kind {
                case .groupOpen:
                    open.append([])
                case .groupClose:
                    guard open.count > 1, let inner = open.popLast() else { continue }
                    open[open.count - 1].append(.optional(inner))
                default:
                    open[open.count - 1].append(.segment(Self.segment(token, bytes)))
                }
            }
        }
        return open.first ?? []
    }

    /// The segments of a pattern with no optional group: its one variant.
    func segments(in text: String) -> [PatternSegment] {
        var text = text
        return text.withUTF8 { bytes in
            tokens.compactMap { token in
                token.kind == .groupOpen || token.kind == .groupClose ? nil : Self.segment(token, bytes)
            }
        }
    }

    /// The parameter names, in order, optional groups included.
    func parameterNames(in text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            tokens.compactMap { token in
                token.kind == .groupOpen || token.kind == .groupClose ? nil : Self.segment(token, bytes).parameterName
            }
        }
    }

    var hasCatchAll: Bool { tokens.contains { $0.kind == .catchAll || $0.kind == .namedCatchAll } }

    /// Reads a segment back from its printed form. Names are letters, digits and `_`, and a
    /// converter's name holds no `:`, so the first `(` or `:` splits a segment where the parser did.
    private static func segment(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> PatternSegment {
        let start = min(Int(token.start), bytes.count), end = min(max(token.end, start), bytes.count)
        let printed = UnsafeBufferPointer(rebasing: bytes[start..<end])
        func string(_ range: Range<Int>) -> String {
            let lower = min(max(range.lowerBound, 0), printed.count), upper = min(max(range.upperBound, lower), printed.count)
            return String(decoding: UnsafeBufferPointer(rebasing: printed[lower..<upper]), as: UTF8.self)
        }
        func first(_ byte: UInt8) -> Int { printed.firstIndex(of: byte) ?? printed.count }
        switch token.kind {
        case .literal, .groupOpen, .groupClose:
            return .literal(string(0..<printed.count))
        case .escapedLiteral:
            // Printing percent-encodes `%` itself, so decoding the printed form gives the literal back.
            return .literal((try? PercentCoding.decode(printed, plusIsSpace: false).get()) ?? string(0..<printed.count))
        case .parameter:
            return .parameter(name: string(1..<printed.count))
        case .constrained:
            let open = first(UInt8(ascii: "("))
            return .constrained(name: string(1..<open), regex: string((open + 1)..<(printed.count - 1)))
        case .typed:
            let colon = first(ASCII.colon)
            return .typed(name: string((colon + 1)..<(printed.count - 1)), converter: string(1..<colon))
        case .catchAll:
            return .catchAll(name: nil)
        case .namedCatchAll:
            return .catchAll(name: string(6..<(printed.count - 1)))
        }
    }
}

extension PatternTokens {
    /// Whether `text` is what ``write(scheme:_:)`` prints for `scheme` and `elements`, which
    /// hold no optional group, found by comparing in place: a pattern written canonically, as
    /// most are, is kept as given without printing a copy to compare with.
    static func isCanonical(_ text: String, scheme: String?, _ elements: [PatternElement]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            if let scheme {
                // `scheme://host/…`: the host is the first segment, printed after `scheme:/`.
                for byte in scheme.utf8 where !take(byte, bytes, &index) { return false }
                guard take(ASCII.colon, bytes, &index), take(ASCII.slash, bytes, &index),
                      elements.isEmpty ? take(ASCII.slash, bytes, &index) : true else { return false }
            } else if elements.isEmpty {
                return bytes.count == 1 && bytes[0] == ASCII.slash
            }
            for element in elements {
                guard case .segment(let segment) = element, take(ASCII.slash, bytes, &index) else { return false }
                // Printed segments hold no `/`: a literal's is escaped, names and converters have none.
                let start = index
                while index < bytes.count, bytes[index] != ASCII.slash { index += 1 }
                guard segment.isPrinted(as: UnsafeBufferPointer(rebasing: bytes[start..<index])) else { return false }
            }
            return index == bytes.count
        }
    }

    /// Whether `byte` comes next in `bytes` at `index`, which then moves past it. The index is
    /// passed along, not captured: a captured one was checked for exclusive access at run time.
    private static func take(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
