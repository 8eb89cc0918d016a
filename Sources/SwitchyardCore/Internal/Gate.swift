import Atomics

/// A value that arrives once, from whichever side gets there first, for one waiter.
typealias Gate<Value: Sendable> = GuardedGate<Value, Void>

extension GuardedGate where Attachment == Void {
    convenience init() { self.init(attachment: ()) }
}

/// A ``Gate`` with more state under the same lock: what the sides that race to resolve it
/// also share (an interceptor chain's progress), in the gate's one allocation.
///
/// Later values are refused (``resolve(_:)`` returns `false`), so a timeout, a
/// cancellation and a late result can race without resuming anything twice.
final class GuardedGate<Value: Sendable, Attachment: Sendable>: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Value, Never>)
        case resolved(Value)
        case consumed
    }

    private struct Guarded {
        var state: State
        var attachment: Attachment
    }

    private let guarded: Locked<Guarded>
    /// Set once a value was accepted: what ``spin(upTo:)`` watches without the lock.
    private let settled = ManagedAtomic(false)

    init(attachment: Attachment) {
        guarded = Locked(Guarded(state: .idle, attachment: attachment))
    }

    /// Reads or changes the attachment under the gate's lock.
    func withAttachment<R>(_ body: (inout Attachment) throws -> R) rethrows -> R {
        try guarded.withLock { try body(&$0.attachment) }
    }

    /// Offers the value; returns `false` when one was given already.
    @discardableResult
    func resolve(_ value: Value) -> Bool {
        let (accepted, waiter): (Bool, CheckedContinuation<Value, Never>?) = guarded.withLock { guarded in
            switch guarded.state {
            case .idle:
                guarded.state = .resolved(value)
                return (true, nil)
            case .waiting(let continuation):
                guarded.state = .consumed
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
        guarded.withLock { guarded in
            guard case .resolved(let value) = guarded.state else { return nil }
            guarded.state = .consumed
            return value
        }
    }

    /// The value, as soon as there is one; without suspending when it is there already.
    func wait() async -> Value {
        if let ready = take() { return ready }
        return await withCheckedContinuation { continuation in
            let ready: Value? = guarded.withLock { guarded in
                if case .resolved(let value) = guarded.state {
                    guarded.state = .consumed
                    return value
                }
                guarded.state = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
