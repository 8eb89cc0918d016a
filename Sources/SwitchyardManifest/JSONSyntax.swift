import SwitchyardPatterns
import SwitchyardSupport

/// Finds the first syntax error in JSON text, with its line and column (both from 1).
///
/// Foundation's decoders report malformed JSON without a position on some platforms, and a
/// person fixing a manifest by hand needs one. This is a strict RFC 8259 recognizer; it
/// builds nothing but the keys of the open objects, and nesting deeper than the limit is an
/// error rather than a crash. A key repeated in one object is an error too: decoders would
/// silently keep one of the two values, and a signed manifest must mean one thing.
struct JSONSyntax {
    struct Failure: Error, Equatable {
        let line: Int
        let column: Int
        let message: String
        /// Set when the failure is a key repeated in one object.
        var duplicateKey: String?
    }

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var index = 0

    /// `nil` when `bytes` is one well-formed JSON value (with surrounding whitespace).
    static func firstError(in bytes: [UInt8], maximumDepth: Int = InputLimits.default.jsonDepth) -> Failure? {
        var scanner = JSONSyntax(bytes: bytes, maximumDepth: maximumDepth)
        // JSON is UTF-8 (RFC 8259); Foundation refuses anything else, so this does first.
        if let invalid = firstInvalidUTF8Offset(in: bytes) {
            scanner.index = invalid
            return scanner.failure("invalid UTF-8")
        }
        do throws(Failure) {
            scanner.skipWhitespace()
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            if scanner.index < bytes.count { throw scanner.failure("unexpected text after the JSON value") }
            return nil
        } catch {
            return error
        }
    }

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    private func failure(_ message: String) -> Failure {
        var line = 1
        var column = 1
        var position = 0
        while position < min(index, bytes.count) {
            if bytes[position] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[position] & 0xC0 != 0x80 {
                column += 1   // count characters, not UTF-8 continuation bytes
            }
            position += 1
        }
        return Failure(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) {
        guard depth < maximumDepth else {
            throw failure("nesting deeper than \(maximumDepth) levels (InputLimits.jsonDepth)")
        }
        guard let byte = current else { throw failure("unexpected end of input; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw failure("unexpected character \"\(Character(Unicode.Scalar(byte)))\"; expected a value")
        }
    }

    private mutating func object(depth: Int) throws(Failure) {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return }
        var keys: Set<String> = []
        while true {
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            let keyStart = index
            try string()
            let key = Self.decodedString(bytes[(keyStart + 1)..<(index - 1)])
            guard keys.insert(key).inserted else {
                index = keyStart
                var repeated = failure("duplicate key \"\(DisplaySafe.text(key))\" in one object")
                repeated.duplicateKey = key
                throw repeated
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected \":\" after the key") }
            index += 1
            skipWhitespace()
            try value(depth: depth + 1)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "}"): index += 1; return
            case nil: throw failure("unexpected end of input; an object is not closed")
            default: throw failure("expected \",\" or \"}\" in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return }
        while true {
            try value(depth: depth + 1)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipWhitespace()
            case UInt8(ascii: "]"): index += 1; return
            case nil: throw failure("unexpected end of input; an array is not closed")
            default: throw failure("expected \",\" or \"]\" in an array")
            }
        }
    }

    private mutating func string() throws(Failure) {
        index += 1
        // Set after a `\u` high surrogate, which must be followed at once by a low one.
        var awaitingLowSurrogate: Int?
        while let byte = current {
            let escapeStart = index
            if let high = awaitingLowSurrogate, byte != UInt8(ascii: "\\") {
                index = high
                throw failure("an unpaired surrogate escape")
            }
            switch byte {
            case UInt8(ascii: "\""): index += 1; return
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { break }
                if escaped == UInt8(ascii: "u") {
                    var unit: UInt16 = 0
                    for _ in 0..<4 {
                        index += 1
                        guard let digit = current, let value = ASCII.hexValue(digit) else { throw failure("\\u must be followed by four hexadecimal digits") }
                        unit = unit << 4 | UInt16(value)
                    }
                    // Foundation refuses a surrogate that is not half of a pair; so does this.
                    switch (unit, awaitingLowSurrogate) {
                    case (0xD800...0xDBFF, nil): awaitingLowSurrogate = escapeStart
                    case (0xDC00...0xDFFF, .some): awaitingLowSurrogate = nil
                    case (0xD800...0xDFFF, _), (_, .some):
                        index = awaitingLowSurrogate ?? escapeStart
                        throw failure("an unpaired surrogate escape")
                    default: break
                    }
                } else if awaitingLowSurrogate != nil {
                    index = awaitingLowSurrogate ?? escapeStart
                    throw failure("an unpaired surrogate escape")
                } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                    throw failure("invalid escape \"\\\(Character(Unicode.Scalar(escaped)))\"")
                }
                index += 1
            case 0..<0x20: throw failure("control character in a string")
            default: index += 1
            }
        }
        throw failure("unexpected end of input; a string is not closed")
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for expected in word.utf8 {
            guard current == expected else { throw failure("invalid literal; expected \(word)") }
            index += 1
        }
    }

    private mutating func number() throws(Failure) {
        let start = index
        try scanNumber()
        // Past a Double's range Foundation refuses the number; say so here, with its place.
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard Double(text)?.isFinite == true else {
            index = start
            throw failure("the number \(text.prefix(40)) is out of range")
        }
    }

    private mutating func scanNumber() throws(Failure) {
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, ASCII.isDigit(first) else { throw failure("expected a digit") }
        index += 1
        if first != UInt8(ascii: "0") { while let byte = current, ASCII.isDigit(byte) { index += 1 } }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, ASCII.isDigit(byte) else { throw failure("expected a digit after \".\"") }
            while let byte = current, ASCII.isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, ASCII.isDigit(byte) else { throw failure("expected a digit in the exponent") }
            while let byte = current, ASCII.isDigit(byte) { index += 1 }
        }
    }

    /// The text of a string's contents (between the quotes, already checked), escapes decoded,
    /// so `"a"` and `"\u0061"` are the same key.
    private static func decodedString(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        var units: [UInt16] = []
        var index = raw.startIndex
        func hex4(_ at: Int) -> UInt16 {
            (0..<4).reduce(UInt16(0)) { $0 << 4 | UInt16(ASCII.hexValue(raw[at + $1]) ?? 0) }
        }
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "\\") {
                let escaped = raw[index + 1]
                switch escaped {
                case UInt8(ascii: "u"): units.append(hex4(index + 2)); index += 6; continue
                case UInt8(ascii: "b"): units.append(0x08)
                case UInt8(ascii: "f"): units.append(0x0C)
                case UInt8(ascii: "n"): units.append(0x0A)
                case UInt8(ascii: "r"): units.append(0x0D)
                case UInt8(ascii: "t"): units.append(0x09)
                default: units.append(UInt16(escaped))
                }
                index += 2
            } else {
                // Runs of raw UTF-8 are converted as a whole.
                var end = index
                while end < raw.endIndex, raw[end] != UInt8(ascii: "\\") { end += 1 }
                units += String(decoding: raw[index..<end], as: UTF8.self).utf16
                index = end
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
