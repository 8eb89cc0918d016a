// What the router reads of a UIKit window to put its homes in place (`WindowHomes`), as
// `WindowState` answers it for the headless one.
extension ControllerPlanner {
    /// The places of the window under `root`, as ``WindowState/places`` gives them: a tab
    /// container's tabs that carry an identifier, in order, or a split view's columns.
    public static func places(root: (any ControllerNode)?) -> [PageHome] {
        guard let root else { return [] }
        if let columns = root.splitColumnNodes {
            return SplitColumns.Column.allCases.filter { columns[$0] != nil }.map { .column($0) }
        }
        return (root.tabNodes ?? []).compactMap { $0.tabIdentifier.map { .tab($0) } }
    }

    /// Where a page with no home goes under `root`: the selected tab, a split view's detail
    /// column; `nil` for a window whose root is one stack, or a selected tab with no identifier.
    public static func currentPlace(root: (any ControllerNode)?) -> PageHome? {
        guard let root else { return nil }
        if root.splitColumnNodes != nil { return .detail }
        return root.selectedNode?.tabIdentifier.map { .tab($0) }
    }

    /// The route names (``ControllerNode/routeName``) of the stack at `place` (the current
    /// place's for `nil`), bottom first; `[]` for a window with no root yet; `nil` when the
    /// window has no such place or it is not a navigation container.
    public static func routes(at place: PageHome?, root: (any ControllerNode)?) -> [String]? {
        guard let root else { return place == nil ? [] : nil }
        let node: (any ControllerNode)?
        switch place {
        case .tab(let identifier)?: node = root.tabNodes?.first { $0.tabIdentifier == identifier }
        case .column(let column)?: node = root.splitColumnNodes?[column]
        case nil: node = root.splitColumnNodes?[.detail] ?? root.selectedNode ?? root
        }
        guard let stack = node.flatMap(stack(of:)), let screens = stack.stackedNodes else { return nil }
        return screens.map { $0.routeName ?? "" }
    }

    /// Whether the window under `root` shows no screen: no root at all, or a tab bar, split
    /// view or navigation container whose stacks are all empty, with nothing presented: a new
    /// scene whose first page is to be its root.
    public static func isEmpty(root: (any ControllerNode)?) -> Bool {
        guard let root else { return true }
        guard layers(from: root).count == 1 else { return false }
        let places = places(root: root)
        if places.isEmpty { return routes(at: nil, root: root) == [] }
        return places.allSatisfy { routes(at: $0, root: root) == [] }
    }
}
