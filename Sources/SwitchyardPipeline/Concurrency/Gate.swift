import Atomics
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
        // After the lock is free, so a spinning waiter never parks on it.
        if accepted { storage.settled.store(true, ordering: .releasing) }
        waiter?.resume(returning: value)
        return accepted
    }

    /// Waits without suspending, for at most `limit`, for a value another thread is about to
    /// give: a chain of quick interceptors on a worker then costs no suspension and no
    /// wake-up of the caller. Returns at once on one core.
    func spin(upTo limit: Duration) {
        guard DedicatedExecutor.spins else { return }
        // The flag is read through a pointer into the storage: keep the storage alive throughout.
        withExtendedLifetime(storage) { storage in
            let settled = storage.settled
            DedicatedExecutor.spin(upTo: limit) { settled.load(ordering: .acquiring) }
        }
    }

    /// The value if there is one already, taken; `nil` otherwise (then ``wait()`` waits for it).
    func take() -> Value? {
        take(reading: { _ in () })?.value
    }

    /// The value if there is one already, taken, and what `read` makes of the attachment, under
    /// one lock; `nil` otherwise.
    func take<R>(reading read: (Attachment) -> R) -> (value: Value, read: R)? {
        storage.withLock { guarded in
            guard case .resolved(let value) = guarded.state else { return nil }
            guarded.state = .consumed
            return (value, read(guarded.attachment))
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

/// A gate's one allocation: the guarded state as the header; in the tail, the mutex, then the
/// settled flag alone on a cache line of its own.
///
/// Why the line of its own: the waiter spins reading the flag while the worker takes the lock
/// and updates the progress on every step. Sharing a line with those writes (as a separately
/// allocated flag did, placed next to the lock by the allocator) made every step pay to move
/// the line back and forth between the cores.
private final class GateStorage<Value: Sendable, Attachment: Sendable>: ManagedBuffer<GuardedGate<Value, Attachment>.Guarded, UInt64> {
    private static var lineBytes: Int { 128 } // two lines: adjacent-line prefetch pairs them
    private static var mutexWords: Int { (MemoryLayout<pthread_mutex_t>.size + 7) / 8 }

    static func make(_ guarded: GuardedGate<Value, Attachment>.Guarded) -> GateStorage {
        let words = mutexWords + (2 * lineBytes) / 8
        let buffer = create(minimumCapacity: words) { _ in guarded }
        let storage = unsafeDowncast(buffer, to: GateStorage.self)
        storage.withUnsafeMutablePointerToElements { words in
            words.withMemoryRebound(to: pthread_mutex_t.self, capacity: 1) { _ = pthread_mutex_init($0, nil) }
            storage.flagAddress.initializeMemory(as: UnsafeAtomic<Bool>.Storage.self, repeating: .init(false), count: 1)
        }
        return storage
    }

    /// The flag's address: the first line boundary past the mutex, with a whole line after it.
    private var flagAddress: UnsafeMutableRawPointer {
        withUnsafeMutablePointerToElements { words in
            let afterMutex = UInt(bitPattern: UnsafeMutableRawPointer(words + Self.mutexWords))
            let line = UInt(Self.lineBytes)
            return UnsafeMutableRawPointer(bitPattern: (afterMutex + line - 1) / line * line).unsafelyUnwrapped
        }
    }

    var settled: UnsafeAtomic<Bool> {
        UnsafeAtomic(at: flagAddress.assumingMemoryBound(to: UnsafeAtomic<Bool>.Storage.self))
    }

    func withLock<R>(_ body: (inout GuardedGate<Value, Attachment>.Guarded) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { guarded, words in
            try words.withMemoryRebound(to: pthread_mutex_t.self, capacity: 1) { mutex in
                pthread_mutex_lock(mutex)
                defer { pthread_mutex_unlock(mutex) }
                return try body(&guarded.pointee)
            }
        }
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { words in
            words.withMemoryRebound(to: pthread_mutex_t.self, capacity: 1) { pthread_mutex_destroy($0) }
        }
    }
}
