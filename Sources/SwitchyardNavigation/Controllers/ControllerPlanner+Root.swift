/// Where a new root stack goes in a controller tree; see ``ControllerPlanner/planRoot(_:)``.
@MainActor
public enum RootPlan {
    /// Make a navigation container of the screens the window's root controller.
    case replaceWindowRoot
    /// Dismiss whatever is presented above the root, then make the screens this navigation
    /// container's stack: the selected tab's, so the tab bar stays.
    case replaceStack(of: any ControllerNode)
}

extension ControllerPlanner {
    /// Where a cold-start back stack or a root change puts its screens.
    ///
    /// When the window's root is a tab container whose selected tab is a navigation container,
    /// the screens become that tab's stack and the tab bar stays; otherwise (no root, a plain
    /// or navigation root, or a selected tab that cannot stack) they replace the window's root.
    public static func planRoot(_ root: (any ControllerNode)?) -> RootPlan {
        guard let root, root.stackedNodes == nil, let tab = root.selectedNode, tab.stackedNodes != nil else {
            return .replaceWindowRoot
        }
        return .replaceStack(of: tab)
    }
}
