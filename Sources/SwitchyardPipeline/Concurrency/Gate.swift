import Foundation

/// A value that arrives once, from whichever side gets there first, for one waiter.
package typealias Gate<Value: Sendable> = GuardedGate<Value, Void>

extension GuardedGate where Attachment == Void {
    package init() { self.init(attachment: ()) }
}

/// A ``Gate`` with more state under the same lock: what the sides that race to resolve it
/// also share (an interceptor chain's progress), in the gate's one allocation.
///
/// Later values are refused (``resolve(_:)`` returns `false`), so a timeout, a
/// cancellation and a late result can race without resuming anything twice. Copies share
/// one gate.
package struct GuardedGate<Value: Sendable, Attachment: Sendable>: @unchecked Sendable {
    fileprivate enum State {
        case idle
        case waiting(CheckedContinuation<Value, Never>)
        case resolved(Value)
        case consumed
    }

    fileprivate struct Guarded {
        var state: State
        var attachment: Attachment
    }

    private let storage: GateStorage<Value, Attachment>

    init(attachment: Attachment) {
        storage = GateStorage<Value, Attachment>.make(Guarded(state: .idle, attachment: attachment))
    }

    /// Reads or changes the attachment under the gate's lock.
    func withAttachment<R>(_ body: (inout Attachment) throws -> R) rethrows -> R {
        try storage.withLock { try body(&$0.attachment) }
    }

    /// Reads or changes the attachment under the gate's lock while no value was given; `nil` after.
    func withAttachmentWhilePending<R>(_ body: (inout Attachment) throws -> R) rethrows -> R? {
        try storage.withLock { guarded in
            switch guarded.state {
            case .idle, .waiting: return try body(&guarded.attachment)
            case .resolved, .consumed: return nil
            }
        }
    }

    /// Offers the value; returns `false` when one was given already.
    @discardableResult
    package func resolve(_ value: Value) -> Bool {
        let (accepted, waiter): (Bool, CheckedContinuation<Value, Never>?) = storage.withLock { guarded in
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
        waiter?.resume(returning: value)
        return accepted
    }

    /// The value if there is one already, taken; `nil` otherwise (then ``wait()`` waits for it).
    func take() -> Value? {
        storage.withLock { guarded in
            guard case .resolved(let value) = guarded.state else { return nil }
            guarded.state = .consumed
            return value
        }
    }

    /// The value, as soon as there is one; without suspending when it is there already.
    package func wait() async -> Value {
        if let ready = take() { return ready }
        return await withCheckedContinuation { continuation in
            let ready: Value? = storage.withLock { guarded in
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

/// A gate's one allocation: the guarded state as the header, the mutex in the tail.
private final class GateStorage<Value: Sendable, Attachment: Sendable>: ManagedBuffer<GuardedGate<Value, Attachment>.Guarded, pthread_mutex_t> {
    static func make(_ guarded: GuardedGate<Value, Attachment>.Guarded) -> GateStorage {
        let buffer = create(minimumCapacity: 1) { _ in guarded }
        let storage = unsafeDowncast(buffer, to: GateStorage.self)
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
        return storage
    }

    func withLock<R>(_ body: (inout GuardedGate<Value, Attachment>.Guarded) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { guarded, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&guarded.pointee)
        }
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }
}
