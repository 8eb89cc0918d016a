extension JSONReader {
    /// Reads a string from its opening quote to past its closing one, escapes decoded.
    mutating func string() throws(Failure) -> String {
        let start = index
        let escaped = try scanString()
        let raw = bytes[(start + 1)..<(index - 1)]
        // Through a buffer, not the slice: the slice takes a generic path, byte by byte in a debug build.
        return escaped ? Self.decodedString(raw) : String(decoding: UnsafeBufferPointer(rebasing: raw), as: UTF8.self)
    }

    /// Moves past the string; returns whether it holds an escape.
    private mutating func scanString() throws(Failure) -> Bool {
        index += 1
        var escapes = false
        // Set after a `\u` high surrogate, which must be followed at once by a low one.
        var awaitingLowSurrogate: Int?
        while true {
            if awaitingLowSurrogate == nil { skipPlainBytes() }
            guard let byte = current else { break }
            let escapeStart = index
            if let high = awaitingLowSurrogate, byte != UInt8(ascii: "\\") {
                index = high
                throw failure("an unpaired surrogate escape")
            }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return escapes
            case UInt8(ascii: "\\"):
                escapes = true
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
                    throw failure("invalid escape \"\\\(Self.shown(escaped))\"")
                }
                index += 1
            case 0..<0x20: throw failure("control character in a string")
            default: index += 1
            }
        }
        throw failure("unexpected end of input; a string is not closed")
    }

    /// Moves past the bytes a string holds as they are (none a quote, a backslash or a control
    /// character), eight at a time while they last: a long string costs about as much per byte
    /// as the rest of the text, in a debug build too.
    private mutating func skipPlainBytes() {
        guard let base = bytes.baseAddress else { return }
        let end = bytes.count
        while index + 8 <= end, !Self.holdsSpecialByte(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
            index += 8
        }
        while index < end, !Self.isSpecial(base[index]) { index += 1 }
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
    }

    /// Whether one of the eight bytes of `word` is a quote, a backslash or a control character.
    package static func holdsSpecialByte(_ word: UInt64) -> Bool {
        ByteWord.bytes(equalTo: UInt8(ascii: "\""), in: word) | ByteWord.bytes(equalTo: UInt8(ascii: "\\"), in: word)
            | ByteWord.bytes(below: 0x20, in: word) != 0
    }

    /// A byte as a message may quote it: an ASCII character made safe to display, or words.
    static func shown(_ byte: UInt8) -> String {
        byte < 0x80 ? DisplaySafe.text(String(Character(Unicode.Scalar(byte)))) : "a non-ASCII character"
    }

    mutating func number() throws(Failure) -> Double {
        let start = index
        try scanNumber()
        // Past a Double's range Foundation refuses the number; say so here, with its place.
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            index = start
            throw failure("the number \(text.prefix(40)) is out of range")
        }
        return number
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
    private static func decodedString(_ raw: Slice<UnsafeBufferPointer<UInt8>>) -> String {
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
