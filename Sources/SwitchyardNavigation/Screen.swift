import SwitchyardRouting

/// A screen on display: what it shows and the request that opened it.
///
/// Holding the request keeps its answer open: when the screen is removed and released, a
/// caller still awaiting an answer gets ``Answer/cancelled``.
@MainActor
public struct Screen: Identifiable {
    /// Unique within one navigator, in the order screens were shown.
    public let id: Int
    public let destination: Destination
    public let request: RouteRequest

    public init(id: Int, destination: Destination, request: RouteRequest) {
        self.id = id
        self.destination = destination
        self.request = request
    }

    public var name: String { destination.name }
    /// The pattern that matched, or `nil` for a screen shown without a route.
    public var pattern: String? { request.pattern?.description }
    public var url: String { request.url }
    public var path: String { request.path }

    /// Whether this screen was opened by `patternOrPath` (a route pattern or a path).
    public func matches(_ patternOrPath: String) -> Bool {
        pattern == patternOrPath || path == patternOrPath || name == patternOrPath
    }
}

/// A stack of screens: the root one, or one presented modally.
@MainActor
public struct ScreenLayer {
    public enum Presentation: String, Sendable {
        case root
        case sheet
        case fullScreen
    }

    public var presentation: Presentation
    /// Whether the layer has a navigation container, so that pushes land in it.
    public var hasNavigation: Bool
    /// Bottom first; never empty except for the root layer before the first screen.
    public var screens: [Screen]

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

/// The whole window as a value: the root stack and the modals above it, bottom first.
@MainActor
public struct WindowState {
    public var root: ScreenLayer
    public var modals: [ScreenLayer]

    /// An empty window whose root has a navigation container (or not).
    public init(rootHasNavigation: Bool = true) {
        root = ScreenLayer(presentation: .root, hasNavigation: rootHasNavigation, screens: [])
        modals = []
    }

    /// The root layer, then every modal.
    public var layers: [ScreenLayer] { [root] + modals }
    /// The screen on top, the one the user sees.
    public var top: Screen? { modals.last?.screens.last ?? root.screens.last }
    /// Every screen, bottom first.
    public var screens: [Screen] { layers.flatMap(\.screens) }
    public var isEmpty: Bool { root.screens.isEmpty && modals.isEmpty }

    /// One line per layer, bottom first: what the demo prints and tests compare.
    public var outline: [String] { isEmpty ? [] : layers.map(\.outline) }

    /// The layer at `index` of ``layers`` (0 is the root).
    public internal(set) subscript(layer index: Int) -> ScreenLayer {
        get { index == 0 ? root : modals[index - 1] }
        set { if index == 0 { root = newValue } else { modals[index - 1] = newValue } }
    }
}

extension ScreenLayer {
    /// The layer as a SwiftUI `NavigationStack` shows it: the first screen is the stack's
    /// root view, the ids of the others are its path.
    public var stackPath: (root: Screen?, path: [Int]) {
        (screens.first, screens.dropFirst().map(\.id))
    }
}
