import Switchyard

/// The shop's tab bar: the identifiers pages name as their home, and the route at each tab's
/// root, which a launch puts in place under whatever a link opens.
public enum ShopTabs {
    /// The tabs, in the tab bar's order.
    public static let identifiers = ["home", "cart", "orders", "me"]
    /// Each tab's root. Orders is protected: logged out, its tab waits for login, empty.
    public static let homes = WindowHomes(tabs: [
        "home": HomeRoute().path, "cart": CartRoute().path, "orders": OrdersRoute().path, "me": MeRoute().path,
    ])
}
