import Atomics
import SwitchyardSupport

/// Interceptor runs still going after their open gave up on them, by interceptor name.
///
/// An interceptor that ignores cancellation and never returns keeps its task, and what
/// the task holds, alive; nothing can reclaim it. Past ``PipelineSettings/abandonedRunLimit``
/// such runs the router stops starting new ones, so that memory stays bounded, and fails
/// the opens that would have run it with ``OpenError/interceptorUnresponsive(name:stillRunning:)``.
final class AbandonedRuns: Sendable {
    /// The step a run was stuck in: deciding whether it applies, or deciding the open.
    enum Phase: Sendable, Hashable {
        case applies, intercept
    }

    struct Key: Sendable, Hashable {
        let name: String
        let phase: Phase
    }

    private let counts = Locked([Key: Int]())
    /// Runs held in `counts`, read without the lock: almost always none.
    private let total = ManagedAtomic(0)

    /// Whether ``overLimit(name:phase:limit:)`` can answer anything but `nil`: one atomic load.
    func mayBeOverLimit(_ limit: Int) -> Bool {
        limit <= 0 || total.load(ordering: .acquiring) > 0
    }

    /// The runs stuck in `phase` of `name`, when they are `limit` or more.
    func overLimit(name: String, phase: Phase, limit: Int) -> Int? {
        guard total.load(ordering: .acquiring) > 0 else { return limit > 0 ? nil : 0 }
        let count = counts.withLock { $0[Key(name: name, phase: phase)] ?? 0 }
        return count >= limit ? count : nil
    }

    func add(_ key: Key) {
        counts.withLock { $0[key, default: 0] += 1 }
        total.wrappingIncrement(ordering: .releasing)
    }

    func remove(_ key: Key) {
        let removed = counts.withLock { counts -> Bool in
            guard let count = counts[key] else { return false }
            counts[key] = count > 1 ? count - 1 : nil
            return true
        }
        if removed { total.wrappingDecrement(ordering: .releasing) }
    }

    /// Every interceptor with runs still going, by name (a step in `applies(to:)` is marked so).
    var all: [String: Int] {
        counts.withLock { counts in
            Dictionary(counts.map { ($0.key.phase == .applies ? $0.key.name + " (applies)" : $0.key.name, $0.value) }, uniquingKeysWith: +)
        }
    }
}
