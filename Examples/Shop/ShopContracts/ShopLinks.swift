/// Where the shop's links come from and may go: its scheme, its universal-link domain, the
/// hosts its web view shows, and the host remote mediator calls arrive on.
public enum ShopLinks {
    /// The app's custom scheme and the domain of its universal links.
    public static let scheme = "shop"
    public static let domain = "shop.example.com"
    /// Hosts whose pages the app's web view shows; any other page opens in the browser.
    public static let webViewHosts: Set<String> = ["m.shop.example.com"]
    /// Where remote mediator calls arrive: `shop://call/Target/action`.
    public static let callHost = "call"
    /// The routes a link from the website (a universal link) may open: the shop's pages. Login,
    /// the web view, remote mediator calls and x-callback-url stay inside, and
    /// `switchyard aasa generate` leaves them to the website.
    public static let universalLinkRoutes = [
        HomeRoute.pattern, ProductListRoute.pattern, ProductRoute.pattern, LiveRoute.pattern, CartRoute.pattern, CouponRoute.pattern,
        OrdersRoute.pattern, OrderRoute.pattern, MeRoute.pattern,
        "/promo/:id",   // the manifest's promo pages
    ]
}
