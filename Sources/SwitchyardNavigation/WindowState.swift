import SwitchyardRouting

/// The whole window as a value: its root (a stack, or a tab bar with a stack per tab) and the
/// modals above it, bottom first.
@MainActor
public struct WindowState {
    /// The root stack of a window without tabs.
    private var plainRoot: ScreenLayer
    /// The tabs, in the tab bar's order, each with its own stack; empty for a window without tabs.
    public internal(set) var tabs: [TabStack]
    /// The index in ``tabs`` of the selected tab; 0 when there are none.
    public internal(set) var selectedTabIndex: Int
    /// Whether selecting the tab already selected pops its stack to its root, as UIKit's tab
    /// bar does. Default `true`.
    public var reselectingPopsToRoot: Bool
    /// The modal layers above the root, bottom first.
    public var modals: [ScreenLayer]
    /// The columns of a split view root; `nil` for a window without one.
    public internal(set) var split: SplitColumns?
    /// The column ``root`` stands for: the detail, except while a page is shown in its home column.
    var splitFocus: SplitColumns.Column = .detail

    /// An empty window whose root is one stack, with a navigation container (or not).
    public init(rootHasNavigation: Bool = true) {
        plainRoot = ScreenLayer(presentation: .root, hasNavigation: rootHasNavigation, screens: [])
        tabs = []
        selectedTabIndex = 0
        reselectingPopsToRoot = true
        modals = []
        split = nil
    }

    /// An empty window whose root is a split view: primary, optional supplementary and detail
    /// columns, each an empty stack in a navigation container.
    public init(split columns: SplitColumns) {
        self.init()
        split = columns
    }

    /// An empty window whose root is a tab bar with these tabs, in order, each with an empty
    /// stack in a navigation container.
    ///
    /// - Throws: ``NavigationError/invalidTabs(_:)`` for no tab, an empty or repeated
    ///   identifier, or a `selected` tab that is not among them.
    public init(tabs identifiers: [String], selected: String? = nil, reselectingPopsToRoot: Bool = true) throws(NavigationError) {
        guard !identifiers.isEmpty else { throw .invalidTabs("a tab bar needs at least one tab") }
        var seen = Set<String>()
        for identifier in identifiers {
            guard !identifier.isEmpty else { throw .invalidTabs("a tab's identifier is empty") }
            guard seen.insert(identifier).inserted else { throw .invalidTabs("tab \"\(identifier)\" is listed twice") }
        }
        self.init()
        tabs = identifiers.map { TabStack(id: $0, stack: ScreenLayer(presentation: .root, hasNavigation: true, screens: [])) }
        if let selected {
            guard let index = identifiers.firstIndex(of: selected) else { throw .unknownTab(selected, known: identifiers) }
            selectedTabIndex = index
        }
        self.reselectingPopsToRoot = reselectingPopsToRoot
    }

    /// The stack under the modals: the window's one stack, the selected tab's, or a split
    /// view's detail column.
    public var root: ScreenLayer {
        get {
            if let split { return split[splitFocus] ?? split.detail }
            return tabs.isEmpty ? plainRoot : tabs[selectedTabIndex].stack
        }
        set {
            if split != nil {
                split?.set(splitFocus, newValue)
            } else if tabs.isEmpty {
                plainRoot = newValue
            } else {
                tabs[selectedTabIndex].stack = newValue
            }
        }
    }

    /// The selected tab's identifier; `nil` for a window without tabs.
    public var selectedTab: String? { tabs.isEmpty ? nil : tabs[selectedTabIndex].id }
    /// The tab with this identifier, if the window has it.
    public func tab(_ identifier: String) -> TabStack? { tabs.first { $0.id == identifier } }

    /// The root layer (the selected tab's stack), then every modal.
    public var layers: [ScreenLayer] { [root] + modals }
    /// The screen on top, the one the user sees.
    public var top: Screen? { modals.last?.screens.last ?? root.screens.last }
    /// Every screen the user can reach without changing tabs, bottom first.
    public var screens: [Screen] { layers.flatMap(\.screens) }
    /// Whether no screen is shown: no tab (or the one root) has a screen and nothing is presented.
    public var isEmpty: Bool {
        guard modals.isEmpty else { return false }
        if let split { return split.isEmpty }
        return tabs.isEmpty ? plainRoot.screens.isEmpty : tabs.allSatisfy(\.stack.screens.isEmpty)
    }

    /// One line per layer, bottom first: what the demo prints and tests compare. A tab bar
    /// gives a line per tab, the selected one marked with `*`.
    public var outline: [String] {
        guard !isEmpty else { return [] }
        if let split { return split.outline + modals.map(\.outline) }
        guard !tabs.isEmpty else { return layers.map(\.outline) }
        return tabs.enumerated().map { index, tab in
            let label = "tab \(tab.id)\(index == selectedTabIndex ? "*" : "")"
            return tab.stack.screens.isEmpty ? label : label + ": " + tab.stack.screens.map(\.name).joined(separator: " > ")
        } + modals.map(\.outline)
    }

    /// The layer at `index` of ``layers`` (0 is the root).
    public internal(set) subscript(layer index: Int) -> ScreenLayer {
        get { index == 0 ? root : modals[index - 1] }
        set { if index == 0 { root = newValue } else { modals[index - 1] = newValue } }
    }
}

/// One tab of a tab bar and its own navigation stack.
@MainActor
public struct TabStack {
    /// The tab's stable identifier (`"orders"`), which pages name as their home.
    public let id: String
    /// The tab's stack, bottom first.
    public var stack: ScreenLayer
}
