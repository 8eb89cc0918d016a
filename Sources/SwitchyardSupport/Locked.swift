import Foundation

/// A value guarded by a lock, for writers only.
///
/// Readers of routing tables never take this lock; it serialises registrations so
/// that two writers cannot publish tables built from the same old state.
///
/// The value and its mutex share one allocation: an `NSLock` on Linux is an object and
/// three more allocations, and an open with interceptors makes two of these.
@usableFromInline package struct Locked<Value>: @unchecked Sendable {
    // Inlinable, so every module that locks specializes it for its value: opens and
    // `@Injected` reads take one of these each time.
    @usableFromInline let storage: LockedStorage<Value>

    @inlinable
    package init(_ value: Value) {
        let buffer = LockedStorage<Value>.create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { mutex in _ = pthread_mutex_init(mutex, nil) }
        // `create` is declared to return the base class; it makes an instance of the subclass.
        storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
    }

    @inlinable
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}

/// The value of a ``Locked`` as the header, its mutex as the one element.
@usableFromInline
final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    deinit {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }
}
