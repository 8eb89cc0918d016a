/// How a screen animates in: UIKit's own, or one of Switchyard's, or the app's animator.
public enum Transition: Hashable, Sendable {
    /// The platform's default push or present animation.
    case system
    /// Fades in, in 0.25 s.
    case fade
    /// Slides in from the right edge, in 0.3 s.
    case slideFromRight
    /// Slides up from the bottom edge, in 0.3 s.
    case slideFromBottom
    /// Fades in while growing from 85% of its size, in 0.25 s.
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
    /// From 0 (invisible) to 1 (opaque).
    public var opacity: Double
    /// Horizontal offset, in fractions of the container's width; 1 is one width to the right.
    public var offsetX: Double
    /// Vertical offset, in fractions of the container's height; 1 is one height down.
    public var offsetY: Double
    /// Size relative to the natural size; 1 is unscaled.
    public var scale: Double

    /// Opaque, in place, unscaled: where every appearing screen ends.
    public static let identity = TransitionFrame()

    /// A frame; the defaults are those of ``identity``.
    public init(opacity: Double = 1, offsetX: Double = 0, offsetY: Double = 0, scale: Double = 1) {
        self.opacity = opacity
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.scale = scale
    }
}
