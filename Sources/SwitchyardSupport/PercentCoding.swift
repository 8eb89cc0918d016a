/// Percent-decoding and -encoding used by URL parsing and reverse routing.
package enum PercentCoding {
    /// Why a run of bytes could not be decoded, and at which byte offset inside it.
    package enum Failure: Error, Equatable {
        case invalidEscape(offset: Int)
        case invalidUTF8(offset: Int)
        /// `%00`: a NUL in a value cuts it short wherever it reaches C strings.
        case nul(offset: Int)
    }

    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`) into a `String`.
    ///
    /// The fast path returns the bytes unchanged when there is nothing to decode.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> Result<String, Failure> {
        var needsWork = false
        for byte in bytes where byte == ASCII.percent || (plusIsSpace && byte == ASCII.plus) {
            needsWork = true
            break
        }
        if !needsWork { return .success(String(decoding: bytes, as: UTF8.self)) }

        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        var sawEscape = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.percent {
                guard index + 2 < bytes.count,
                      let high = ASCII.hexValue(bytes[index + 1]),
                      let low = ASCII.hexValue(bytes[index + 2])
                else { return .failure(.invalidEscape(offset: index)) }
                guard high | low != 0 else { return .failure(.nul(offset: index)) }
                output.append(high << 4 | low)
                sawEscape = true
                index += 3
            } else if plusIsSpace && byte == ASCII.plus {
                output.append(ASCII.space)
                index += 1
            } else {
                output.append(byte)
                index += 1
            }
        }
        if sawEscape, let bad = firstInvalidUTF8Offset(in: output) {
            return .failure(.invalidUTF8(offset: sourceOffset(ofDecoded: bad, in: bytes)))
        }
        return .success(String(decoding: output, as: UTF8.self))
    }

    /// Decodes a Swift string (a pattern literal) with the same rules.
    package static func decode(_ string: String, plusIsSpace: Bool) -> Result<String, Failure> {
        var copy = string
        return copy.withUTF8 { decode($0, plusIsSpace: plusIsSpace) }
    }

    /// Maps an offset in decoded output back to the source byte that produced it.
    private static func sourceOffset(ofDecoded target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var decoded = 0
        var index = 0
        while index < bytes.count && decoded < target {
            index += bytes[index] == ASCII.percent ? 3 : 1
            decoded += 1
        }
        return index
    }

    /// `base` with the query item `name=value` appended, `value` encoded: how a login,
    /// web or fallback page is handed the URL it is about.
    package static func appendingQueryItem(_ name: String, _ value: String, to base: String) -> String {
        // Bytes, not characters: a combining mark after `?` makes one character of the two.
        base + (base.utf8.contains(ASCII.question) ? "&" : "?") + name + "=" + encode(value)
    }

    /// Percent-encodes everything except RFC 3986 unreserved characters.
    ///
    /// This is deliberately stricter than Foundation's path or query sets so that
    /// `/`, `?`, `&`, `=`, `+`, `%`, `:` and `#` in a value always survive a round trip.
    package static func encode(_ string: String) -> String {
        let utf8 = string.utf8
        if utf8.allSatisfy(ASCII.isUnreserved) { return string }
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var output = [UInt8]()
        output.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if ASCII.isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(ASCII.percent)
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
