import Switchyard

/// The shop's tab bar: the identifiers pages name as their home. Each tab's root is the page
/// that declares itself its home (`isHome: true`), which a launch puts in place under whatever
/// a link opens; Orders is protected: logged out, its tab waits for login, empty.
public enum ShopTabs {
    /// The tabs, in the tab bar's order.
    public static let identifiers = ["home", "cart", "orders", "me"]
}
