/// Where a page lives in a window whose root is a tab bar: opening it there selects that tab
/// and shows the page in the tab's own stack, leaving the other tabs' stacks as they are.
///
/// A page with no home opens where the user is, as in a window without tabs.
public enum PageHome: Hashable, Sendable, CustomStringConvertible {
    /// The tab with this identifier (``TabStack/id``).
    case tab(String)

    /// `tab "orders"`.
    public var description: String {
        switch self {
        case .tab(let identifier): return "tab \"\(identifier)\""
        }
    }
}
