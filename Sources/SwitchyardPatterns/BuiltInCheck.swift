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
    /// mispredicted branch on most checked segments of a lookup. No read goes past the value's
    /// end: the last full word ends where the value does (an all-of test does not mind a byte
    /// read twice), and a value shorter than a word is read by ``ByteWord/load(_:count:)`` with
    /// `0` digits above it.
    @inlinable @inline(__always)
    static func allDigits(_ raw: UnsafeRawPointer, _ count: Int) -> Bool {
        guard count >= 8 else {
            return isDigits(ByteWord.load(raw, count: count) | 0x3030_3030_3030_3030 &<< (UInt64(count) &* 8))
        }
        var offset = 0
        while count &- offset > 8 {
            guard isDigits(ByteWord.load(raw + offset, count: 8)) else { return false }
            offset &+= 8
        }
        return isDigits(ByteWord.load(raw + (count &- 8), count: 8))
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
