#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardObjCRules

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

/// A call from Objective-C with a parameter dictionary and a completion: the dictionary is read
/// first (one it cannot take is `refused` at once, and nothing runs), then `work` runs on a task,
/// and `deliver` gets what either made, on the main queue.
func runCall<Outcome>(
    parameters: [AnyHashable: Any]?, refused: (NSError) -> Outcome,
    work: @escaping @Sendable ([String: any Sendable]) async -> Outcome, deliver: ((Outcome) -> Void)?
) {
    let deliver = deliver.map(Unchecked.init)
    let hand: @Sendable (Unchecked<Outcome>) -> Void = { outcome in
        if let deliver { onMain { deliver.value(outcome.value) } }
    }
    let values: [String: any Sendable]
    do {
        values = try ObjCParameters.read(parameters)
    } catch {
        hand(Unchecked(refused(ObjCErrors.error(error))))
        return
    }
    Task { hand(Unchecked(await work(values))) }
}
#endif
