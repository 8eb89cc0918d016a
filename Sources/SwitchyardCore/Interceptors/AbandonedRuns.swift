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

    /// The runs stuck in `phase` of `name`, when they are `limit` or more.
    func overLimit(name: String, phase: Phase, limit: Int) -> Int? {
        let count = counts.withLock { $0[Key(name: name, phase: phase)] ?? 0 }
        return count >= limit ? count : nil
    }

    func add(_ key: Key) { counts.withLock { $0[key, default: 0] += 1 } }

    func remove(_ key: Key) {
        counts.withLock { counts in
            let left = (counts[key] ?? 1) - 1
            counts[key] = left > 0 ? left : nil
        }
    }

    /// Every interceptor with runs still going, by name (a step in `applies(to:)` is marked so).
    var all: [String: Int] {
        counts.withLock { counts in
            Dictionary(counts.map { ($0.key.phase == .applies ? $0.key.name + " (applies)" : $0.key.name, $0.value) }, uniquingKeysWith: +)
        }
    }
}
