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
public struct WebBridgePolicy: Sendable, Equatable {
    /// The route patterns each origin's pages may reach, by origin (`https://host[:port]`).
    public var origins: [String: [String]]
    /// Whether frames inside a page (an ad, an embedded widget) may use the bridge as the page
    /// does. Default `false`: a frame's script is often not the page owner's.
    public var allowsSubframes: Bool

    /// A policy letting in the pages of `origins`, each to its routes.
    public init(origins: [String: [String]], allowsSubframes: Bool = false) {
        self.origins = origins
        self.allowsSubframes = allowsSubframes
    }
}
