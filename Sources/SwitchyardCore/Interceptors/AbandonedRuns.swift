/// Interceptor runs still going after their open gave up on them, by interceptor name.
///
/// An interceptor that ignores cancellation and never returns keeps its task, and what
/// the task holds, alive; nothing can reclaim it. Past ``PipelineSettings/abandonedRunLimit``
/// such runs the router stops starting new ones, so that memory stays bounded, and fails
/// the opens that would have run it with ``OpenError/interceptorUnresponsive(name:stillRunning:)``.
final class AbandonedRuns: Sendable {
    private let counts = Locked([String: Int]())

    func count(of name: String) -> Int { counts.withLock { $0[name] ?? 0 } }

    func add(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }

    func remove(_ name: String) {
        counts.withLock { counts in
            let left = (counts[name] ?? 1) - 1
            counts[name] = left > 0 ? left : nil
        }
    }

    /// Every name with runs still going, for a debug screen.
    var all: [String: Int] { counts.withLock { $0 } }
}
