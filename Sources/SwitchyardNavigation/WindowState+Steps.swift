import SwitchyardRouting

/// How an app-defined ``NavigationCommand/custom(_:)`` changes the window; register it on
/// ``HeadlessNavigator/registerCustomCommand(_:_:)``.
public typealias CustomNavigation = @MainActor (_ state: inout WindowState, _ screen: Screen) throws -> Void

extension WindowState {
    /// Applies `action` with UIKit's semantics; on error the state is unchanged.
    ///
    /// - Parameter makeScreen: gives each new screen its identity.
    mutating func apply(
        _ action: NavigationStep.Action,
        home: PageHome? = nil,
        revealsHome: Bool = true,
        makeScreen: (Destination, RouteRequest) -> Screen,
        custom: [String: CustomNavigation]
    ) throws {
        var next = self
        switch action {
        case .show(let destination, let command, let request):
            if let home { try next.enter(home) }
            // A page shown in its home is shown there, whichever screen it was opened from.
            try next.show(makeScreen(destination, request), command: command, presenter: home == nil ? request.presenter : nil, custom: custom)
        case .showStack(let pages) where !revealsHome:
            guard !pages.isEmpty else { throw NavigationError.emptyStack }
            try next.setStack(at: home, pages.map { makeScreen($0.0, $0.1) })
        case .showStack(let pages):
            guard !pages.isEmpty else { throw NavigationError.emptyStack }
            if let home { try next.enter(home) }
            next.modals = []
            next.root.screens = pages.map { makeScreen($0.0, $0.1) }
        case .pushStack(let pages):
            guard !pages.isEmpty else { throw NavigationError.emptyStack }
            if let home { try next.enter(home) }
            next.modals = []
            next.root.screens += pages.map { makeScreen($0.0, $0.1) }
        case .back(let step):
            try next.back(step)
        case .selectTab(let identifier):
            try next.select(tab: identifier)
        }
        next.splitFocus = .detail
        self = next
    }

    /// Whether the stack a page with `home` would be shown in has no screen yet: a cold start
    /// there, where the page's declared parents go under it. Showing a page in its tab dismisses
    /// what is presented, so only the tab's stack counts. A home this window does not have counts
    /// as not empty, so the show fails on its own error.
    public func isEmpty(at home: PageHome?) -> Bool {
        guard let home else { return isEmpty }
        switch home {
        case .tab(let identifier): return tab(identifier)?.stack.screens.isEmpty == true
        case .column(let column): return split?[column]?.screens.isEmpty == true
        }
    }

    /// Selects `home`'s tab (or column) and dismisses the modals over the root.
    private mutating func enter(_ home: PageHome) throws {
        switch home {
        case .tab(let identifier):
            selectedTabIndex = try tabIndex(identifier)
        case .column(let column):
            guard split?[column] != nil else { throw NavigationError.noSplitColumn(column) }
            splitFocus = column
        }
        modals = []
    }

    private func tabIndex(_ identifier: String) throws(NavigationError) -> Int {
        guard !tabs.isEmpty else { throw .noTabBar(tab: identifier) }
        guard let index = tabs.firstIndex(where: { $0.id == identifier }) else { throw .unknownTab(identifier, known: tabs.map(\.id)) }
        return index
    }

    private mutating func select(tab identifier: String) throws {
        let index = try tabIndex(identifier)
        if index != selectedTabIndex {
            selectedTabIndex = index
        } else if reselectingPopsToRoot, tabs[index].stack.screens.count > 1 {
            tabs[index].stack.screens.removeSubrange(1...)
        }
    }

    private mutating func show(_ screen: Screen, command: NavigationCommand, presenter: String?, custom: [String: CustomNavigation]) throws {
        if root.screens.isEmpty, modals.isEmpty, command == .push || command == .replace || (command == .newScene && isEmpty) {
            // A page pushed onto an empty stack (a window's, a tab's, a column's) starts that
            // stack, and a new scene's first page is its root. A presented page stays presented,
            // over the empty stack: a login page shown at a cold start must not become the
            // root that dismissing it cannot remove.
            root.screens = [screen]
            return
        }
        if let presenter {
            guard let layer = layers.lastIndex(where: { $0.screens.contains { $0.matches(presenter) } }) else {
                throw NavigationError.presenterNotFound(presenter)
            }
            modals.removeSubrange(layer...)   // index 0 is the root, so this drops the modals above it
        }
        let top = modals.count
        switch command {
        case .push:
            if self[layer: top].hasNavigation {
                self[layer: top].screens.append(screen)
            } else {
                modals.append(ScreenLayer(presentation: .sheet, hasNavigation: false, screens: [screen]))
            }
        case .present:
            modals.append(ScreenLayer(presentation: .sheet, hasNavigation: false, screens: [screen]))
        case .presentFullScreen:
            modals.append(ScreenLayer(presentation: .fullScreen, hasNavigation: false, screens: [screen]))
        case .presentInNavigation:
            modals.append(ScreenLayer(presentation: .sheet, hasNavigation: true, screens: [screen]))
        case .replace:
            if self[layer: top].screens.isEmpty {
                self[layer: top].screens = [screen]
            } else {
                self[layer: top].screens[self[layer: top].screens.count - 1] = screen
            }
        case .setRoot:
            modals = []
            root.screens = [screen]
        case .custom(let name):
            guard let apply = custom[name] else { throw NavigationError.unknownCustomCommand(name) }
            try apply(&self, screen)
        case .newScene:
            throw NavigationError.needsNewScene
        }
    }

    private mutating func back(_ step: BackNavigation) throws {
        let top = modals.count
        switch step {
        case .back:
            if self[layer: top].screens.count > 1 {
                self[layer: top].screens.removeLast()
            } else if top > 0 {
                modals.removeLast()
            } else if split?.isCollapsed == true {
                try backInCollapsedSplit()
            } else {
                throw NavigationError.nothingToGoBackTo
            }
        case .popToRoot:
            guard self[layer: top].screens.count > 1 else { throw NavigationError.nothingToGoBackTo }
            self[layer: top].screens.removeSubrange(1...)
        case .popTo(let target):
            if let (layer, index) = nearest(target) {
                cut(after: layer, index)
            } else {
                try popInAnotherStack(to: target, nearestFirst: true) { $0.lastIndex(where: { $0.matches(target) }) }
            }
        case .removeAfter(let target):
            if let (layer, index) = earliest(target) {
                cut(after: layer, index)
            } else {
                try popInAnotherStack(to: target, nearestFirst: false) { $0.firstIndex(where: { $0.matches(target) }) }
            }
        case .dismiss:
            guard !modals.isEmpty else { throw NavigationError.nothingPresented }
            modals.removeLast()
        case .dismissAll:
            guard !modals.isEmpty else { throw NavigationError.nothingPresented }
            modals = []
        }
    }

    /// A collapsed split view shows its columns as one stack: going back from a column's last
    /// screen shows the column before it, as `UISplitViewController` does.
    private mutating func backInCollapsedSplit() throws {
        guard var columns = split else { throw NavigationError.nothingToGoBackTo }
        for column in columns.columns.reversed() {
            guard var layer = columns[column], !layer.screens.isEmpty else { continue }
            guard column != .primary || layer.screens.count > 1 else { break }
            layer.screens.removeLast()
            columns.set(column, layer)
            split = columns
            return
        }
        throw NavigationError.nothingToGoBackTo
    }

    /// Pops to `target` in the first other tab that has it, in tab-bar order: selects that tab
    /// and dismisses the modals, as going back to a screen of another tab does. In a split view,
    /// the other columns, nearest first; collapsed, the columns after it empty, as they are above it.
    private mutating func popInAnotherStack(to target: String, nearestFirst: Bool, _ position: ([Screen]) -> Int?) throws {
        if var columns = split {
            let others = columns.columns.filter { $0 != .detail }
            for column in nearestFirst ? others.reversed() : others {
                guard var layer = columns[column], let index = position(layer.screens) else { continue }
                layer.screens.removeSubrange((index + 1)...)
                columns.set(column, layer)
                if columns.isCollapsed {
                    for later in columns.columns.drop(while: { $0 != column }).dropFirst() {
                        if var emptied = columns[later] {
                            emptied.screens = []
                            columns.set(later, emptied)
                        }
                    }
                }
                split = columns
                modals = []
                return
            }
            throw NavigationError.notOnStack(pattern: target)
        }
        for (tabIndex, tab) in tabs.enumerated() where tabIndex != selectedTabIndex {
            guard let index = position(tab.stack.screens) else { continue }
            selectedTabIndex = tabIndex
            modals = []
            tabs[tabIndex].stack.screens.removeSubrange((index + 1)...)
            return
        }
        throw NavigationError.notOnStack(pattern: target)
    }

    /// Keeps layers up to `layer` and that layer's screens up to `index`.
    private mutating func cut(after layer: Int, _ index: Int) {
        modals.removeSubrange(layer...)
        self[layer: layer].screens.removeSubrange((index + 1)...)
    }

    /// The screen of `target` closest to the top, as (layer, index).
    private func nearest(_ target: String) -> (Int, Int)? {
        for layer in layers.indices.reversed() {
            if let index = self[layer: layer].screens.lastIndex(where: { $0.matches(target) }) { return (layer, index) }
        }
        return nil
    }

    /// The screen of `target` closest to the root, as (layer, index).
    private func earliest(_ target: String) -> (Int, Int)? {
        for layer in layers.indices {
            if let index = self[layer: layer].screens.firstIndex(where: { $0.matches(target) }) { return (layer, index) }
        }
        return nil
    }
}

extension NavigationCommand {
    var isCustom: Bool {
        if case .custom = self { return true }
        return false
    }
}
