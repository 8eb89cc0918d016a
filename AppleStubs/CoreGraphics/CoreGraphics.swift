// A stand-in for the part of Apple's CoreGraphics that SwitchyardUIKit uses beyond what
// Foundation has on Linux (CGFloat, CGSize and CGRect are Foundation's there). Built only with
// SWITCHYARD_APPLE_STUBS=1, never shipped.
@_exported import Foundation

/// CGAffineTransform
public struct CGAffineTransform: Sendable {
    /// CGAffineTransform.identity
    public static let identity = CGAffineTransform()
    /// CGAffineTransform.init(translationX:y:)
    public init(translationX tx: CGFloat, y ty: CGFloat) {}
    init() {}
    /// CGAffineTransform.scaledBy(x:y:)
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform { self }
}
