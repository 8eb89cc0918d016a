import Atomics
import SwitchyardRouting
import SwitchyardSupport

extension Router {
    enum InterceptResult {
        case proceed
        case redirect(String)
        case stop(OpenResult.Outcome)
    }

    /// The global and the route's interceptors, higher priority first, ties in the order they
    /// were added (global ones before the route's).
    func interceptors(of route: RouteTarget) -> [ChainEntry] {
        if route.entries.isEmpty, globalInterceptorCount.load(ordering: .acquiring) == 0 { return [] }
        let global = hooks.withLock { $0.interceptors }
        guard !route.entries.isEmpty else { return global }
        return (global + route.entries).enumerated()
            .sorted { lhs, rhs in
                let (left, right) = (lhs.element.interceptor.priority, rhs.element.interceptor.priority)
                return left != right ? left > right : lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    /// Runs `ordered`, the open's ``interceptors(of:)``.
    ///
    /// Built-in policies decide inline, in order, while their decision is library code
    /// (``InlineInterceptor``); from the first interceptor that is the app's, or a built-in that
    /// needs the app's code, the rest of the chain runs under its deadlines: on the worker
    /// threads, or, when every interceptor left has been quick (``StepRecord``), on the
    /// executor `open` runs on until it ends or first suspends. A chain decided inline makes
    /// no task and arms no watchdog.
    func intercept(_ request: inout RouteRequest, chain ordered: [ChainEntry], trace: inout Trace) async -> InterceptResult {
        guard !ordered.isEmpty else { return .proceed }
        // As the worker checks before each interceptor: an open cancelled by now goes no further
        // (and uses up no one-time link).
        if Task.isCancelled { return .stop(.rejected(.cancelled)) }
        trace.interceptors.beginChain()
        var start = ordered.startIndex
        // Built-ins that decide inline and quick interceptors out of probation, in turn, with
        // no task; the chain takes the rest from the first that is neither.
        while start < ordered.endIndex {
            let before = start
            if ordered[start].inline != nil, let stopped = decideInline(ordered, from: &start, request: &request, trace: &trace) {
                return stopped
            }
            if start < ordered.endIndex, ordered[start].quick != nil, let stopped = decideQuick(ordered, from: &start, request: &request, trace: &trace) {
                return stopped
            }
            if start == before { break }
        }
        guard start < ordered.endIndex else { return .proceed }
        let inline = DedicatedExecutor.startsHere && ordered[start...].allSatisfy { $0.record.startsInline }
        (inline ? chainsInline : chainsOnWorker).wrappingIncrement(ordering: .relaxed)
        let chain = InterceptorChain(
            entries: ordered, start: start, inline: inline, watchdog: watchdog, abandoned: abandonedRuns,
            abandonedRunLimit: settings.abandonedRunLimit, reportRepeat: reportRepeatedFinish
        )
        // Set on the request itself for the chain, and taken off after: a copy with it set
        // would copy every part of the request.
        request.reportRepeatedFinish = reportRepeatedFinish
        let (outcome, ran) = await chain.run(on: request)
        request.reportRepeatedFinish = nil
        trace.interceptors.append(ran)
        return result(of: outcome, request: &request, trace: &trace)
    }

    /// Runs the built-ins from `start` on, in order, while their decision is library code; leaves
    /// `start` at the first interceptor for the worker. The path is split once per request the
    /// built-ins see, not once per built-in. Returns the result when one of them decided the open.
    private func decideInline(
        _ ordered: [ChainEntry], from start: inout Int, request: inout RouteRequest, trace: inout Trace
    ) -> InterceptResult? {
        let limit = settings.abandonedRunLimit
        // A built-in whose app code (on the worker) is stuck past the limit is not started inline
        // either: the same outcome as on the worker. Almost always none is, and one load says so.
        let mayBeStuck = abandonedRuns.mayBeOverLimit(limit)
        while true {
            // The request comes back into the closure as a parameter: borrowed, where capturing
            // it would copy all of its fields for every built-in.
            let step: InlineStep = PolicyPath.with(request) { path, request in
                while start < ordered.endIndex, let inline = ordered[start].inline {
                    let name = ordered[start].name
                    if mayBeStuck, let stillRunning = abandonedRuns.overLimit(name: name, phase: .applies, limit: limit) {
                        return .outcome(.unresponsive(name: name, stillRunning: stillRunning))
                    }
                    let decided = inline.interceptor.decideInline(request, path: path)
                    if mayBeStuck, case .decided = decided,
                       let stillRunning = abandonedRuns.overLimit(name: name, phase: .intercept, limit: limit) {
                        return .outcome(.unresponsive(name: name, stillRunning: stillRunning))
                    }
                    switch decided {
                    case .notApplicable:
                        start += 1
                    case .needsWorker:
                        return .goOn
                    case .decided(let decision):
                        trace.interceptors.mark(start, of: ordered)
                        start += 1
                        switch decision {
                        case .proceed:
                            continue
                        case .proceedWith(var changed):
                            changed.responder = request.responder
                            return .changed(changed)
                        case .redirect, .reject, .handled:
                            return .outcome(.decided(name: name, decision))
                        }
                    }
                }
                return .goOn
            }
            switch step {
            case .goOn: return nil
            case .changed(let changed): request = changed // the next built-ins see it, split anew
            case .outcome(let outcome): return result(of: outcome, request: &request, trace: &trace)
            }
        }
    }

    /// Runs the quick interceptors from `start` on, while each is out of probation
    /// (``StepRecord``), where `open` runs, with no task: a synchronous step cannot suspend,
    /// so only its time is watched, step by step. Leaves `start` at the first interceptor for
    /// the chain; returns the result when one of them decided the open.
    private func decideQuick(
        _ ordered: [ChainEntry], from start: inout Int, request: inout RouteRequest, trace: inout Trace
    ) -> InterceptResult? {
        // A run of any interceptor stuck past the limit: the chain checks each step's.
        guard !abandonedRuns.mayBeOverLimit(settings.abandonedRunLimit) else { return nil }
        while start < ordered.endIndex, let quick = ordered[start].quick, ordered[start].record.startsInline {
            let entry = ordered[start]
            let started = ClockReading.now
            entry.record.beganInline(at: started)
            var outcome: InterceptorChain.Outcome?
            if quick.interceptor.applies(to: request) {
                trace.interceptors.mark(start, of: ordered)
                do {
                    switch try quick.interceptor.decide(request) {
                    case .proceed:
                        break
                    case .proceedWith(var changed):
                        changed.responder = request.responder
                        request = changed
                    case let decision:
                        outcome = .decided(name: entry.name, decision)
                    }
                } catch {
                    outcome = .failed(name: entry.name, error)
                }
            }
            let late = entry.record.stepEnded(started: started, ended: .now, timeoutNanoseconds: entry.timeoutNanoseconds, inline: true)
            start += 1
            if late { return result(of: .timedOut(name: entry.name, after: entry.timeout), request: &request, trace: &trace) }
            if let outcome { return result(of: outcome, request: &request, trace: &trace) }
        }
        return nil
    }

    private enum InlineStep {
        /// Nothing final was decided: the chain goes on from `start`, on the worker if any is left.
        case goOn
        indirect case changed(RouteRequest) // rare; the others stay a few words
        case outcome(InterceptorChain.Outcome)
    }

    private func result(of outcome: InterceptorChain.Outcome, request: inout RouteRequest, trace: inout Trace) -> InterceptResult {
        switch outcome {
        case .completed:
            return .proceed
        case .completedWith(let changed):
            request = changed
            return .proceed
        case .decided(_, .redirect(let target)):
            return .redirect(target)
        case .decided(let name, .reject(let error)):
            if let chosen = error as? any CallerFacingError { trace.failureForCallers = CallerFacingFailure(chosen) }
            return .stop(.rejected(.rejected(by: name, reason: "\(error)")))
        case .decided(let name, .handled):
            return .stop(.handled(by: name))
        case .decided(_, .proceed), .decided(_, .proceedWith):
            return .proceed // the chain only stops on the decisions above
        case .failed(let name, let error):
            return .stop(.rejected(.interceptorFailed(name: name, reason: "\(error)")))
        case .timedOut(let name, let timeout):
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            return .stop(.rejected(.interceptorTimedOut(name: name, seconds: seconds)))
        case .unresponsive(let name, let stillRunning):
            return .stop(.rejected(.interceptorUnresponsive(name: name, stillRunning: stillRunning)))
        case .cancelled:
            return .stop(.rejected(.cancelled))
        }
    }
}
