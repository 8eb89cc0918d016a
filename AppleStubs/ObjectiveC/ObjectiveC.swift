// A stand-in for the part of Apple's Objective-C runtime that SwitchyardUIKit calls (associated
// objects), so the adapter compiles on Linux. Built only with SWITCHYARD_APPLE_STUBS=1, never
// shipped; nothing here runs.

/// objc_AssociationPolicy
public enum objc_AssociationPolicy: UInt, Sendable {
    /// OBJC_ASSOCIATION_ASSIGN
    case OBJC_ASSOCIATION_ASSIGN = 0
    /// OBJC_ASSOCIATION_RETAIN_NONATOMIC
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// OBJC_ASSOCIATION_COPY_NONATOMIC
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
}

/// objc_setAssociatedObject(_:_:_:_:)
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {}

/// objc_getAssociatedObject(_:_:)
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { nil }
