import SwitchyardRouting

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
    func isDuplicate(_ key: Int, at now: ContinuousClock.Instant) -> Bool {
        let window = settings.duplicateWindow
        guard window > .zero else { return false }
        return arrivals.withLock { $0.duplicates.isDuplicate(key: key, at: now, window: window) }
    }

    /// Says the app can show pages now: opens held since launch run, one after another, in
    /// the order they arrived. Later opens run at once.
    public func markReady() {
        let start = arrivals.withLock { arrivals -> Bool in
            guard !arrivals.isReady, !arrivals.replaying else { return false }
            arrivals.replaying = true
            return true
        }
        guard start else { return }
        Task {
            while true {
                let next = arrivals.withLock { arrivals -> Arrivals.Waiting? in
                    guard !arrivals.queue.isEmpty else {
                        arrivals.isReady = true
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

    /// Whether opens run at once.
    public var isReady: Bool { arrivals.withLock { $0.isReady } }

    /// How many opens wait for ``markReady()``.
    public var waitingForReadiness: Int { arrivals.withLock { $0.queue.count } }
}
