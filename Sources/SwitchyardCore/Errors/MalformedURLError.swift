/// A URL that Switchyard refused to parse: what was wrong and where.
///
/// Resolving a malformed URL changes nothing; the caller gets this error inside
/// ``RoutingError/malformedURL(_:)``.
public struct MalformedURLError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case empty
        case tooLong(length: Int, limit: Int)
        /// A C0 control character, DEL or NUL, given as its byte value.
        case controlCharacter(UInt8)
        /// `%` not followed by two hexadecimal digits.
        case invalidPercentEscape
        /// Percent-escapes that decode to bytes that are not UTF-8.
        case invalidUTF8
        case invalidScheme
    }

    /// The URL, shortened to its first 200 characters for display.
    public let url: String
    /// Zero-based character offset of the problem in the URL.
    public let offset: Int
    public let reason: Reason

    public init(url: String, offset: Int, reason: Reason) {
        self.url = url.count > 200 ? String(url.prefix(200)) + "…" : url
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        "malformed URL \"\(url)\" at offset \(offset): \(reason)"
    }
}

extension MalformedURLError.Reason: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty: return "the URL is empty"
        case .tooLong(let length, let limit): return "the URL is \(length) bytes long; the limit is \(limit)"
        case .controlCharacter(let byte):
            return byte == 0 ? "NUL character" : "control character 0x" + String(byte, radix: 16, uppercase: true)
        case .invalidPercentEscape: return "\"%\" must be followed by two hexadecimal digits"
        case .invalidUTF8: return "percent-escapes do not decode to valid UTF-8"
        case .invalidScheme: return "invalid scheme"
        }
    }
}
