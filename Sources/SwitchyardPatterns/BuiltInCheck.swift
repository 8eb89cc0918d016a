import SwitchyardSupport

/// The byte-level test of a built-in converter (`int`, `float`, `uuid`, `string`), for a
/// segment without escapes.
///
/// Inlinable, with every helper, so the trie's search in another module runs it in place:
/// called through ``SegmentCheck``, each checked segment of a lookup paid for an out-of-line
/// call across modules and a retain of the check (about 135 instructions a lookup).
@usableFromInline package enum BuiltInCheck: UInt8, Sendable, BitwiseCopyable {
    case string, int, float, uuid

    /// Whether the undecoded `bytes` are a value of the converter; an empty segment never is.
    @inlinable
    package func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        switch self {
        case .string: return true
        case .int: return Self.isInt(bytes)
        case .float: return Self.isFloat(bytes)
        case .uuid: return Self.isUUID(bytes)
        }
    }

    @inlinable
    static func isInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let start = bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") ? 1 : 0
        let digits = bytes.count &- start
        guard digits > 0, allDigits(UnsafeRawPointer(base + start), digits) else { return false }
        return digits <= alwaysFittingDigits || fitsInInt(bytes)
    }

    /// How many digits always fit in `Int`: 18 in 64 bits, 9 in 32 (arm64_32); a longer value
    /// needs the real range check.
    @inlinable
    static var alwaysFittingDigits: Int { Int.bitWidth == 64 ? 18 : 9 }

    /// Whether the `count` bytes (at least one) at `raw` are all ASCII digits, read a word at a
    /// time: a byte-by-byte loop's exit, at a length that changes from value to value, was a
    /// mispredicted branch on most checked segments of a lookup. Bytes that do not fill a word
    /// are read as overlapping parts of the value, never past its end; an all-of test does not
    /// mind a byte read twice.
    @inlinable @inline(__always)
    static func allDigits(_ raw: UnsafeRawPointer, _ count: Int) -> Bool {
        var word: UInt64
        if count >= 8 {
            var offset = 0
            while count &- offset > 8 {
                guard isDigits(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) else { return false }
                offset &+= 8
            }
            word = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let low = UInt64(raw.loadUnaligned(as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            word = low | high &<< 32
        } else {
            // One to three bytes: the first, the middle and the last, in a word of `0` digits.
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            word = 0x3030_3030_3030_3030 & ~0xFF_FFFF
            word |= UInt64(bytes[0]) | UInt64(bytes[count / 2]) &<< 8 | UInt64(bytes[count &- 1]) &<< 16
        }
        return isDigits(word)
    }

    /// Whether every byte of `word` is an ASCII digit: below `:` and not below `0`.
    @inlinable @inline(__always)
    static func isDigits(_ word: UInt64) -> Bool {
        ByteWord.bytes(below: 0x3A, in: word) & ~ByteWord.bytes(below: 0x30, in: word) == 0x8080_8080_8080_8080
    }

    /// Kept out of line: rare, and it makes a `String`.
    @usableFromInline
    static func fitsInInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        Int(String(decoding: bytes, as: UTF8.self)) != nil
    }

    @inlinable
    static func isFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { index = 1 }
        var digits = 0
        while index < bytes.count, ASCII.isDigit(bytes[index]) { index += 1; digits += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, ASCII.isDigit(bytes[index]) { index += 1; digits += 1 }
        }
        guard digits > 0 else { return false }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var exponentDigits = 0
            while index < bytes.count, ASCII.isDigit(bytes[index]) { index += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return index == bytes.count
    }

    @inlinable
    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for index in 0..<36 {
            let byte = bytes[index]
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if ASCII.hexValue(byte) == nil {
                return false
            }
        }
        return true
    }
}
