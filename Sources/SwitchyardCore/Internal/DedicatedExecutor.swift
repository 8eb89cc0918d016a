import Dispatch

/// Runs a task on a serial dispatch queue of its own: where interceptors and module
/// lifecycle handlers run.
///
/// Never the caller's thread (an open from the main thread never runs interceptor code on
/// it), and never Swift's cooperative pool: a serial queue draws its thread from dispatch's
/// overcommitting pool, which starts another thread when every one is busy. So code that
/// blocks or spins holds up its own queue only, and a deadline can always resume the caller.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class DedicatedExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "switchyard.dedicated")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    /// Starts `work` on a new executor where task executors exist, else detached on the pool.
    static func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return Task(executorPreference: DedicatedExecutor()) { await work() }
        }
        return Task.detached { await work() }
    }
}

