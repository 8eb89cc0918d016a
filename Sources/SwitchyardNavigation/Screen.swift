import SwitchyardRouting

/// A screen on display: what it shows and the request that opened it.
///
/// Holding the request keeps its answer open: when the screen is removed and released, a
/// caller still awaiting an answer gets ``Answer/cancelled``.
@MainActor
public struct Screen: Identifiable {
    /// Unique within one navigator, in the order screens were shown.
    public let id: Int
    /// What the screen shows.
    public let destination: Destination
    /// The request that opened the screen; holding it keeps its answer open.
    public let request: RouteRequest

    /// A screen with the given identity, content and request.
    public init(id: Int, destination: Destination, request: RouteRequest) {
        self.id = id
        self.destination = destination
        self.request = request
    }

    /// The destination's name.
    public var name: String { destination.name }
    /// The pattern that matched, or `nil` for a screen shown without a route.
    public var pattern: String? { request.pattern?.description }
    /// The URL the screen was opened with.
    public var url: String { request.url }
    /// The normalized path the screen was opened with.
    public var path: String { request.path }

    /// Whether this screen was opened by `patternOrPath` (a route pattern or a path).
    public func matches(_ patternOrPath: String) -> Bool {
        pattern == patternOrPath || path == patternOrPath || name == patternOrPath
    }
}

/// A stack of screens: the root one, or one presented modally.
@MainActor
public struct ScreenLayer {
    /// How a layer is shown.
    public enum Presentation: String, Sendable {
        /// The window's root stack.
        case root
        /// Presented modally, as a sheet.
        case sheet
        /// Presented modally, covering the screen.
        case fullScreen
    }

    /// How the layer is shown.
    public var presentation: Presentation
    /// Whether the layer has a navigation container, so that pushes land in it.
    public var hasNavigation: Bool
    /// Bottom first; never empty except for the root layer before the first screen.
    public var screens: [Screen]

    /// A layer shown as `presentation` holding `screens`, bottom first.
    public init(presentation: Presentation, hasNavigation: Bool, screens: [Screen]) {
        self.presentation = presentation
        self.hasNavigation = hasNavigation
        self.screens = screens
    }

    /// `root: Home > Orders > Order(42)`, `sheet(nav): Login`.
    public var outline: String {
        "\(presentation.rawValue)\(hasNavigation && presentation != .root ? "(nav)" : ""): "
            + screens.map(\.name).joined(separator: " > ")
    }
}

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

    /// An empty window whose root is one stack, with a navigation container (or not).
    public init(rootHasNavigation: Bool = true) {
        plainRoot = ScreenLayer(presentation: .root, hasNavigation: rootHasNavigation, screens: [])
        tabs = []
        selectedTabIndex = 0
        reselectingPopsToRoot = true
        modals = []
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

    /// The stack under the modals: the window's one stack, or the selected tab's.
    public var root: ScreenLayer {
        get { tabs.isEmpty ? plainRoot : tabs[selectedTabIndex].stack }
        set {
            if tabs.isEmpty { plainRoot = newValue } else { tabs[selectedTabIndex].stack = newValue }
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
        modals.isEmpty && (tabs.isEmpty ? plainRoot.screens.isEmpty : tabs.allSatisfy(\.stack.screens.isEmpty))
    }

    /// One line per layer, bottom first: what the demo prints and tests compare. A tab bar
    /// gives a line per tab, the selected one marked with `*`.
    public var outline: [String] {
        guard !isEmpty else { return [] }
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

extension ScreenLayer {
    /// The layer as a SwiftUI `NavigationStack` shows it: the first screen is the stack's
    /// root view, the ids of the others are its path.
    public var stackPath: (root: Screen?, path: [Int]) {
        (screens.first, screens.dropFirst().map(\.id))
    }
}
