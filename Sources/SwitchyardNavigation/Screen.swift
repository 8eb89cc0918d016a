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

/// The whole window as a value: the root stack and the modals above it, bottom first.
@MainActor
public struct WindowState {
    /// The root stack.
    public var root: ScreenLayer
    /// The modal layers above the root, bottom first.
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
    /// Whether no screen is shown: the root has none and nothing is presented.
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
