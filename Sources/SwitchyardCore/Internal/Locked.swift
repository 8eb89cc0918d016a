import Foundation

/// A value guarded by a lock, for writers only.
///
/// Readers of routing tables never take this lock; it serialises registrations so
/// that two writers cannot publish tables built from the same old state.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
