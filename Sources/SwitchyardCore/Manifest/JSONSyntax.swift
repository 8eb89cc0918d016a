/// Finds the first syntax error in JSON text, with its line and column (both from 1).
///
/// Foundation's decoders report malformed JSON without a position on some platforms, and a
/// person fixing a manifest by hand needs one. This is a strict RFC 8259 recognizer; it
/// builds nothing, and nesting deeper than ``maximumDepth`` is an error rather than a crash.
struct JSONSyntax {
    struct Failure: Error, Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0

    /// `nil` when `bytes` is one well-formed JSON value (with surrounding whitespace).
    static func firstError(in bytes: [UInt8]) -> Failure? {
        var scanner = JSONSyntax(bytes: bytes)
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

    private init(bytes: [UInt8]) { self.bytes = bytes }

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
        guard depth < Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
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
        while true {
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            try string()
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
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""): index += 1; return
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { break }
                if escaped == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        index += 1
                        guard let digit = current, ASCII.hexValue(digit) != nil else { throw failure("\\u must be followed by four hexadecimal digits") }
                    }
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
}
