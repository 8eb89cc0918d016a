/// Byte-level helpers shared by the URL parser, the pattern parser and the matcher.
enum ASCII {
    static let slash = UInt8(ascii: "/")
    static let percent = UInt8(ascii: "%")
    static let plus = UInt8(ascii: "+")
    static let question = UInt8(ascii: "?")
    static let hash = UInt8(ascii: "#")
    static let ampersand = UInt8(ascii: "&")
    static let equals = UInt8(ascii: "=")
    static let colon = UInt8(ascii: ":")
    static let space = UInt8(ascii: " ")
    static let backslash = UInt8(ascii: "\\")

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte &- 0x41) < 26 ? byte | 0x20 : byte
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte &- 0x30
        case 0x41...0x46: return byte &- 0x41 &+ 10
        case 0x61...0x66: return byte &- 0x61 &+ 10
        default: return nil
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { (byte &- 0x30) < 10 }

    @inline(__always)
    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 26
    }

    /// Control characters (C0, DEL) are never valid inside a URL.
    @inline(__always)
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// Unreserved characters of RFC 3986, the only ones reverse routing leaves unescaped.
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: return true
        default: return false
        }
    }
}
