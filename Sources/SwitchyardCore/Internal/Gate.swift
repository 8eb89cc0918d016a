import Atomics

/// A value that arrives once, from whichever side gets there first, for one waiter.
///
/// Later values are refused (``resolve(_:)`` returns `false`), so a timeout, a
/// cancellation and a late result can race without resuming anything twice.
final class Gate<Value: Sendable>: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Value, Never>)
        case resolved(Value)
        case consumed
    }

    private let state = Locked(State.idle)
    /// Set once a value was accepted: what ``spin(upTo:)`` watches without the lock.
    private let settled = ManagedAtomic(false)

    /// Whether a value was given (and perhaps taken) already.
    var isResolved: Bool {
        state.withLock { state in
            switch state {
            case .idle, .waiting: return false
            case .resolved, .consumed: return true
            }
        }
    }

    /// Offers the value; returns `false` when one was given already.
    @discardableResult
    func resolve(_ value: Value) -> Bool {
        let (accepted, waiter): (Bool, CheckedContinuation<Value, Never>?) = state.withLock { state in
            switch state {
            case .idle:
                state = .resolved(value)
                return (true, nil)
            case .waiting(let continuation):
                state = .consumed
                return (true, continuation)
            case .resolved, .consumed:
                return (false, nil)
            }
        }
        // After the lock is free, so a spinning waiter never parks on it.
        if accepted { settled.store(true, ordering: .releasing) }
        waiter?.resume(returning: value)
        return accepted
    }

    /// Waits without suspending, for at most `limit`, for a value another thread is about to
    /// give: a chain of quick interceptors on a worker then costs no suspension and no
    /// wake-up of the caller. Returns at once on one core.
    func spin(upTo limit: Duration) {
        guard DedicatedExecutor.spins else { return }
        DedicatedExecutor.spin(upTo: limit) { settled.load(ordering: .acquiring) }
    }

    /// The value if there is one already, taken; `nil` otherwise (then ``wait()`` waits for it).
    func take() -> Value? {
        state.withLock { state in
            guard case .resolved(let value) = state else { return nil }
            state = .consumed
            return value
        }
    }

    /// The value, as soon as there is one; without suspending when it is there already.
    func wait() async -> Value {
        if let ready = take() { return ready }
        return await withCheckedContinuation { continuation in
            let ready: Value? = state.withLock { state in
                if case .resolved(let value) = state {
                    state = .consumed
                    return value
                }
                state = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
