/// What one feature module registered while its `register(in:)` ran, so a module that
/// throws halfway leaves nothing behind.
///
/// Route tables, routers (interceptors), the service registry and the mediator record an
/// undo step here for each registration made while a journal is current (a task-local, set
/// by ``ModuleRegistry`` around each module's registration). Undo runs the steps newest
/// first: a route registered is unregistered, a service or target that replaced another
/// gets the earlier one back.
final class RegistrationJournal: Sendable {
    @TaskLocal static var current: RegistrationJournal?

    private let steps = Locked<[@Sendable () -> Void]>([])

    /// Records how to take back one registration. Call it as `RegistrationJournal.current?.record { … }`,
    /// so that without a journal (every registration outside a module's) nothing is built.
    func record(_ undo: @escaping @Sendable () -> Void) {
        steps.withLock { $0.append(undo) }
    }

    /// Whether anything was recorded.
    var isEmpty: Bool { steps.withLock { $0.isEmpty } }

    /// Takes back every registration recorded, newest first.
    func undo() {
        let recorded = steps.withLock { steps in
            defer { steps.removeAll() }
            return steps
        }
        for step in recorded.reversed() { step() }
    }
}
