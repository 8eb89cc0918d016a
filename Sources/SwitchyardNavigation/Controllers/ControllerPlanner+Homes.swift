/// Where a page with a home (``PageHome``) goes in a controller tree: decided by
/// ``ControllerPlanner/enter(_:root:)``, carried out by the UIKit adapter in this order.
@MainActor
public struct HomeEntry {
    /// The root, when it presents something: dismiss that first, as a page shown in its home
    /// is shown over no modal.
    public let dismissingAbove: (any ControllerNode)?
    /// The tab container and the tab to select; `nil` when the home's tab is selected already,
    /// or the home is a column.
    public let selecting: (container: any ControllerNode, index: Int)?
    /// The split view and the column to show (`show(_:)`); `nil` for a tab.
    public let showing: (split: any ControllerNode, column: SplitColumns.Column)?
    /// The navigation container of the home: where the page goes.
    public let stack: any ControllerNode
    /// Whether ``stack`` is a tab's: a push from its root screen hides the tab bar.
    public let isTab: Bool
}

extension ControllerPlanner {
    /// How to reach `home` in the tree under `root`, or why it cannot be reached.
    ///
    /// - Throws: ``NavigationError/noTabBar(tab:)`` when the root is not a tab container,
    ///   ``NavigationError/unknownTab(_:known:)`` when no tab has the identifier,
    ///   ``NavigationError/noSplitColumn(_:)`` when the root is not a split view with that
    ///   column, ``NavigationError/unsupportedContent(name:expected:)`` when the tab or the
    ///   column is not a navigation container and cannot hold a stack.
    public static func enter(_ home: PageHome, root: (any ControllerNode)?) throws(NavigationError) -> HomeEntry {
        let dismissing = root.flatMap { layers(from: $0).count > 1 ? $0 : nil }
        switch home {
        case .tab(let identifier):
            let (container, index, tab) = try self.tab(identifier, root: root)
            guard let stack = stack(of: tab) else {
                throw .unsupportedContent(name: home.description, expected: "a navigation container")
            }
            let selected = container.selectedNode.map { $0 === tab } ?? false
            return HomeEntry(dismissingAbove: dismissing, selecting: selected ? nil : (container, index), showing: nil, stack: stack, isTab: true)
        case .column(let column):
            guard let root, let node = root.splitColumnNodes?[column] else { throw .noSplitColumn(column) }
            guard let stack = stack(of: node) else {
                throw .unsupportedContent(name: home.description, expected: "a navigation container")
            }
            return HomeEntry(dismissingAbove: dismissing, selecting: nil, showing: (root, column), stack: stack, isTab: false)
        }
    }

    /// How to show a new screen with `command` in a home already entered: in its stack, as
    /// ``WindowState`` does (an empty stack takes a pushed page as its root).
    public static func plan(_ command: NavigationCommand, in entry: HomeEntry) throws(NavigationError) -> ControllerPlan {
        let count = entry.stack.stackedNodes?.count ?? 0
        switch command {
        case .push:
            if count == 0 { return .setStack(of: entry.stack) }
            return .push(onto: entry.stack, hidesBottomBar: entry.isTab && count == 1)
        case .replace:
            return count == 0 ? .setStack(of: entry.stack) : .replaceTop(of: entry.stack)
        case .setRoot:
            return .setStack(of: entry.stack)
        case .present, .presentFullScreen, .presentInNavigation:
            let from = entry.stack.stackedNodes?.last ?? entry.stack
            return .present(from: from, fullScreen: command == .presentFullScreen, inNavigation: command == .presentInNavigation)
        case .custom(let name):
            throw .unknownCustomCommand(name)
        case .newScene:
            throw .needsNewScene
        }
    }

    /// How to select the tab `identifier`: selects it, or, when it is selected already and
    /// `reselectingPopsToRoot`, pops it to its root screen as a tap on its item does.
    public static func plan(selectingTab identifier: String, root: (any ControllerNode)?, reselectingPopsToRoot: Bool) throws(NavigationError) -> ControllerPlan {
        let (container, index, tab) = try self.tab(identifier, root: root)
        guard let selected = container.selectedNode, selected === tab else { return .selectTab(container: container, index: index) }
        guard reselectingPopsToRoot, let stack = stack(of: tab), let count = stack.stackedNodes?.count, count > 1 else { return .nothing }
        return .pop(stack, keeping: 1)
    }

    /// The tab container at the root, and the tab with `identifier` in it.
    private static func tab(_ identifier: String, root: (any ControllerNode)?) throws(NavigationError) -> (any ControllerNode, Int, any ControllerNode) {
        guard let root, let tabs = root.tabNodes else { throw .noTabBar(tab: identifier) }
        guard let index = tabs.firstIndex(where: { $0.tabIdentifier == identifier }) else {
            throw .unknownTab(identifier, known: tabs.compactMap(\.tabIdentifier))
        }
        return (root, index, tabs[index])
    }

    /// Going back to a screen that is in no layer on screen: in the first other tab that has
    /// it, in tab-bar order; in a split view, in the first other column that has it (nearest
    /// the detail first when `nearestFirst`), as ``WindowState`` does.
    static func popInAnotherStack(
        _ layers: [any ControllerNode], to name: String, nearestFirst: Bool, _ position: ([any ControllerNode]) -> Int?
    ) throws(NavigationError) -> ControllerPlan {
        let root = layers[0]
        let covered = layers.count > 1
        if let columns = root.splitColumnNodes {
            let others = [SplitColumns.Column.primary, .supplementary].compactMap { columns[$0].flatMap(stack(of:)) }
            for stack in nearestFirst ? others.reversed() : others {
                guard let screens = stack.stackedNodes, let found = position(screens) else { continue }
                return covered ? .dismissThenPop(presentedBy: root, navigation: stack, keeping: found + 1) : .pop(stack, keeping: found + 1)
            }
        }
        if let tabs = root.tabNodes {
            for (index, tab) in tabs.enumerated() where tab !== root.selectedNode {
                guard let stack = stack(of: tab), let screens = stack.stackedNodes, let found = position(screens) else { continue }
                return .switchTab(dismissingAbove: covered ? root : nil, container: root, index: index, navigation: stack, keeping: found + 1)
            }
        }
        throw .notOnStack(pattern: name)
    }
}
