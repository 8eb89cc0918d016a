/// Byte-level helpers shared by the URL parser, the pattern parser and the matcher.
///
/// Inlinable: they sit in the inner loops of other modules (the trie, the URL scanner). The
/// type itself must be `@usableFromInline` too: Swift 6.3 inlines no member of a `package`
/// type into another module without it, `@inlinable` or not.
@usableFromInline package enum ASCII {
    @inlinable package static var slash: UInt8 { UInt8(ascii: "/") }
    @inlinable package static var percent: UInt8 { UInt8(ascii: "%") }
    @inlinable package static var plus: UInt8 { UInt8(ascii: "+") }
    @inlinable package static var question: UInt8 { UInt8(ascii: "?") }
    @inlinable package static var hash: UInt8 { UInt8(ascii: "#") }
    @inlinable package static var ampersand: UInt8 { UInt8(ascii: "&") }
    @inlinable package static var equals: UInt8 { UInt8(ascii: "=") }
    @inlinable package static var colon: UInt8 { UInt8(ascii: ":") }
    @inlinable package static var space: UInt8 { UInt8(ascii: " ") }
    @inlinable package static var backslash: UInt8 { UInt8(ascii: "\\") }

    @inlinable @inline(__always)
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte &- 0x41) < 26 ? byte | 0x20 : byte
    }

    @inlinable @inline(__always)
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte &- 0x30
        case 0x41...0x46: return byte &- 0x41 &+ 10
        case 0x61...0x66: return byte &- 0x61 &+ 10
        default: return nil
        }
    }

    @inlinable @inline(__always)
    package static func isDigit(_ byte: UInt8) -> Bool { (byte &- 0x30) < 10 }

    @inlinable @inline(__always)
    package static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 26
    }

    /// Control characters (C0, DEL) are never valid inside a URL.
    @inlinable @inline(__always)
    package static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// Unreserved characters of RFC 3986, the only ones reverse routing leaves unescaped.
    @inlinable @inline(__always)
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: return true
        default: return false
        }
    }
}
