import SwitchyardSupport

/// The character readers of ``RegexAnalyzer``: classes, escapes and literal characters, each
/// read into the ``RegexCharSet`` it can match.
extension RegexAnalyzer {
    /// Reads `[…]` into a set; nested classes and set operations are refused.
    mutating func readClass() throws(RegexHazardFound) -> RegexCharSet {
        let start = index
        index += 1
        var negated = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { negated = true; index += 1 }
        // ICU reads `[:alpha:]` (and `[:^alpha:]`) as a property, not as the characters in it.
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            throw RegexHazardFound(offset: start, hazard: .unsupported("a POSIX class \"[:…:]\" (write \\p{…} for a property, or \\: first for a colon)"))
        }
        var set = RegexCharSet.empty
        var first = true
        while true {
            guard index < bytes.count else { throw RegexHazardFound(offset: start, hazard: .unsupported("an unclosed \"[\"")) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "]"), !first { index += 1; break }
            first = false
            if byte == UInt8(ascii: "[") {
                throw RegexHazardFound(offset: index, hazard: .unsupported("a nested character class or set operation in \"\(automaton.text(start..<(index + 1)))\""))
            }
            if index + 1 < bytes.count, byte == bytes[index + 1], byte == UInt8(ascii: "&") || byte == UInt8(ascii: "-") {
                throw RegexHazardFound(offset: index, hazard: .unsupported("a set operation \"\(automaton.text(index..<(index + 2)))\" in a class"))
            }
            let low: UInt8?
            if byte == UInt8(ascii: "\\") {
                guard let escaped = try readEscape(inClass: true) else { continue }
                set = set.union(escaped)
                low = escaped.single
            } else {
                let character = readCharacter()
                set = set.union(character)
                low = character.single
            }
            // A range `a-z`: a `-` between two single characters.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] != UInt8(ascii: "]") else { continue }
            index += 1
            let upper: RegexCharSet
            if bytes[index] == UInt8(ascii: "\\") {
                guard let escaped = try readEscape(inClass: true) else { continue }
                upper = escaped
            } else {
                upper = readCharacter()
            }
            if let low, let high = upper.single {
                set = set.union(.range(low, high))
            } else {
                // A range into non-ASCII: every ASCII character from its start, and every non-ASCII kind.
                set = set.union(.range(low ?? 0x80, 0x7F)).union(upper).union(.anyNonASCII)
            }
        }
        return negated ? set.complement : set
    }

    /// Reads an escape from the subset; returns its set, or `nil` for `\b`/`\B` outside a class.
    mutating func readEscape(inClass: Bool) throws(RegexHazardFound) -> RegexCharSet? {
        let start = index
        index += 1
        guard index < bytes.count else { throw RegexHazardFound(offset: start, hazard: .unsupported("a trailing \"\\\"")) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "d"): return .digits
        case UInt8(ascii: "w"): return .word
        case UInt8(ascii: "s"): return .space
        case UInt8(ascii: "D"), UInt8(ascii: "W"), UInt8(ascii: "S"): return .any
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            try skipProperty(start)
            return .any
        case UInt8(ascii: "n"): return .of(0x0A)
        case UInt8(ascii: "t"): return .of(0x09)
        case UInt8(ascii: "r"): return .of(0x0D)
        case UInt8(ascii: "f"): return .of(0x0C)
        case UInt8(ascii: "e"): return .of(0x1B)
        case UInt8(ascii: "a"): return .of(0x07)
        case UInt8(ascii: "x"), UInt8(ascii: "u"): return try code(after: letter, start)
        case UInt8(ascii: "b") where !inClass, UInt8(ascii: "B") where !inClass: return nil
        case UInt8(ascii: "1")...UInt8(ascii: "9"), UInt8(ascii: "k"):
            throw RegexHazardFound(offset: start, hazard: .backreference(automaton.text(start..<index)))
        case UInt8(ascii: "Q"), UInt8(ascii: "E"):
            throw RegexHazardFound(offset: start, hazard: .unsupported("quoting \"\\Q…\\E\""))
        default:
            // Escaped punctuation stands for itself; every other escape is outside the subset.
            let isLetterOrDigit = (letter | 0x20) >= UInt8(ascii: "a") && (letter | 0x20) <= UInt8(ascii: "z") || ASCII.isDigit(letter)
            guard letter < 0x80, !isLetterOrDigit else {
                throw RegexHazardFound(offset: start, hazard: .unsupported("the escape \"\(automaton.text(start..<index))\""))
            }
            return .of(letter)
        }
    }

    /// One literal character, ASCII or a whole UTF-8 sequence.
    mutating func readCharacter() -> RegexCharSet {
        let start = index
        index += 1
        guard bytes[start] >= 0x80 else { return .of(bytes[start]) }
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        let scalar = String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars.first
        return scalar.map { RegexCharSet.of($0) } ?? .anyNonASCII
    }

    /// The character of `\xhh`, `\x{h…}` or `\uhhhh`.
    private mutating func code(after letter: UInt8, _ start: Int) throws(RegexHazardFound) -> RegexCharSet {
        var value = 0
        var read = 0
        if letter == UInt8(ascii: "x"), index < bytes.count, bytes[index] == UInt8(ascii: "{") {
            index += 1
            while index < bytes.count, let digit = ASCII.hexValue(bytes[index]), read < 8 {
                value = value &* 16 &+ Int(digit)
                index += 1
                read += 1
            }
            guard read > 0, index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                throw RegexHazardFound(offset: start, hazard: .unsupported("the escape \"\(automaton.text(start..<index))\""))
            }
            index += 1
        } else {
            let digits = letter == UInt8(ascii: "x") ? 2 : 4
            while read < digits, index < bytes.count, let digit = ASCII.hexValue(bytes[index]) {
                value = value &* 16 &+ Int(digit)
                index += 1
                read += 1
            }
            guard read == digits else { throw RegexHazardFound(offset: start, hazard: .unsupported("the escape \"\(automaton.text(start..<index))\"")) }
        }
        return Unicode.Scalar(UInt32(truncatingIfNeeded: value)).map { RegexCharSet.of($0) } ?? .anyNonASCII
    }

    /// Skips `{Name}` or a one-letter name after `\p` or `\P`.
    private mutating func skipProperty(_ start: Int) throws(RegexHazardFound) {
        guard index < bytes.count else { throw RegexHazardFound(offset: start, hazard: .unsupported("the escape \"\(automaton.text(start..<index))\"")) }
        guard bytes[index] == UInt8(ascii: "{") else {
            index += 1
            return
        }
        while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
            guard bytes[index] != UInt8(ascii: "["), bytes[index] != UInt8(ascii: "\\") else {
                throw RegexHazardFound(offset: start, hazard: .unsupported("the escape \"\(automaton.text(start..<(index + 1)))\""))
            }
            index += 1
        }
        guard index < bytes.count else { throw RegexHazardFound(offset: start, hazard: .unsupported("an unclosed \"\\p{\"")) }
        index += 1
    }
}
