import SwitchyardPatterns
import SwitchyardSupport

/// Byte ranges of a URL's parts, found by one pass over its UTF-8 bytes.
///
/// Switchyard parses URLs itself rather than through Foundation's `URL`, which on
/// Linux refuses some valid inputs and is several times slower.
package struct URLLayout {
    package var scheme: Range<Int>?
    /// The authority (host, with any user info and port) when the scheme is followed by `//`;
    /// `nil` for `scheme:path` and for a path.
    package var host: Range<Int>?
    var path: Range<Int>
    var query: Range<Int>?
    var fragment: Range<Int>?

    /// A problem found while scanning, at a byte offset.
    struct Failure: Error {
        let byteOffset: Int
        let reason: MalformedURLError.Reason
    }

    /// Splits `bytes` into parts and checks every byte: no control characters, and
    /// every `%` followed by two hex digits. UTF-8 of decoded escapes is checked later,
    /// where values are decoded. A URL over `maximumLength` bytes is refused unread.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, maximumLength: Int) -> Result<URLLayout, Failure> {
        guard !bytes.isEmpty else { return .failure(Failure(byteOffset: 0, reason: .empty)) }
        guard bytes.count <= maximumLength else {
            let exceeded = LimitExceeded(.urlLength, value: bytes.count, maximum: maximumLength)
            return .failure(Failure(byteOffset: maximumLength, reason: .limitExceeded(exceeded)))
        }
        var queryStart: Int?
        var fragmentStart: Int?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if ASCII.isControl(byte) {
                return .failure(Failure(byteOffset: index, reason: .controlCharacter(byte)))
            }
            if byte == ASCII.percent {
                guard index + 2 < bytes.count,
                      ASCII.hexValue(bytes[index + 1]) != nil, ASCII.hexValue(bytes[index + 2]) != nil
                else { return .failure(Failure(byteOffset: index, reason: .invalidPercentEscape)) }
            } else if byte == ASCII.hash, fragmentStart == nil {
                fragmentStart = index
            } else if byte == ASCII.question, queryStart == nil, fragmentStart == nil {
                queryStart = index
            }
            index += 1
        }
        let end = queryStart ?? fragmentStart ?? bytes.count
        var layout = URLLayout(path: 0..<end)
        if let fragmentStart { layout.fragment = (fragmentStart + 1)..<bytes.count }
        if let queryStart { layout.query = (queryStart + 1)..<(fragmentStart ?? bytes.count) }

        guard let schemeEnd = schemeEnd(in: bytes, before: end) else { return .success(layout) }
        layout.scheme = 0..<schemeEnd
        let isWeb = isWebScheme(bytes, 0..<schemeEnd)
        // Browsers read `\` as `/` in a web URL's host and path; refuse rather than disagree.
        if isWeb, let backslash = (0..<end).first(where: { bytes[$0] == ASCII.backslash }) {
            return .failure(Failure(byteOffset: backslash, reason: .backslash))
        }
        guard let authority = authority(in: bytes, schemeEnd: schemeEnd, end: end) else {
            // `scheme:path` (RFC 3986 allows it): the rest is the path. A browser guesses a host
            // for `https:/example.com`; a router must not.
            if isWeb { return .failure(Failure(byteOffset: schemeEnd, reason: .webURLWithoutHost)) }
            layout.path = (schemeEnd + 1)..<end
            return .success(layout)
        }
        layout.host = authority
        layout.path = authority.upperBound..<end
        return .success(layout)
    }

    /// The authority's bytes, up to the first `/` before `end`, when `//` follows the scheme's
    /// colon at once; `nil` otherwise (a `://` later on names no authority).
    private static func authority(in bytes: UnsafeBufferPointer<UInt8>, schemeEnd: Int, end: Int) -> Range<Int>? {
        let afterColon = schemeEnd + 1
        guard afterColon + 1 < end, bytes[afterColon] == ASCII.slash, bytes[afterColon + 1] == ASCII.slash else { return nil }
        var authorityEnd = afterColon + 2
        while authorityEnd < end, bytes[authorityEnd] != ASCII.slash { authorityEnd += 1 }
        return (afterColon + 2)..<authorityEnd
    }

    /// The lowercased authority of `scheme://authority[/?#…]`, as ``scan(_:maximumLength:)``
    /// reads it; `nil` without a scheme or without `//` right after it, and for an empty one.
    package static func authority(of text: String) -> String? {
        var copy = text
        return copy.withUTF8 { bytes in
            let end = bytes.firstIndex { $0 == ASCII.question || $0 == ASCII.hash } ?? bytes.count
            guard let schemeEnd = schemeEnd(in: bytes, before: end), let range = authority(in: bytes, schemeEnd: schemeEnd, end: end),
                  !range.isEmpty
            else { return nil }
            return lowercasedText(UnsafeBufferPointer(rebasing: bytes[range]))
        }
    }

    /// The end of the scheme (the offset of its `:`), if the URL starts with one: a letter,
    /// then letters, digits, `+`, `-` or `.`, then `:` (RFC 3986, section 3.1).
    private static func schemeEnd(in bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        guard end > 1, (bytes[0] | 0x20) &- UInt8(ascii: "a") < 26 else { return nil }
        var index = 1
        while index < end {
            let byte = bytes[index]
            let isSchemeByte = (byte | 0x20) &- UInt8(ascii: "a") < 26 || ASCII.isDigit(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isSchemeByte else { break }
            index += 1
        }
        guard index < end, bytes[index] == ASCII.colon else { return nil }
        return index
    }

    /// The lowercased scheme of `scheme://…` or `scheme:…`, or `nil` when `text` does not start with one.
    package static func scheme(of text: String) -> String? {
        var copy = text
        return copy.withUTF8 { bytes in
            let end = bytes.firstIndex { $0 == ASCII.question || $0 == ASCII.hash } ?? bytes.count
            guard let schemeEnd = schemeEnd(in: bytes, before: end) else { return nil }
            return lowercasedText(UnsafeBufferPointer(rebasing: bytes[0..<schemeEnd]))
        }
    }

    /// Whether the scheme is `http` or `https`, in any case.
    /// Byte by byte, in place: mapping the scheme to a lowercased array allocated one on
    /// every resolve. `| 0x20` makes only `H` and `h` into `h`, and so on for each letter here.
    static func isWebScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ scheme: Range<Int>) -> Bool {
        let start = scheme.lowerBound
        guard scheme.count == 4 || scheme.count == 5,
              bytes[start] | 0x20 == UInt8(ascii: "h"), bytes[start + 1] | 0x20 == UInt8(ascii: "t"),
              bytes[start + 2] | 0x20 == UInt8(ascii: "t"), bytes[start + 3] | 0x20 == UInt8(ascii: "p")
        else { return false }
        return scheme.count == 4 || bytes[start + 4] | 0x20 == UInt8(ascii: "s")
    }

    /// The text of `bytes` lowercased as `String.lowercased()` does: ASCII text (every scheme,
    /// nearly every host) a byte at a time into the string's own storage, anything else by
    /// `lowercased()`, which reads Unicode's case tables.
    package static func lowercasedText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return String(decoding: bytes, as: UTF8.self).lowercased() }
        return String(unsafeUninitializedCapacity: bytes.count) { storage in
            for (index, byte) in bytes.enumerated() { storage[index] = ASCII.lowercased(byte) }
            return bytes.count
        }
    }

    /// The web host of an authority: user info and port removed.
    static func webHost(_ bytes: UnsafeBufferPointer<UInt8>, authority: Range<Int>) -> Range<Int> {
        var start = authority.lowerBound
        var end = authority.upperBound
        if let at = authority.last(where: { bytes[$0] == UInt8(ascii: "@") }) { start = at + 1 }
        if start < end, bytes[start] == UInt8(ascii: "[") {
            if let close = (start..<end).first(where: { bytes[$0] == UInt8(ascii: "]") }) { end = close + 1 }
        } else if let colon = (start..<end).first(where: { bytes[$0] == ASCII.colon }) {
            end = colon
        }
        return start..<end
    }

    /// What is wrong with a web URL's authority (user info, a port that is not one, a host that
    /// is not a host name), at its byte offset; `nil` when it is a host and maybe a port.
    static func webAuthorityProblem(_ bytes: UnsafeBufferPointer<UInt8>, authority: Range<Int>) -> (offset: Int, reason: MalformedURLError.Reason)? {
        if let at = authority.first(where: { bytes[$0] == UInt8(ascii: "@") }) { return (at, .credentials) }
        let host = webHost(bytes, authority: authority)
        if let problem = HostName.problem(UnsafeBufferPointer(rebasing: bytes[host])) { return (host.lowerBound, .invalidHost(problem)) }
        guard host.upperBound < authority.upperBound else { return nil }
        // After the host comes `:` and the port, or nothing.
        let port = (host.upperBound + 1)..<authority.upperBound
        guard bytes[host.upperBound] == ASCII.colon, port.count <= 5, port.allSatisfy({ ASCII.isDigit(bytes[$0]) }),
              port.reduce(0, { $0 * 10 + Int(bytes[$1] - 0x30) }) <= 65_535
        else { return (host.upperBound, .invalidPort) }
        return nil
    }

    /// Converts a byte offset into the character offset that errors report.
    static func characterOffset(_ bytes: UnsafeBufferPointer<UInt8>, byteOffset: Int) -> Int {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<min(byteOffset, bytes.count)]), as: UTF8.self).count
    }
}
