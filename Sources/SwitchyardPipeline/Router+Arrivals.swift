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
        case duplicate
        case queueFull
    }

    /// Decides whether an open runs now, waits for readiness, or is a double tap.
    /// `now` is when the open started: one clock read serves the guard and the open's duration.
    func admit(
        _ url: String, source: RouteSource, scene: String? = nil, at now: ContinuousClock.Instant = .now, checkingDuplicates: Bool = true
    ) -> Admission {
        let window = settings.duplicateWindow
        let limit = settings.readinessQueueLimit
        return arrivals.withLock { arrivals in
            if checkingDuplicates, arrivals.duplicates.isDuplicate(url: url, source: source, scene: scene, at: now, window: window) { return .duplicate }
            guard !arrivals.isReady else { return .now }
            guard arrivals.queue.count < limit else { return .queueFull }
            let waiting = Arrivals.Waiting()
            arrivals.queue.append(waiting)
            return .queued(waiting)
        }
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
