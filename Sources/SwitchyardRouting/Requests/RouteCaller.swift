/// Who asked for an open: the app itself, a link the system handed it, a web page through the
/// bridge, or another app through x-callback-url.
///
/// The router keeps callers apart by it: the duplicate guard is keyed by the caller, so one
/// caller's open never makes another's a duplicate. A route reads it as
/// ``RouteRequest/caller`` to tell who asked; a page's and another app's values are never
/// in-app values (``RouteRequest/callerParameters``).
public enum RouteCaller: Hashable, Sendable, CustomStringConvertible {
    /// Code inside the app.
    case app
    /// A link the system handed the app: a deep link, a universal link, a notification, a quick
    /// action, a restored screen; the source says which. Whoever sent it is not known.
    case link(RouteSource)
    /// A web page through the bridge: its origin (`https://promo.example.com`; for a page of the
    /// app's own files, `file://` and the folder its policy entry names, `file:///app/h5/`), the
    /// web view it is in when the adapter says (``number`` of a `WebViewID`), the name its script
    /// chose, and whether it is the page itself rather than a frame inside it.
    case page(origin: String, webView: UInt64?, name: String, isMainFrame: Bool = true)
    /// Another app through x-callback-url: the name it gave (`x-source`, a label, never a
    /// credential) and where its answer goes (`x-success`).
    case otherApp(source: String?, callback: String?)

    /// The caller of an open from `source` that names no caller: the app for in-app code,
    /// a link for any other source.
    public init(source: RouteSource) {
        self = source == .inApp ? .app : .link(source)
    }

    /// Whether answers go back out of the app: to a page or another app. Such a caller gets
    /// a stable code and a message safe to show, never the app's own error text.
    public var receivesAnswersOutsideApp: Bool {
        switch self {
        case .page, .otherApp: return true
        case .app, .link: return false
        }
    }

    /// A phrase for messages: `the app`, `a link (deep link)`, `the page "cart" of https://shop.example.com`.
    public var description: String {
        switch self {
        case .app: return "the app"
        case .link(let source): return "a link (\(source))"
        case .page(let origin, let webView, let name, let isMainFrame):
            return "the page \"\(name)\" of \(origin)" + (webView.map { " in web view \($0)" } ?? "") + (isMainFrame ? "" : ", in a frame inside a page")
        case .otherApp(let source, _): return source.map { "the app \"\($0)\"" } ?? "another app"
        }
    }
}
