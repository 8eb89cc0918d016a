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

extension ScreenLayer {
    /// The layer as a SwiftUI `NavigationStack` shows it: the first screen is the stack's
    /// root view, the ids of the others are its path.
    public var stackPath: (root: Screen?, path: [Int]) {
        (screens.first, screens.dropFirst().map(\.id))
    }
}
