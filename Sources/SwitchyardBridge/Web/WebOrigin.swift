import SwitchyardRouting
import SwitchyardSupport

/// A web origin, `scheme://host[:port]`, as a browser compares them: lowercased, default port dropped.
///
/// Read from the frame that sent a message (WebKit's `WKSecurityOrigin`, a browser's `Origin`
/// header), never from what the page says about itself.
public struct WebOrigin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    public let scheme: String
    /// The host, lowercased.
    public let host: String
    /// The port; `nil` for the scheme's default (80, 443).
    public let port: Int?

    /// An origin from its parts, as WebKit's `WKSecurityOrigin` gives them (`port` 0: the default);
    /// `nil` when the scheme is not `http(s)` or the host is not a host name.
    public init?(scheme: String, host: String, port: Int?) {
        let scheme = scheme.lowercased()
        let host = host.lowercased()
        guard scheme == "http" || scheme == "https", HostName.problem(host.utf8) == nil else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        if let port, !(0...65_535).contains(port) { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port == 0 || port == defaultPort ? nil : port
    }

    /// An origin read from `scheme://host[:port]` (a trailing `/` allowed, nothing else after
    /// the authority); `nil` for anything else, `null` included.
    public init?(_ text: String) {
        // Printable ASCII only (an international host comes as punycode): then every character
        // is one byte, and no combining mark or CR LF pair can hide a `/` or an `@`.
        guard text.utf8.count <= 300, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), let separator = text.range(of: "://") else { return nil }
        var authority = text[separator.upperBound...]
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.contains(where: { "/?#@\\".contains($0) }) else { return nil }
        var host = authority
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            let digits = authority[authority.index(after: colon)...]
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else { return nil }
            host = authority[..<colon]
            port = number
        }
        self.init(scheme: String(text[..<separator.lowerBound]), host: String(host), port: port)
    }

    /// `https://host` or `http://host:port`.
    public var description: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }
}

/// The frame a message came from: what a ``WebBridge`` checks before it reads the message.
public struct WebFrame: Sendable, Equatable {
    /// The frame's security origin; `nil` when it has none a bridge can trust (`file:`, sandboxed).
    public var origin: WebOrigin?
    /// Whether the frame is the page itself rather than a frame inside it.
    public var isMainFrame: Bool
    /// The web view the frame is in, when the adapter knows it: the limits count its calls
    /// apart from other web views', and ``WebBridge/webViewDidClose(_:)`` ends them.
    public var view: WebViewID?

    /// A frame of `origin`; the main frame unless `isMainFrame` says otherwise.
    public init(origin: WebOrigin?, isMainFrame: Bool = true, view: WebViewID? = nil) {
        self.origin = origin
        self.isMainFrame = isMainFrame
        self.view = view
    }
}

/// A web view as a ``WebBridge`` tells them apart: a number no other web view of the process
/// gets, so a view made where a closed one was is never taken for it.
public struct WebViewID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique in the process.
    public let number: UInt64

    private static let counter = Locked<UInt64>(0)

    /// A new identity, never handed out before.
    public static func next() -> WebViewID {
        WebViewID(number: counter.withLock { count in
            count += 1
            return count
        })
    }

    public var description: String { "web view \(number)" }
}
