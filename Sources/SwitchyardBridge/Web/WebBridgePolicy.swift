/// Which web pages may use a ``WebBridge``, and which routes each may reach.
///
/// A page is let in by its origin only (scheme, host and port, read from the frame, never
/// from the page): `https://promo.example.com` does not let in `http://promo.example.com`,
/// `https://promo.example.com:8443` or `https://evil.promo.example.com`. Each origin lists the
/// routes its pages may open or call, as they were registered; any other route is refused
/// with `OpenError.notOpenToCaller` before an interceptor or a handler runs.
///
/// ```swift
/// let policy = WebBridgePolicy(origins: [
///     "https://promo.example.com": ["/order/new", "/product/:id"],
/// ])
/// ```
///
/// Offline H5 packages are opt-in, each way explicitly:
///
/// ```swift
/// let offline = WebBridgePolicy(
///     origins: ["h5pkg://promo": ["/order/new"]],          // pages the app serves under h5pkg://promo/…
///     servedSchemes: ["h5pkg"],                             // …with its own WKURLSchemeHandler
///     fileDirectories: ["/var/containers/Bundle/Application/…/Shop.app/h5/": ["/product/:id"]]   // file: pages in that folder
/// )
/// ```
public struct WebBridgePolicy: Sendable, Equatable {
    /// The route patterns each origin's pages may reach, by origin: `https://host[:port]`, or
    /// `scheme://host` for a scheme in ``servedSchemes``.
    public var origins: [String: [String]]
    /// Custom URL schemes whose pages the app serves itself, with a `WKURLSchemeHandler` set on
    /// the web view's configuration (`setURLSchemeHandler(_:forURLScheme:)`): an origin of one of
    /// them may be listed in ``origins``. Only the app can serve pages under its scheme handler's
    /// scheme, so such an origin is as trustworthy as the package the app ships. Empty by
    /// default. The web's schemes and those of pages without an origin are never a served
    /// scheme: `http`, `https`, `ws`, `wss`, `ftp`, `file`, `data`, `blob`, `about`,
    /// `javascript`, `mailto`, `tel`.
    public var servedSchemes: Set<String>
    /// Pages of the app's own files (`file:` URLs, an H5 package copied into the bundle or the
    /// app's container), by the absolute directory their file must be in, and the routes each
    /// directory's pages may reach. `file:` pages share one origin, so the directory, read from
    /// the frame's URL (``WebFrame/url``), tells them apart; a path with `.` or `..` segments,
    /// or outside every directory, is refused, as is a URL over 8,192 bytes and a folder path
    /// over 4,096. Empty by default.
    public var fileDirectories: [String: [String]]
    /// Whether frames inside a page (an ad, an embedded widget) may use the bridge as the page
    /// does. Default `false`: a frame's script is often not the page owner's.
    public var allowsSubframes: Bool

    /// A policy letting in the pages of `origins`, each to its routes; and, when given, pages the
    /// app serves under `servedSchemes` and pages of its files in `fileDirectories`.
    public init(
        origins: [String: [String]], servedSchemes: Set<String> = [], fileDirectories: [String: [String]] = [:], allowsSubframes: Bool = false
    ) {
        self.origins = origins
        self.servedSchemes = servedSchemes
        self.fileDirectories = fileDirectories
        self.allowsSubframes = allowsSubframes
    }
}
