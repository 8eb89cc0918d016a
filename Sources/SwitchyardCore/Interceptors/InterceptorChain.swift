/// Runs the interceptors of one open in one worker task, under the router's watchdog.
///
/// The open waits on a ``Gate`` that the first of these resolves: the worker (a decision,
/// an error, or the end of the chain), the watchdog (the current interceptor's timeout), or
/// the caller's cancellation. The worker runs on a ``DedicatedExecutor``, never on the
/// caller's thread, and evaluates `applies(to:)` there too: every line of interceptor code,
/// whatever it does, is under a deadline from the moment the chain starts. So an
/// interceptor that blocks, spins, or never returns cannot hold the open past its timeout.
///
/// Built-in policies ahead of the first app interceptor never get here: ``Router`` decides
/// them inline (``InlineInterceptor``). A chain of quick interceptors is done within
/// microseconds, so the caller waits ``callerSpin`` without suspending before it parks.
struct InterceptorChain {
    enum Outcome: Sendable {
        /// Every interceptor let the open through; the request may have been changed.
        case completed(RouteRequest)
        case decided(name: String, InterceptorDecision)
        case failed(name: String, any Error)
        case timedOut(name: String, after: Duration)
        /// Earlier runs of this interceptor are still going past their timeout; it was not started.
        case unresponsive(name: String, stillRunning: Int)
        case cancelled
    }

    /// What the watchdog and the caller need to know about the running chain.
    private struct Progress {
        var ran: [String] = []
        var current: (name: String, timeout: Duration, deadline: ContinuousClock.Instant)?
        /// Where the worker is in the current interceptor; `nil` between interceptors.
        var phase: AbandonedRuns.Phase?
        var workerFinished = false
        /// Set when the open stopped waiting while the worker was still in an interceptor.
        var abandonedIn: AbandonedRuns.Key?
    }

    let interceptors: [any Interceptor]
    let watchdog: Watchdog
    let abandoned: AbandonedRuns
    let abandonedRunLimit: Int
    let reportRepeat: @Sendable (String) -> Void

    /// Runs the chain; returns the outcome and the names of the interceptors that ran.
    func run(on request: RouteRequest) async -> (Outcome, ran: [String]) {
        guard let first = interceptors.first else { return (.completed(request), []) }
        let gate = Gate<Outcome>()
        // The first deadline starts now, before the worker is even scheduled.
        var started = Progress(current: (first.name, first.timeout, ContinuousClock.now + first.timeout))
        started.ran.reserveCapacity(interceptors.count)
        let progress = Locked(started)
        let (interceptors, abandoned, limit, reportRepeat) = (self.interceptors, self.abandoned, abandonedRunLimit, self.reportRepeat)
        let worker = DedicatedExecutor.start {
            defer {
                let left = progress.withLock { progress -> AbandonedRuns.Key? in
                    progress.workerFinished = true
                    return progress.abandonedIn
                }
                if let left { abandoned.remove(left) }
            }
            var request = request
            request.reportRepeatedFinish = reportRepeat
            for interceptor in interceptors {
                if Task.isCancelled { return }
                let name = interceptor.name
                progress.withLock { $0.current = (name, interceptor.timeout, ContinuousClock.now + interceptor.timeout) }
                // Past the limit of runs stuck in a step of this interceptor, that step is not started again.
                if let stillRunning = abandoned.overLimit(name: name, phase: .applies, limit: limit) {
                    gate.resolve(.unresponsive(name: name, stillRunning: stillRunning))
                    return
                }
                progress.withLock { $0.phase = .applies }
                guard interceptor.applies(to: request) else {
                    progress.withLock { $0.phase = nil }
                    continue
                }
                if let stillRunning = abandoned.overLimit(name: name, phase: .intercept, limit: limit) {
                    gate.resolve(.unresponsive(name: name, stillRunning: stillRunning))
                    return
                }
                progress.withLock {
                    $0.ran.append(name)
                    $0.phase = .intercept
                }
                let decision: InterceptorDecision
                do {
                    decision = try await interceptor.intercept(request)
                } catch {
                    gate.resolve(.failed(name: name, error))
                    return
                }
                progress.withLock { $0.phase = nil }
                switch decision {
                case .proceed:
                    continue
                case .proceedWith(var changed):
                    changed.responder = request.responder
                    changed.reportRepeatedFinish = reportRepeat
                    request = changed
                case .redirect, .reject, .handled:
                    gate.resolve(.decided(name: name, decision))
                    return
                }
            }
            progress.withLock { $0.current = nil }
            request.reportRepeatedFinish = nil
            gate.resolve(.completed(request))
        }
        let watch = watchdog.watch { now in
            guard let current = progress.withLock({ $0.current }) else { return false }
            guard now >= current.deadline else { return false }
            if gate.resolve(.timedOut(name: current.name, after: current.timeout)) { worker.cancel() }
            return true
        }
        // Quick chains finish within microseconds on the worker: wait that long without suspending.
        gate.spin(upTo: Self.callerSpin)
        let outcome = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resolve(.cancelled)
        }
        watchdog.unwatch(watch)
        if case .completed = outcome {} else { worker.cancel() }
        switch outcome {
        case .timedOut, .cancelled: watchForAbandonment(progress)
        case .completed, .decided, .failed, .unresponsive: break
        }
        return (outcome, progress.withLock { $0.ran })
    }

    /// After the open stopped waiting, gives the cancelled worker ``abandonmentGrace`` to
    /// end; one still inside an interceptor then is abandoned until it ends, and its own exit
    /// takes it off the count. A cooperative interceptor ends well within that, and a worker
    /// that never got to start an interceptor is never counted.
    private func watchForAbandonment(_ progress: Locked<Progress>) {
        let deadline = ContinuousClock.now + Self.abandonmentGrace
        let abandoned = self.abandoned
        _ = watchdog.watch { now in
            progress.withLock { progress in
                if progress.workerFinished { return true }
                guard now >= deadline else { return false }
                if let name = progress.current?.name, let phase = progress.phase {
                    let key = AbandonedRuns.Key(name: name, phase: phase)
                    progress.abandonedIn = key
                    abandoned.add(key)
                }
                return true
            }
        }
    }

    /// How long the caller waits for the chain without suspending; never long enough to matter
    /// to a deadline or a frame.
    static let callerSpin = Duration.microseconds(20)

    /// The time a cancelled run has to end before it counts as abandoned.
    static let abandonmentGrace = Duration.milliseconds(50)
}
