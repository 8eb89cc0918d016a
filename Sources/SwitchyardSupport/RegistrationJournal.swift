/// What one feature module registered while its `register(in:)` ran, so a module that
/// throws halfway leaves nothing behind.
///
/// Route tables, routers (interceptors), the service registry and the mediator record an
/// undo step here for each registration made while a journal is current (a task-local, set
/// by ``ModuleRegistry`` around each module's registration). Undo runs the steps newest
/// first: a route registered is unregistered, a service or target that replaced another
/// gets the earlier one back. A task the module started inherits the journal and may
/// register later: after a rollback such a registration is taken back at once; after the
/// module succeeded it stays.
package final class RegistrationJournal: Sendable {
    @TaskLocal package static var current: RegistrationJournal?

    private enum State {
        case open([@Sendable () -> Void])
        case committed
        case rolledBack
    }

    private let state = Locked(State.open([]))

    package init() {}

    /// Records how to take back one registration. Call it as `RegistrationJournal.current?.record { … }`,
    /// so that without a journal (every registration outside a module's) nothing is built.
    package func record(_ undo: @escaping @Sendable () -> Void) {
        let undoNow = state.withLock { state -> Bool in
            switch state {
            case .open(let steps):
                state = .open(steps + [undo])
                return false
            case .committed:
                return false
            case .rolledBack:
                return true
            }
        }
        if undoNow { undo() }
    }

    /// Keeps every registration recorded; later ones are kept too.
    package func commit() {
        state.withLock { $0 = .committed }
    }

    /// Takes back every registration recorded, newest first, and any recorded later.
    package func undo() {
        let steps = state.withLock { state -> [@Sendable () -> Void] in
            defer { state = .rolledBack }
            if case .open(let steps) = state { return steps }
            return []
        }
        for step in steps.reversed() { step() }
    }
}
