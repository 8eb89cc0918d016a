import Atomics
import SwitchyardRouting
import SwitchyardSupport

extension Router {
    /// Opens that arrive before the app is ready, and when each URL was last opened.
    struct Arrivals {
        struct Waiting {
            let go = Gate<Void>()
            let done = Gate<Void>()
        }

        var isReady: Bool
        var replaying = false
        var queue: [Waiting] = []
        /// Launches waiting for ``Router/markReady()`` before they start (not opens: they hold no place in `queue`).
        var launches: [Gate<Void>] = []
        var duplicates = DuplicateGuard()
    }

    enum Admission {
        case now
        /// Wait for `go`, then signal `done` so the next queued open may start.
        case queued(Arrivals.Waiting)
        case queueFull
    }

    /// Decides whether an open runs now or waits for readiness.
    func admit() -> Admission {
        if ready.load(ordering: .acquiring) { return .now }
        let limit = settings.readinessQueueLimit
        return arrivals.withLock { arrivals in
            guard !arrivals.isReady else { return .now }
            guard arrivals.queue.count < limit else { return .queueFull }
            let waiting = Arrivals.Waiting()
            arrivals.queue.append(waiting)
            return .queued(waiting)
        }
    }

    /// Whether the open keyed `key` (``DuplicateGuard/key(url:caller:source:scene:parameters:callerParameters:)``),
    /// which arrived at `now`, repeats one within ``PipelineSettings/duplicateWindow``; records it.
    func isDuplicate(_ key: Int, at now: ClockReading) -> Bool {
        let window = settings.duplicateWindow
        guard window > .zero else { return false }
        return arrivals.withLock { $0.duplicates.isDuplicate(key: key, at: now, window: window) }
    }

    /// Says the app can show pages now: launches waiting for it start, and once they are in
    /// place the opens held since launch run, one after another, in the order they arrived. Opens that arrive from now on run
    /// at once, those the replayed ones start included: an open never waits behind the open it
    /// runs inside (an x-callback request awaiting its route, a page a replayed open shows
    /// opening another).
    public func markReady() {
        let (start, launches) = arrivals.withLock { arrivals -> (Bool, [Gate<Void>]) in
            guard !arrivals.isReady, !arrivals.replaying else { return (false, []) }
            arrivals.isReady = true
            ready.store(true, ordering: .releasing)
            arrivals.replaying = !arrivals.queue.isEmpty
            defer { arrivals.launches = [] }
            return (arrivals.replaying, arrivals.launches)
        }
        for launch in launches { launch.resolve(()) }
        guard start else { return }
        Task {
            // The held opens go over what the launches let go with them put in place, not
            // between their homes.
            await waitForRunningLaunches()
            while true {
                let next = arrivals.withLock { arrivals -> Arrivals.Waiting? in
                    guard !arrivals.queue.isEmpty else {
                        arrivals.replaying = false
                        return nil
                    }
                    return arrivals.queue.removeFirst()
                }
                guard let next else { return }
                next.go.resolve(())
                await next.done.wait()
            }
        }
    }

    /// Returns once the router is ready; logs a warning naming the fix when that takes longer
    /// than ``PipelineSettings/readinessWarning``, as it does for ever when the code that
    /// would call ``markReady()`` awaits this first.
    func waitUntilReady(for waiter: String) async {
        let gate = Gate<Void>()
        guard arrivals.withLock({ arrivals -> Bool in
            if arrivals.isReady { return false }
            arrivals.launches.append(gate)
            return true
        }) else { return }
        let (after, logger) = (settings.readinessWarning, configuration.logger)
        // Off the main actor, which the launch waiting here may be keeping busy.
        let warning = Task.detached {
            try? await Task.sleep(for: after)
            guard !Task.isCancelled else { return }
            logger.warning("\(waiter) has waited \(after) for markReady(): it starts once the router is ready. Call router.markReady() when the modules have started, before awaiting the launch; an app that awaits its launch first waits for ever")
        }
        await gate.wait()
        warning.cancel()
    }

    /// Whether opens run at once: from ``markReady()`` on, also while the opens held until
    /// then replay.
    public var isReady: Bool { ready.load(ordering: .acquiring) }

    /// How many opens wait for ``markReady()``.
    public var waitingForReadiness: Int { arrivals.withLock { $0.queue.count } }
}
