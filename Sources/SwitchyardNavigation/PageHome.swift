/// Where a page lives in a window whose root is a tab bar or a split view: opening it selects
/// that tab (or column) and shows the page in its own stack, leaving the others as they are.
///
/// A page with no home opens where the user is: the selected tab, or a split view's detail.
public enum PageHome: Hashable, Sendable, CustomStringConvertible {
    /// The tab with this identifier (``TabStack/id``).
    case tab(String)
    /// A column of a split view.
    case column(SplitColumns.Column)

    /// A split view's detail column.
    public static let detail = PageHome.column(.detail)
    /// A split view's primary column (the sidebar).
    public static let primary = PageHome.column(.primary)

    /// `tab "orders"`, `the detail column`.
    public var description: String {
        switch self {
        case .tab(let identifier): return "tab \"\(identifier)\""
        case .column(let column): return "the \(column.rawValue) column"
        }
    }
}
