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
        let start = bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") ? 1 : 0
        guard start < bytes.count else { return false }
        for index in start..<bytes.count where !ASCII.isDigit(bytes[index]) { return false }
        // Up to 18 digits always fit; longer ones need the real range check.
        return bytes.count - start <= 18 || fitsInInt(bytes)
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
