import SwitchyardPatterns
import SwitchyardSupport

/// A URL that Switchyard refused to parse: what was wrong and where.
///
/// Resolving a malformed URL changes nothing; the caller gets this error inside
/// ``RoutingError/malformedURL(_:)``.
public struct MalformedURLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the URL.
    public enum Reason: Equatable, Sendable {
        /// The URL is empty.
        case empty
        /// Over one of the ``InputLimits``: length, path segments or query items.
        case limitExceeded(LimitExceeded)
        /// A C0 control character, DEL or NUL, given as its byte value.
        case controlCharacter(UInt8)
        /// `%` not followed by two hexadecimal digits.
        case invalidPercentEscape
        /// Percent-escapes that decode to bytes that are not UTF-8.
        case invalidUTF8
        /// The scheme is not a valid URL scheme.
        case invalidScheme
        /// A backslash in a web URL before its query: browsers read it as `/`, other parsers do not.
        case backslash
        /// A space where a browser would drop or strip it, at this byte offset.
        case whitespace(offset: Int)
        /// An `http(s)` URL with no `//` and host (`https:/example.com`): browsers guess one, routers must not.
        case webURLWithoutHost
        /// A web URL with user info (`https://evil.com@shop.example.com/`): no app link carries
        /// credentials, and the text before `@` reads as a host to a person.
        case credentials
        /// A web URL's port that is not a number from 0 to 65,535.
        case invalidPort
        /// A web URL's host that is not a host name (``HostName``), and why.
        case invalidHost(String)
    }

    /// The URL made safe for display: cut after 200 characters, control and invisible
    /// characters escaped (it may hold the very newline or NUL it was refused for).
    public let url: String
    /// Zero-based character offset of the problem in the URL.
    public let offset: Int
    /// What was wrong.
    public let reason: Reason

    /// Creates the error; `url` is kept made safe for display, as ``url`` describes.
    public init(url: String, offset: Int, reason: Reason) {
        self.url = DisplaySafe.text(url)
        self.offset = offset
        self.reason = reason
    }

    /// The message: the URL as kept in ``url``, the offset and the reason.
    public var description: String {
        if case .limitExceeded = reason { return "URL \"\(url)\" refused at offset \(offset): \(reason)" }
        return "malformed URL \"\(url)\" at offset \(offset): \(reason)"
    }
}

extension MalformedURLError.Reason: CustomStringConvertible {
    /// The reason in words, as ``MalformedURLError/description`` prints it.
    public var description: String {
        switch self {
        case .empty: return "the URL is empty"
        case .limitExceeded(let exceeded): return exceeded.description
        case .controlCharacter(let byte):
            return byte == 0 ? "NUL character" : "control character 0x" + String(byte, radix: 16, uppercase: true)
        case .invalidPercentEscape: return "\"%\" must be followed by two hexadecimal digits"
        case .invalidUTF8: return "percent-escapes do not decode to valid UTF-8"
        case .invalidScheme: return "invalid scheme"
        case .backslash: return "a backslash in a web URL's host or path (browsers read it as \"/\")"
        case .whitespace: return "a space in a web URL (browsers drop it)"
        case .webURLWithoutHost: return "a web URL needs \"//\" and a host after its scheme"
        case .credentials: return "a web URL with user info (user@host): no app link carries credentials"
        case .invalidPort: return "a web URL's port must be a number from 0 to 65535"
        case .invalidHost(let why): return "a web URL's host must be a host name: \(why)"
        }
    }
}
