// A stand-in for the part of Apple's Combine that SwitchyardSwiftUI uses through SwiftUI; see
// SwiftUI.swift beside it. Built only with SWITCHYARD_APPLE_STUBS=1, never shipped.

/// Combine.ObservableObject
public protocol ObservableObject: AnyObject {}

/// Combine.Published
@propertyWrapper
public struct Published<Value> {
    /// Published.init(wrappedValue:)
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    /// Published.wrappedValue (SwiftUI reads it through the enclosing object)
    public var wrappedValue: Value
}
