import SwitchyardRouting

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
/// them inline (``InlineInterceptor``). The caller suspends while it waits, and no thread
/// spins for it: the wait costs no processor time, whatever the chain does.
struct InterceptorChain {
    enum Outcome: Sendable {
        /// Every interceptor let the open through; the request as changed, `nil` when none changed it.
        case completed(RouteRequest?)
        case decided(name: String, InterceptorDecision)
        case failed(name: String, any Error)
        case timedOut(name: String, after: Duration)
        /// Earlier runs of this interceptor are still going past their timeout; it was not started.
        case unresponsive(name: String, stillRunning: Int)
        case cancelled
    }

    /// What the watchdog and the caller need to know about the running chain.
    private struct Progress: Sendable {
        /// The entry running, by index (a name would cost a retain and a release every step).
        var current: Int
        var timeout: Duration
        var deadline: ContinuousClock.Instant
        /// The entries whose `intercept` was called: a bit each for the first 64, listed past them.
        var ranBits: UInt64 = 0
        var ranPast64: [Int] = []

        func ran(of entries: [ChainEntry]) -> InterceptorNames {
            InterceptorNames(ran: ranBits, past64: ranPast64, of: entries)
        }

        /// Where the worker is in the current interceptor; `nil` before the first step. Between
        /// steps it still names the last one, which is where a worker caught there is counted.
        var phase: AbandonedRuns.Phase?
        /// Set when the worker ends after the open stopped waiting for it (a timeout or a
        /// cancellation); a worker whose own outcome was taken does not set it.
        var workerFinished = false
        /// Set when the open stopped waiting while the worker was still in an interceptor.
        var abandonedIn: AbandonedRuns.Key?
    }

    /// The open's whole sorted chain; this runs it from `start` on.
    let entries: [ChainEntry]
    let start: Int
    let watchdog: Watchdog
    let abandoned: AbandonedRuns
    let abandonedRunLimit: Int
    let reportRepeat: @Sendable (String) -> Void

    /// Runs the chain; returns the outcome and the interceptors that ran (marks on `entries` for
    /// the first 64, a list past them).
    func run(on request: RouteRequest) async -> (Outcome, ran: InterceptorNames) {
        guard start < entries.endIndex else { return (.completed(nil), InterceptorNames()) }
        let first = entries[start]
        // Checked here as well as on the worker: with the worker threads all held by stuck runs,
        // a worker started now could wait past its deadline for a thread, and the open would end
        // timed out instead of naming the interceptor that holds them.
        if abandoned.mayBeOverLimit(abandonedRunLimit),
           let stillRunning = abandoned.overLimit(name: first.name, phase: .applies, limit: abandonedRunLimit) {
            return (.unresponsive(name: first.name, stillRunning: stillRunning), InterceptorNames())
        }
        // The first deadline starts now, before the worker is even scheduled.
        let firstTimeout = first.interceptor.timeout
        let gate = GuardedGate<Outcome, Progress>(attachment: Progress(current: start, timeout: firstTimeout, deadline: ContinuousClock.now + firstTimeout))
        let (entries, start, abandoned, limit, reportRepeat) = (self.entries, self.start, self.abandoned, abandonedRunLimit, self.reportRepeat)
        // Made here, on the caller's thread: the worker reads this request and copies it only
        // when an interceptor changes it, so its values' reference counts stay on one core.
        var handed = request
        handed.reportRepeatedFinish = reportRepeat
        let worker = DedicatedExecutor.start { [handed] in
            // When the gate took this worker's own outcome, nobody watches it for abandonment (that
            // watch follows a timeout or a cancellation only), so it makes no last update: that
            // update under the gate's lock raced the caller taking the outcome.
            var ownOutcomeTaken = false
            defer {
                if !ownOutcomeTaken, let left = gate.withAttachment({ progress -> AbandonedRuns.Key? in
                    progress.workerFinished = true
                    return progress.abandonedIn
                }) {
                    abandoned.remove(left)
                }
            }
            var changed: RouteRequest?
            for index in start..<entries.endIndex {
                if Task.isCancelled { return }
                let entry = entries[index]
                // Through the entry, not a local copy: copying the interceptor out of its box costs as
                // much as a no-op interceptor's whole step.
                let name = entry.name
                // Past the limit of runs stuck in a step of this interceptor, that step is not started again.
                if let stillRunning = abandoned.overLimit(name: name, phase: .applies, limit: limit) {
                    ownOutcomeTaken = gate.resolve(.unresponsive(name: name, stillRunning: stillRunning))
                    return
                }
                // One update per step: the watchdog reads which interceptor runs, in which step,
                // and its deadline, counted from when it starts here.
                let timeout = entry.interceptor.timeout
                let deadline = ContinuousClock.now + timeout
                gate.withAttachment { progress in
                    progress.current = index
                    progress.timeout = timeout
                    progress.deadline = deadline
                    progress.phase = .applies
                }
                // Not `changed ?? handed`: that copies the whole request, field by field, every step.
                let applies = if let changed { entry.interceptor.applies(to: changed) } else { entry.interceptor.applies(to: handed) }
                guard applies else { continue }
                if let stillRunning = abandoned.overLimit(name: name, phase: .intercept, limit: limit) {
                    ownOutcomeTaken = gate.resolve(.unresponsive(name: name, stillRunning: stillRunning))
                    return
                }
                gate.withAttachment { progress in
                    if index < UInt64.bitWidth { progress.ranBits |= 1 << UInt64(index) } else { progress.ranPast64.append(index) }
                    progress.phase = .intercept
                }
                let decision: InterceptorDecision
                do {
                    if let changed {
                        decision = try await entry.interceptor.intercept(changed)
                    } else {
                        decision = try await entry.interceptor.intercept(handed)
                    }
                } catch {
                    ownOutcomeTaken = gate.resolve(.failed(name: name, error))
                    return
                }
                switch decision {
                case .proceed:
                    continue
                case .proceedWith(var next):
                    next.responder = handed.responder
                    next.reportRepeatedFinish = reportRepeat
                    changed = next
                case .redirect, .reject, .handled:
                    ownOutcomeTaken = gate.resolve(.decided(name: name, decision))
                    return
                }
            }
            // The gate takes the first outcome: a watchdog that fires after this one finds it
            // taken and stops watching, so the progress needs no last update.
            changed?.reportRepeatedFinish = nil
            ownOutcomeTaken = gate.resolve(.completed(changed))
        }
        // Armed before the caller waits: arming late (once only for chains that outlasted a
        // spin) delayed a 50 ms timeout by 16 s in the Thread Sanitizer run of the whole suite.
        let watch = watchdog.watch { now in
            let (current, timeout, deadline) = gate.withAttachment { ($0.current, $0.timeout, $0.deadline) }
            guard now >= deadline else { return false }
            if gate.resolve(.timedOut(name: entries[current].name, after: timeout)) { worker.cancel() }
            return true
        }
        // `wait()` takes an outcome that is there already without suspending; no look before it,
        // as without a spin the chain has almost never finished by now.
        let outcome = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resolve(.cancelled)
        }
        watchdog.unwatch(watch)
        if case .completed = outcome {} else { worker.cancel() }
        switch outcome {
        case .timedOut, .cancelled: watchForAbandonment(gate)
        case .completed, .decided, .failed, .unresponsive: break
        }
        return (outcome, gate.withAttachment { $0.ran(of: entries) })
    }

    /// After the open stopped waiting, gives the cancelled worker ``abandonmentGrace`` to
    /// end; one still inside an interceptor then is abandoned until it ends, and its own exit
    /// takes it off the count. A cooperative interceptor ends well within that, and a worker
    /// that never got to start an interceptor is never counted.
    private func watchForAbandonment(_ gate: GuardedGate<Outcome, Progress>) {
        let deadline = ContinuousClock.now + Self.abandonmentGrace
        let abandoned = self.abandoned
        _ = watchdog.watch { now in
            gate.withAttachment { progress in
                if progress.workerFinished { return true }
                guard now >= deadline else { return false }
                if let phase = progress.phase {
                    let key = AbandonedRuns.Key(name: entries[progress.current].name, phase: phase)
                    progress.abandonedIn = key
                    abandoned.add(key)
                }
                return true
            }
        }
    }

    /// The time a cancelled run has to end before it counts as abandoned.
    static let abandonmentGrace = Duration.milliseconds(50)
}
