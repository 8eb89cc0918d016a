import Foundation
import SwitchyardServices

/// Threads of the library's own, where interceptors and module lifecycle handlers run.
///
/// Never the caller's thread (an open from the main thread never runs interceptor code on
/// it), and never Swift's cooperative pool: a job that finds every thread busy (blocked or
/// spinning in app code) gets a new thread, up to ``WorkerThreads/threadLimit``, so code that
/// blocks holds up its own thread only, and a deadline can always resume the caller.
package enum DedicatedExecutor {
    /// Starts `work` on these threads where task executors exist, else detached on the pool;
    /// either way with the caller's app services (``ServiceRegistry/current``) and launch scope.
    package static func start(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return Task(executorPreference: WorkerThreads.shared, operation: work)
        }
        // A detached task drops the task's values: the ones the work relies on are carried over
        // by hand (iOS 16 and 17, macOS 13 and 14).
        let (services, marks, placed) = (ServiceRegistry.current, LaunchScope.marks, LaunchScope.placed)
        return Task.detached {
            await ServiceRegistry.$current.withValue(services) {
                await LaunchScope.$marks.withValue(marks) {
                    await LaunchScope.$placed.withValue(placed) { await work() }
                }
            }
        }
    }
}

extension DedicatedExecutor {
    /// Whether ``startHere(_:)`` can run work on the caller's executor (`Task.immediate`).
    package static var startsHere: Bool {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) { return true }
        return false
    }

    /// Runs `work` on the calling thread until it ends or first suspends, then where Swift
    /// resumes it (the cooperative pool); with the caller's task values. Where that is not
    /// available, as ``start(_:)``.
    ///
    /// No executor preference: with one, the work's first call of a nonisolated async function
    /// (every interceptor's `intercept`) would hop to that executor, and nothing would run here.
    package static func startHere(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: work)
        }
        return start(work)
    }
}

/// The threads behind ``DedicatedExecutor``.
///
/// A thread with no job parks at once: no thread spins while it waits, so an open that waits
/// for its interceptors costs no processor time meanwhile, and a phone whose cores are busy
/// gives them to other work (issue 38). An idle pool keeps at most ``idleThreads`` threads
/// past ``parkTime``.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class WorkerThreads: TaskExecutor, @unchecked Sendable {
    static let shared = WorkerThreads()

    /// Threads at most; past it, jobs wait for a thread to come free (each open's own deadline
    /// still ends the open).
    let threadLimit = 64
    let idleThreads = 2
    let parkTime: TimeInterval = 2
    /// How long a job waits for a busy thread to come free before it gets a new one.
    let rescueDelayMilliseconds = 1

    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var next = 0
    private var threads = 0
    /// Threads not running a job: parked, just started, or between two jobs.
    private var idle = 0
    private var parked = 0
    private var rescueScheduled = false
    /// Wakes the rescuer thread; `rescueDue` and `rescuerStarted` are guarded by it.
    private let rescuer = NSCondition()
    private var rescueDue: ContinuousClock.Instant?
    private var rescuerStarted = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let waiting = jobs.count - next
        var wake = 0
        if waiting > idle - parked {
            if threads > idle {
                // A thread is running a job; most often it is finishing the chain that just
                // let this caller go on, and takes this job next. If it is stuck in app code
                // instead, the rescue gives this job a thread after `rescueDelayMilliseconds`.
                if !rescueScheduled { scheduleRescue() }
            } else {
                wake = provide(waiting - (idle - parked))
            }
        }
        condition.unlock()
        signal(wake)
    }

    /// Wakes `count` parked threads; called after the lock is free, so a woken thread does not
    /// wake only to wait for the lock (a second wake-up, the cost that matters here).
    private func signal(_ count: Int) {
        for _ in 0..<count { condition.signal() }
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
            let wake = waiting > idle - parked ? provide(waiting - (idle - parked)) : 0
            condition.unlock()
            signal(wake)
            rescuer.lock()
        }
    }

    /// Starts new threads (within ``threadLimit``) for the `count` jobs that parked threads
    /// cannot take; returns how many parked threads to wake. Called with the lock held.
    private func provide(_ count: Int) -> Int {
        let wake = min(count, parked)
        startThreads(count - wake)
        return wake
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
}
