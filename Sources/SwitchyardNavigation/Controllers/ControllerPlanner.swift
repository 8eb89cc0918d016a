/// What the UIKit adapter should do, decided from the controller tree.
@MainActor
public enum ControllerPlan {
    /// `navigation.pushViewController(_:animated:)`; `hidesBottomBar` sets `hidesBottomBarWhenPushed`.
    case push(onto: any ControllerNode, hidesBottomBar: Bool)
    /// `presenter.present(_:animated:)`, wrapped in a navigation container when asked.
    case present(from: any ControllerNode, fullScreen: Bool, inNavigation: Bool)
    /// Replace the top screen of `navigation` (`setViewControllers` with the last one swapped).
    case replaceTop(of: any ControllerNode)
    /// Make the new screen the window's root, inside a navigation container.
    case setRoot
    /// Pop `navigation` so that `keeping` screens remain.
    case pop(any ControllerNode, keeping: Int)
    /// Dismiss what `presenter` presents (and everything above it).
    case dismiss(presentedBy: any ControllerNode)
    /// Dismiss what `presenter` presents, then pop `navigation` so that `keeping` screens remain.
    case dismissThenPop(presentedBy: any ControllerNode, navigation: any ControllerNode, keeping: Int)
    /// Make the new screen the only one in this navigation container (a tab's or a column's).
    case setStack(of: any ControllerNode)
    /// Select the tab at `index` of this tab container (`selectedIndex`).
    case selectTab(container: any ControllerNode, index: Int)
    /// Dismiss what `presenter` presents (when set), select the tab at `index`, then pop
    /// `navigation` (that tab's stack) so that `keeping` screens remain: going back to a
    /// screen of another tab.
    case switchTab(dismissingAbove: (any ControllerNode)?, container: any ControllerNode, index: Int, navigation: any ControllerNode, keeping: Int)
    /// The screens are already as asked.
    case nothing
}

/// UIKit's navigation rules as pure decisions over ``ControllerNode``s.
@MainActor
public enum ControllerPlanner {
    /// The controller the user sees: follows presented controllers, the top of navigation
    /// containers and the selected tab.
    public static func topMost(from root: any ControllerNode) -> any ControllerNode {
        var node = root
        while true {
            if let presented = node.presentedNode { node = presented
            } else if let top = node.stackedNodes?.last { node = top
            } else if let tab = node.selectedNode { node = tab
            } else if let detail = node.splitColumnNodes?[.detail] { node = detail
            } else { return node }
        }
    }

    /// How to show a new screen from `presenter` (default: the top-most controller).
    public static func plan(_ command: NavigationCommand, root: any ControllerNode, presenter: String? = nil) throws -> ControllerPlan {
        let from = try presenter.map { name throws -> any ControllerNode in
            guard let node = chain(from: root).last(where: { $0.isRoute(name) }) else { throw NavigationError.presenterNotFound(name) }
            return node
        } ?? topMost(from: root)
        switch command {
        case .push:
            guard let navigation = from.navigationNode else {
                return .present(from: from, fullScreen: false, inNavigation: false)
            }
            // Pushing from a tab's root screen hides the tab bar, as apps expect of detail screens.
            let atRoot = (navigation.stackedNodes?.count ?? 0) <= 1
            return .push(onto: navigation, hidesBottomBar: atRoot && navigation.isInTabContainer)
        case .present: return .present(from: from, fullScreen: false, inNavigation: false)
        case .presentFullScreen: return .present(from: from, fullScreen: true, inNavigation: false)
        case .presentInNavigation: return .present(from: from, fullScreen: false, inNavigation: true)
        case .replace:
            guard let navigation = from.navigationNode else { return .present(from: from, fullScreen: false, inNavigation: false) }
            return .replaceTop(of: navigation)
        case .setRoot: return .setRoot
        case .custom(let name): throw NavigationError.unknownCustomCommand(name)
        case .newScene: throw NavigationError.needsNewScene
        }
    }

    /// How to step back from the current screens.
    public static func plan(_ step: BackNavigation, root: any ControllerNode) throws -> ControllerPlan {
        let layers = self.layers(from: root)
        let top = layers.count - 1
        switch step {
        case .back:
            if let navigation = container(of: layers[top]), let count = navigation.stackedNodes?.count, count > 1 {
                return .pop(navigation, keeping: count - 1)
            }
            guard top > 0 else { throw NavigationError.nothingToGoBackTo }
            return .dismiss(presentedBy: layers[top - 1])
        case .popToRoot:
            guard let navigation = container(of: layers[top]), let count = navigation.stackedNodes?.count, count > 1 else {
                throw NavigationError.nothingToGoBackTo
            }
            return .pop(navigation, keeping: 1)
        case .popTo(let name):
            for layer in layers.indices.reversed() {
                if let index = screens(of: layers[layer]).lastIndex(where: { $0.isRoute(name) }) {
                    return cut(layers, layer: layer, keeping: index + 1)
                }
            }
            return try popInAnotherStack(layers, to: name, nearestFirst: true) { $0.lastIndex(where: { $0.isRoute(name) }) }
        case .removeAfter(let name):
            for layer in layers.indices {
                if let index = screens(of: layers[layer]).firstIndex(where: { $0.isRoute(name) }) {
                    return cut(layers, layer: layer, keeping: index + 1)
                }
            }
            return try popInAnotherStack(layers, to: name, nearestFirst: false) { $0.firstIndex(where: { $0.isRoute(name) }) }
        case .dismiss:
            guard top > 0 else { throw NavigationError.nothingPresented }
            return .dismiss(presentedBy: layers[top - 1])
        case .dismissAll:
            guard top > 0 else { throw NavigationError.nothingPresented }
            return .dismiss(presentedBy: layers[0])
        }
    }

    /// The root, then each controller presented above it, bottom first.
    static func layers(from root: any ControllerNode) -> [any ControllerNode] {
        var layers = [root]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var current = root
        while let presented = presentedNode(of: current), seen.insert(ObjectIdentifier(presented)).inserted {
            layers.append(presented)
            current = presented
        }
        return layers
    }

    /// What a layer presents: asked of the layer, its navigation container or its top screen,
    /// since UIKit records a presentation on whichever controller presented it.
    static func presentedNode(of layer: any ControllerNode) -> (any ControllerNode)? {
        layer.presentedNode ?? container(of: layer)?.presentedNode ?? screens(of: layer).last?.presentedNode
    }

    /// The navigation container of a layer: itself, its selected tab's, or its detail column's.
    static func container(of layer: any ControllerNode) -> (any ControllerNode)? {
        if layer.stackedNodes != nil { return layer }
        if let tab = layer.selectedNode, tab.stackedNodes != nil { return tab }
        if let detail = layer.splitColumnNodes?[.detail] { return stack(of: detail) }
        return nil
    }

    /// The navigation container a tab or a column is, or is in.
    static func stack(of node: any ControllerNode) -> (any ControllerNode)? {
        node.stackedNodes != nil ? node : node.navigationNode
    }

    /// A layer's screens, bottom first.
    static func screens(of layer: any ControllerNode) -> [any ControllerNode] {
        if let navigation = container(of: layer) { return navigation.stackedNodes ?? [] }
        return [layer.selectedNode ?? layer]
    }

    /// Every screen, bottom first.
    static func chain(from root: any ControllerNode) -> [any ControllerNode] {
        layers(from: root).flatMap(screens(of:))
    }

    /// The plan that leaves `keeping` screens in `layer` and nothing above it.
    private static func cut(_ layers: [any ControllerNode], layer: Int, keeping: Int) -> ControllerPlan {
        let navigation = container(of: layers[layer])
        let count = screens(of: layers[layer]).count
        let covered = layer < layers.count - 1
        switch (covered, navigation) {
        case (true, let navigation?) where keeping < count:
            return .dismissThenPop(presentedBy: layers[layer], navigation: navigation, keeping: keeping)
        case (true, _):
            return .dismiss(presentedBy: layers[layer])
        case (false, let navigation?):
            return .pop(navigation, keeping: keeping)
        case (false, nil):
            return .nothing
        }
    }
}
