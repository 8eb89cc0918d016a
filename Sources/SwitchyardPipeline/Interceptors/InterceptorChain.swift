import SwitchyardRouting
import SwitchyardSupport

/// Runs the interceptors of one open in one task, under the router's watchdog.
///
/// The open waits on a ``Gate`` that the first of these resolves: the task (a decision, an
/// error, or the end of the chain), the watchdog (the current interceptor's timeout), or the
/// caller's cancellation. A chain with an interceptor on probation (``StepRecord``) runs on a
/// ``DedicatedExecutor``, `applies(to:)` included: every line of its code is under a deadline
/// from the moment the chain starts, so one that blocks, spins or never returns cannot hold
/// the open past its timeout. A chain whose interceptors have all been quick starts where
/// `open` runs (`Task.immediate`): ended without suspending, it cost no hand-off, no watchdog
/// and no wait; suspended, it goes on elsewhere while the open waits under the watchdog.
///
/// Built-in policies ahead of the first app interceptor never get here: ``Router`` decides
/// them inline (``InlineInterceptor``). The caller suspends while it waits, and no thread
/// spins for it: the wait costs no processor time, whatever the chain does.
struct InterceptorChain {
    enum Outcome: Sendable {
        /// Every interceptor let the open through, none changing the request.
        case completed
        /// Every interceptor let the open through; the request as they changed it. Indirect, so an
        /// outcome is a few words: it is copied in and out of the gate on every open.
        indirect case completedWith(RouteRequest)
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
        var deadline: ClockReading
        /// When the current step started, and whether the watchdog has seen it run past a quick step.
        var stepStart: ClockReading
        var slowSeen = false
        /// Whether the chain started on the caller's executor (``StepRecord``).
        let inline: Bool
        /// The task running the chain, for the watchdog to cancel; `nil` until it is made.
        var worker: Task<Void, Never>?
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
    /// Whether it starts on the caller's executor (``DedicatedExecutor/startHere(_:)``) rather
    /// than on the worker threads: every interceptor from `start` on has been quick.
    let inline: Bool
    let watchdog: Watchdog
    let abandoned: AbandonedRuns
    let abandonedRunLimit: Int
    let reportRepeat: @Sendable (String) -> Void

    /// Runs the chain on `request`, whose `reportRepeatedFinish` the caller set; returns the
    /// outcome and the interceptors that ran (marks on `entries` for the first 64, a list past them).
    func run(on request: RouteRequest) async -> (Outcome, ran: InterceptorNames) {
        guard start < entries.endIndex else { return (.completed, InterceptorNames()) }
        let first = entries[start]
        // Checked here as well as on the worker: with the worker threads all held by stuck runs,
        // a worker started now could wait past its deadline for a thread, and the open would end
        // timed out instead of naming the interceptor that holds them.
        if abandoned.mayBeOverLimit(abandonedRunLimit),
           let stillRunning = abandoned.overLimit(name: first.name, phase: .applies, limit: abandonedRunLimit) {
            return (.unresponsive(name: first.name, stillRunning: stillRunning), InterceptorNames())
        }
        // The first deadline starts now, before the worker is even scheduled.
        let inline = self.inline
        let now = ClockReading.now
        let gate = GuardedGate<Outcome, Progress>(
            attachment: Progress(current: start, timeout: first.timeout, deadline: now.adding(nanoseconds: first.timeoutNanoseconds), stepStart: now,
                                 inline: inline))
        let (entries, start, abandoned, limit, reportRepeat) = (self.entries, self.start, self.abandoned, abandonedRunLimit, self.reportRepeat)
        // Captured here, on the caller's thread, as the caller made it (its `reportRepeatedFinish`
        // set): the worker copies it only when an interceptor changes it, so its values'
        // reference counts stay on one core.
        let handed = request
        let body: @Sendable () async -> Void = { [handed] in
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
            // In a box: an optional request kept in the task's frame is copied, whole, at each step.
            var changed: ChangedRequest?
            var stepStart = ClockReading.now
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
                let started = stepStart
                gate.withAttachment { progress in
                    progress.current = index
                    progress.timeout = entry.timeout
                    progress.deadline = started.adding(nanoseconds: entry.timeoutNanoseconds)
                    progress.stepStart = started
                    progress.slowSeen = false
                    progress.phase = .applies
                }
                if inline { entry.record.beganInline(at: started) }
                // Not `changed ?? handed`: that copies the whole request, field by field, every step.
                let applies = if let changed { entry.interceptor.applies(to: changed.request) } else { entry.interceptor.applies(to: handed) }
                guard applies else {
                    if let late = Self.stepEnded(entry, started: started, next: &stepStart, inline: inline) {
                        ownOutcomeTaken = gate.resolve(late)
                        return
                    }
                    continue
                }
                if let stillRunning = abandoned.overLimit(name: name, phase: .intercept, limit: limit) {
                    if inline { entry.record.endedInline() }
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
                        decision = try await entry.interceptor.intercept(changed.request)
                    } else {
                        decision = try await entry.interceptor.intercept(handed)
                    }
                } catch {
                    ownOutcomeTaken = gate.resolve(Self.stepEnded(entry, started: started, next: &stepStart, inline: inline) ?? .failed(name: name, error))
                    return
                }
                if let late = Self.stepEnded(entry, started: started, next: &stepStart, inline: inline) {
                    ownOutcomeTaken = gate.resolve(late)
                    return
                }
                switch decision {
                case .proceed:
                    continue
                case .proceedWith(var next):
                    next.responder = handed.responder
                    next.reportRepeatedFinish = reportRepeat
                    changed = ChangedRequest(next)
                case .redirect, .reject, .handled:
                    ownOutcomeTaken = gate.resolve(.decided(name: name, decision))
                    return
                }
            }
            // The gate takes the first outcome: a watchdog that fires after this one finds it
            // taken and stops watching, so the progress needs no last update.
            changed?.request.reportRepeatedFinish = nil
            ownOutcomeTaken = gate.resolve(changed.map { .completedWith($0.request) } ?? .completed)
        }
        // A chain whose interceptors have all been quick runs here, on the caller's executor,
        // until it ends or first suspends: ended, it cost no thread, no watchdog and no wait.
        // Its steps check their own deadlines meanwhile, as the watchdog would.
        if inline {
            let worker = DedicatedExecutor.startHere(body)
            if let outcome = gate.take() {
                return (outcome, gate.withAttachment { $0.ran(of: entries) })
            }
            gate.withAttachment { $0.worker = worker }
            return await wait(gate, .started(worker))
        }
        return await wait(gate, .toStart { DedicatedExecutor.start(body) })
    }

    /// Records how long a step took; for a chain that started inline, whose watchdog is not
    /// armed while it runs there, a step past its timeout ends the chain as the watchdog would.
    /// The end of a step is the start of the next: one clock read a step. Not a local function:
    /// the chain's closure would keep one in a context of its own, an allocation every open.
    private static func stepEnded(_ entry: ChainEntry, started: ClockReading, next: inout ClockReading, inline: Bool) -> Outcome? {
        next = ClockReading.now
        let late = entry.record.stepEnded(started: started, ended: next, timeoutNanoseconds: entry.timeoutNanoseconds, inline: inline)
        return inline && late ? .timedOut(name: entry.name, after: entry.timeout) : nil
    }

    /// The task running a chain: started already (inline, until it suspended), or to start
    /// once the watchdog watches it.
    private enum Worker {
        case started(Task<Void, Never>)
        case toStart(() -> Task<Void, Never>)
    }

    /// Waits for the chain under the watchdog, armed before `start` starts the worker when it
    /// starts it, so a step that blocks or spins from the first instruction still times out.
    private func wait(_ gate: GuardedGate<Outcome, Progress>, _ running: Worker) async -> (Outcome, ran: InterceptorNames) {
        let entries = self.entries
        let watch = watchdog.watch { now in
            // A chain that ended is neither slow nor late, however long its caller takes to go on.
            guard let (current, timeout, deadline, slow, inline) = gate.withAttachmentWhilePending({ progress in
                let slow = !progress.slowSeen && now.nanoseconds &- progress.stepStart.nanoseconds > StepRecord.quickStepNanoseconds
                if slow { progress.slowSeen = true }
                return (progress.current, progress.timeout, progress.deadline, slow, progress.inline)
            }) else { return true }
            if slow { entries[current].record.slow(inline: inline) }
            guard now >= deadline else { return false }
            if gate.resolve(.timedOut(name: entries[current].name, after: timeout)) { gate.withAttachment { $0.worker }?.cancel() }
            return true
        }
        let worker: Task<Void, Never>
        switch running {
        case .started(let started):
            worker = started
        case .toStart(let start):
            worker = start()
            gate.withAttachment { $0.worker = worker }
        }
        // `wait()` takes an outcome that is there already without suspending; no look before it,
        // as without a spin the chain has almost never finished by now.
        let outcome = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resolve(.cancelled)
        }
        watchdog.unwatch(watch)
        switch outcome {
        case .completed, .completedWith: break
        case .decided, .failed, .unresponsive, .timedOut, .cancelled: worker.cancel()
        }
        switch outcome {
        case .timedOut, .cancelled: watchForAbandonment(gate)
        case .completed, .completedWith, .decided, .failed, .unresponsive: break
        }
        return (outcome, gate.withAttachment { $0.ran(of: entries) })
    }

    /// After the open stopped waiting, gives the cancelled worker ``abandonmentGrace`` to
    /// end; one still inside an interceptor then is abandoned until it ends, and its own exit
    /// takes it off the count. A cooperative interceptor ends well within that, and a worker
    /// that never got to start an interceptor is never counted.
    private func watchForAbandonment(_ gate: GuardedGate<Outcome, Progress>) {
        let deadline = ClockReading.now + Self.abandonmentGrace
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

/// A request an interceptor changed, for the rest of the chain.
private final class ChangedRequest {
    var request: RouteRequest

    init(_ request: RouteRequest) { self.request = request }
}
