#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation

/// An Objective-C object or block carried across a `Task` or an actor hop. Objective-C has no
/// `Sendable`; each use says on which thread the value is touched.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs `body` on the main queue: where every completion block of the Objective-C face is called.
func onMain(_ body: @escaping @Sendable () -> Void) {
    DispatchQueue.main.async(execute: body)
}
#endif
