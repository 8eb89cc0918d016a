/// A value from Objective-C that Swift cannot see as `Sendable` (a view controller, a block, a
/// model object an in-app caller hands over), carried through the layers that only hold
/// `Sendable` values.
///
/// Only the Objective-C face makes one, for values in-app Objective-C code passes; the readers
/// that hand values back to Swift (`RouteRequest.native`, `MediatorCall.get`, service lookups)
/// look inside, so a Swift reader gets the object itself. The object is used on the thread
/// its caller uses it on, as it was before Switchyard carried it.
package struct ForeignObject: @unchecked Sendable {
    package let value: Any

    package init(_ value: Any) {
        self.value = value
    }

    /// `value` as a `T`, looking inside a ``ForeignObject``.
    package static func unwrap<T>(_ value: Any?, as type: T.Type = T.self) -> T? {
        if let typed = value as? T { return typed }
        if let foreign = value as? ForeignObject { return foreign.value as? T }
        return nil
    }
}
