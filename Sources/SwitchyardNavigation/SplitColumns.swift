/// The columns of a split view root (`UISplitViewController`, `NavigationSplitView`): a
/// primary column (the sidebar), an optional supplementary one, and the detail, each a stack.
@MainActor
public struct SplitColumns {
    /// A column of a split view.
    public enum Column: String, Sendable, CaseIterable {
        /// The sidebar.
        case primary
        /// The middle column of a three-column split view.
        case supplementary
        /// The detail column.
        case detail
    }

    /// The sidebar's stack.
    public var primary: ScreenLayer
    /// The middle column's stack; `nil` for a two-column split view.
    public var supplementary: ScreenLayer?
    /// The detail stack: where pages without a home are pushed.
    public var detail: ScreenLayer
    /// Whether the columns show as one stack (compact width): primary, then supplementary,
    /// then detail, so that going back from the detail's root shows the column before it.
    public var isCollapsed: Bool

    /// Empty columns, with a supplementary one or not, collapsed or not.
    public init(hasSupplementary: Bool = false, isCollapsed: Bool = false) {
        func column() -> ScreenLayer { ScreenLayer(presentation: .root, hasNavigation: true, screens: []) }
        primary = column()
        supplementary = hasSupplementary ? column() : nil
        detail = column()
        self.isCollapsed = isCollapsed
    }

    /// The stack of `column`; `nil` for a supplementary column the split view does not have.
    public subscript(column: Column) -> ScreenLayer? {
        switch column {
        case .primary: return primary
        case .supplementary: return supplementary
        case .detail: return detail
        }
    }

    mutating func set(_ column: Column, _ layer: ScreenLayer) {
        switch column {
        case .primary: primary = layer
        case .supplementary: supplementary = layer
        case .detail: detail = layer
        }
    }

    /// The columns the split view has, in order.
    var columns: [Column] { supplementary == nil ? [.primary, .detail] : [.primary, .supplementary, .detail] }

    var isEmpty: Bool { columns.allSatisfy { self[$0]?.screens.isEmpty ?? true } }

    /// A line per column (`primary: Mailboxes`), after `collapsed` when it is.
    var outline: [String] {
        (isCollapsed ? ["collapsed"] : []) + columns.map { column in
            let screens = self[column]?.screens ?? []
            return screens.isEmpty ? column.rawValue : column.rawValue + ": " + screens.map(\.name).joined(separator: " > ")
        }
    }
}
