/// How a screen animates in: UIKit's own, or one of Switchyard's, or the app's animator.
public enum Transition: Hashable, Sendable {
    /// The platform's default push or present animation.
    case system
    case fade
    case slideFromRight
    case slideFromBottom
    case zoom
    /// An animator the app registered under this name with the UIKit adapter.
    case custom(String)

    /// Where the appearing screen starts, in fractions of the container; it ends at
    /// ``TransitionFrame/identity``. A dismissal runs it backwards. `nil` for `.system` and `.custom`.
    public var appearingStart: TransitionFrame? {
        switch self {
        case .system, .custom: return nil
        case .fade: return TransitionFrame(opacity: 0)
        case .slideFromRight: return TransitionFrame(offsetX: 1)
        case .slideFromBottom: return TransitionFrame(offsetY: 1)
        case .zoom: return TransitionFrame(opacity: 0, scale: 0.85)
        }
    }

    /// Seconds the animation takes.
    public var duration: Double {
        switch self {
        case .system, .custom: return 0
        case .fade, .zoom: return 0.25
        case .slideFromRight, .slideFromBottom: return 0.3
        }
    }
}

/// One end of a screen's animation: opacity, offset (fractions of the container's size), scale.
public struct TransitionFrame: Hashable, Sendable {
    public var opacity: Double
    public var offsetX: Double
    public var offsetY: Double
    public var scale: Double

    public static let identity = TransitionFrame()

    public init(opacity: Double = 1, offsetX: Double = 0, offsetY: Double = 0, scale: Double = 1) {
        self.opacity = opacity
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.scale = scale
    }
}
