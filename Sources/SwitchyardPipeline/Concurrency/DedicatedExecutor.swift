import Atomics
import Foundation

/// Threads of the library's own, where interceptors and module lifecycle handlers run.
///
/// Never the caller's thread (an open from the main thread never runs interceptor code on
/// it), and never Swift's cooperative pool: a job that finds every thread busy (blocked or
/// spinning in app code) gets a new thread, up to ``WorkerThreads/threadLimit``, so code that
/// blocks holds up its own thread only, and a deadline can always resume the caller.
package enum DedicatedExecutor {
    /// Starts `work` on these threads where task executors exist, else detached on the pool.
    package static func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return Task(executorPreference: WorkerThreads.shared, operation: work)
        }
        return Task.detached { await work() }
    }

    /// Spinning only helps when another core can make progress meanwhile.
    static let spins = ProcessInfo.processInfo.activeProcessorCount > 1

    /// Checks `done` without parking or yielding until it holds or `limit` passes; reads the
    /// clock only every 64 checks, as a check is a load of one atomic.
    @inline(__always)
    static func spin(upTo limit: Duration, until done: () -> Bool) {
        let deadline = ContinuousClock.now + limit
        var checks = 0
        while !done() {
            checks += 1
            if checks & 63 == 0, ContinuousClock.now >= deadline { return }
        }
    }
}

/// The threads behind ``DedicatedExecutor``.
///
/// Why not a dispatch queue per run, as before: waking a parked thread costs tens of
/// microseconds on a virtual machine, more than a whole chain of interceptors. A thread that
/// finished a job spins for ``spinTime`` before it parks, so back-to-back opens (a burst of
/// links, a restored back stack) hand their chains over without a wake-up; an idle pool
/// parks, and keeps at most ``idleThreads`` threads past ``parkTime``.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class WorkerThreads: TaskExecutor, @unchecked Sendable {
    static let shared = WorkerThreads()

    /// Threads at most; past it, jobs wait for a thread to come free (each open's own deadline
    /// still ends the open).
    let threadLimit = 64
    let idleThreads = 2
    let spinTime = Duration.microseconds(50)
    let parkTime: TimeInterval = 2
    /// How long a job waits for a busy thread to come free before it gets a new one.
    let rescueDelayMilliseconds = 1

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var next = 0
    private var threads = 0
    /// Threads not running a job: spinning, parked, or just started.
    private var idle = 0
    private var parked = 0
    private var rescueScheduled = false
    /// Wakes the rescuer thread; `rescueDue` and `rescuerStarted` are guarded by it.
    private let rescuer = NSCondition()
    private var rescueDue: ContinuousClock.Instant?
    private var rescuerStarted = false
    private var spinning = false
    /// Jobs ever enqueued: what a spinning thread watches, without the lock.
    private let enqueued = ManagedAtomic<Int>(0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let waiting = jobs.count - next
        if waiting > idle - parked {
            if threads > idle {
                // A thread is running a job; most often it is finishing the chain that just
                // let this caller go on, and takes this job next. If it is stuck in app code
                // instead, the rescue gives this job a thread after `rescueDelayMilliseconds`.
                if !rescueScheduled { scheduleRescue() }
            } else {
                provide(waiting - (idle - parked))
            }
        }
        condition.unlock()
        // Told after the lock is free: a spinner that saw it while the lock was still held
        // would park on the lock, and waking it is the cost the spinning saves.
        enqueued.wrappingIncrement(ordering: .releasing)
    }

    /// Asks the rescuer to look again after ``rescueDelayMilliseconds``; called with the lock held.
    ///
    /// A thread of the pool's own, not a dispatch timer: app code that blocks every thread of
    /// dispatch's global queue must not keep a job waiting behind stuck workers.
    private func scheduleRescue() {
        rescueScheduled = true
        rescuer.lock()
        rescueDue = ContinuousClock.now + .milliseconds(rescueDelayMilliseconds)
        if !rescuerStarted {
            rescuerStarted = true
            Thread { [self] in rescue() }.start()
        }
        rescuer.signal()
        rescuer.unlock()
    }

    private func rescue() {
        rescuer.lock()
        while true {
            guard let due = rescueDue else {
                rescuer.wait()
                continue
            }
            let now = ContinuousClock.now
            if now < due {
                let (seconds, attoseconds) = (due - now).components
                _ = rescuer.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
                continue
            }
            rescueDue = nil
            rescuer.unlock()
            condition.lock()
            rescueScheduled = false
            let waiting = jobs.count - next
            if waiting > idle - parked { provide(waiting - (idle - parked)) }
            condition.unlock()
            rescuer.lock()
        }
    }

    /// Wakes parked threads, then starts new ones (within ``threadLimit``), for `count` jobs;
    /// called with the lock held.
    private func provide(_ count: Int) {
        for _ in 0..<min(count, parked) { condition.signal() }
        startThreads(count - min(count, parked))
    }

    private func startThreads(_ count: Int) {
        for _ in 0..<max(0, min(count, threadLimit - threads)) {
            threads += 1
            idle += 1
            Thread { [self] in
                // Foundation's name only: on Linux the system's thread name stays the creator's.
                Thread.current.name = "switchyard.worker"
                work()
            }.start()
        }
    }

    private func work() {
        condition.lock()
        while true {
            if next < jobs.count {
                let job = jobs[next]
                next += 1
                if next == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    next = 0
                }
                idle -= 1
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
                condition.lock()
                idle += 1
                continue
            }
            // One thread spins at a time: more spinners than cores would keep the one that
            // has work, or the caller waiting for it, off the processor.
            if !spinning, DedicatedExecutor.spins {
                spinning = true
                let seen = enqueued.load(ordering: .acquiring)
                condition.unlock()
                spin(whileEnqueuedIs: seen)
                condition.lock()
                spinning = false
                if next < jobs.count { continue }
            }
            parked += 1
            let signalled = condition.wait(until: Date(timeIntervalSinceNow: parkTime))
            parked -= 1
            if !signalled, next == jobs.count, idle > idleThreads {
                threads -= 1
                idle -= 1
                condition.unlock()
                return
            }
        }
    }

    /// Waits without parking until a job is enqueued or ``spinTime`` passes.
    private func spin(whileEnqueuedIs seen: Int) {
        DedicatedExecutor.spin(upTo: spinTime) { enqueued.load(ordering: .acquiring) != seen }
    }
}
