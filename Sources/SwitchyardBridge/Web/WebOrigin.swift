import SwitchyardRouting
import SwitchyardSupport

/// A web origin, `scheme://host[:port]`, as a browser compares them: lowercased, default port dropped.
///
/// Read from the frame that sent a message (WebKit's `WKSecurityOrigin`, a browser's `Origin`
/// header), never from what the page says about itself. Besides `http(s)` origins, two kinds of
/// offline page have one: a page of a custom scheme the app serves itself with a
/// `WKURLSchemeHandler` (`h5pkg://promo`), and a page of the app's own files (`file://`, whose
/// directory the bridge reads from the frame's URL); a ``WebBridgePolicy`` lets either in only
/// when it says so.
public struct WebOrigin: Hashable, Sendable, CustomStringConvertible {
    /// `http`, `https`, `file`, or a custom scheme, lowercased.
    public let scheme: String
    /// The host, lowercased; empty for `file`.
    public let host: String
    /// The port; `nil` for the scheme's default (80, 443), and for `file` and custom schemes.
    public let port: Int?

    /// Schemes no page of the app's own can be served under: the web's, and those whose pages
    /// have no origin a bridge can trust (`data:`, `blob:`, `about:`, `javascript:`).
    static let notServable: Set<String> = ["http", "https", "file", "data", "blob", "about", "javascript", "ws", "wss", "ftp", "mailto", "tel"]

    /// Whether `scheme` is one an app may serve its own pages under: RFC 3986's scheme syntax,
    /// lowercase, and not one of the web's or of pages without an origin.
    static func isServable(_ scheme: String) -> Bool {
        guard let first = scheme.utf8.first, (0x61...0x7A).contains(first), scheme.utf8.count <= 64 else { return false }
        let allowed = scheme.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
        return allowed && !notServable.contains(scheme)
    }

    /// Whether the origin is a page of the app's own files (`file://`).
    public var isFile: Bool { scheme == "file" }

    /// An origin from its parts, as WebKit's `WKSecurityOrigin` gives them (`port` 0: the default);
    /// `nil` when the scheme is none of `http(s)`, `file` or a servable custom scheme, or the host
    /// is not a host name (a custom scheme's needs one; `file`'s is empty or `localhost`).
    public init?(scheme: String, host: String, port: Int?) {
        let scheme = scheme.lowercased()
        let host = host.lowercased()
        if let port, !(0...65_535).contains(port) { return nil }
        switch scheme {
        case "http", "https":
            guard HostName.problem(host.utf8) == nil else { return nil }
            let defaultPort = scheme == "https" ? 443 : 80
            self.port = port == 0 || port == defaultPort ? nil : port
            self.host = host
        case "file":
            guard host.isEmpty || host == "localhost", port == nil || port == 0 else { return nil }
            self.port = nil
            self.host = ""
        default:
            guard Self.isServable(scheme), HostName.problem(host.utf8) == nil, port == nil || port == 0 else { return nil }
            self.port = nil
            self.host = host
        }
        self.scheme = scheme
    }

    /// An origin read from `scheme://host[:port]` (a trailing `/` allowed, nothing else after
    /// the authority), as ``init(scheme:host:port:)`` takes its parts; `nil` for anything else,
    /// `null` included.
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

    /// `https://host`, `http://host:port`, `h5pkg://promo`, or `file://`.
    public var description: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }
}

/// The frame a message came from: what a ``WebBridge`` checks before it reads the message.
public struct WebFrame: Sendable, Equatable {
    /// The frame's security origin; `nil` when it has none a bridge can trust (`data:`, sandboxed).
    public var origin: WebOrigin?
    /// The URL of the frame's document, as WebKit reports it (`WKFrameInfo.request.url`): for a
    /// page of the app's own files, the bridge reads its directory from it
    /// (``WebBridgePolicy/fileDirectories``). `nil` when the adapter does not know it.
    public var url: String?
    /// Whether the frame is the page itself rather than a frame inside it.
    public var isMainFrame: Bool
    /// The web view the frame is in, when the adapter knows it: the limits count its calls
    /// apart from other web views', and ``WebBridge/webViewDidClose(_:)`` ends them.
    public var view: WebViewID?

    /// A frame of `origin`; the main frame unless `isMainFrame` says otherwise.
    public init(origin: WebOrigin?, isMainFrame: Bool = true, view: WebViewID? = nil, url: String? = nil) {
        self.origin = origin
        self.isMainFrame = isMainFrame
        self.view = view
        self.url = url
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
