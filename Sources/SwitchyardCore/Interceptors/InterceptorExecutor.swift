import Dispatch

/// Where an open's interceptors run: a serial dispatch queue of the open's own.
///
/// Never the caller's thread (an open from the main thread never runs interceptor code on
/// it), and never Swift's cooperative pool: a serial queue draws its thread from dispatch's
/// overcommitting pool, which starts another thread when every one is busy. So an
/// interceptor that blocks or spins holds up its own queue only, and the watchdog's timeout
/// can always resume the caller.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class InterceptorExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "switchyard.interceptors")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    /// Starts `work` on a new executor where task executors exist, else detached on the pool.
    static func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return Task(executorPreference: InterceptorExecutor()) { await work() }
        }
        return Task.detached { await work() }
    }
}

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
