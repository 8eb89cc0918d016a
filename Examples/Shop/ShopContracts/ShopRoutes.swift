/// Every route of the shop, so modules open each other by constant, never by import.
public enum ShopRoutes {
    public static let home = "/home"
    public static let productList = "/product/list"
    public static let product = "/product/<int:id>"
    public static let live = "/live/:room"
    public static let cartPicker = "/cart/pick"
    public static let cartAdd = "/cart/add/:sku"
    public static let coupon = "/coupon/:code"
    public static let checkout = "/checkout"
    public static let checkoutNew = "/checkout/new"
    public static let orders = "/orders"
    public static let order = "/order/<int:id>"
    public static let login = "/login"
    public static let logout = "/logout"
    public static let web = "/web"
    public static let debugFlags = "/debug/flags"

    /// The app's custom scheme and the domain of its universal links.
    public static let scheme = "shop"
    public static let domain = "shop.example.com"
    /// Hosts whose pages the app's web view shows; any other page opens in the browser.
    public static let webViewHosts: Set<String> = ["m.shop.example.com"]
    /// Where remote mediator calls arrive: `shop://call/Target/action`.
    public static let callHost = "call"

    public static func product(_ id: Int) -> String { "/product/\(id)" }
    public static func order(_ id: Int) -> String { "/order/\(id)" }
}
