/// Runs the interceptors of one open in one worker task, under the router's watchdog.
///
/// The open waits on a ``Gate`` that the first of these resolves: the worker (a decision,
/// an error, or the end of the chain), the watchdog (the current interceptor's timeout), or
/// the caller's cancellation. So an interceptor that never returns, even one that ignores
/// cancellation, cannot hold the open past its timeout; and the chain costs one task, not
/// one per interceptor.
struct InterceptorChain {
    enum Outcome: Sendable {
        /// Every interceptor let the open through; the request may have been changed.
        case completed(RouteRequest)
        case decided(name: String, InterceptorDecision)
        case failed(name: String, any Error)
        case timedOut(name: String, after: Duration)
        case cancelled
    }

    /// What the watchdog needs to know about the running chain.
    private struct Progress {
        var ran: [String] = []
        var current: (name: String, timeout: Duration, deadline: ContinuousClock.Instant)?
    }

    let interceptors: [any Interceptor]
    let watchdog: Watchdog
    let reportRepeat: @Sendable (String) -> Void

    /// Runs the chain; returns the outcome and the names of the interceptors that ran.
    func run(on request: RouteRequest) async -> (Outcome, ran: [String]) {
        let gate = Gate<Outcome>()
        let progress = Locked(Progress())
        let interceptors = self.interceptors
        let reportRepeat = self.reportRepeat
        let work: @Sendable () async -> Void = {
            var request = request
            request.reportRepeatedFinish = reportRepeat
            for interceptor in interceptors where interceptor.applies(to: request) {
                if Task.isCancelled { return }
                let name = interceptor.name
                progress.withLock {
                    $0.ran.append(name)
                    $0.current = (name, interceptor.timeout, ContinuousClock.now + interceptor.timeout)
                }
                let decision: InterceptorDecision
                do {
                    decision = try await interceptor.intercept(request)
                } catch {
                    gate.resolve(.failed(name: name, error))
                    return
                }
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
        // Started immediately where available: interceptors that decide without suspending
        // then finish on this thread, and the open waits for nothing.
        let worker: Task<Void, Never>
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            worker = Task.immediate { await work() }
        } else {
            worker = Task { await work() }
        }
        // Nothing to watch when the chain already finished on this thread.
        let watch = gate.isResolved ? nil : watchdog.watch { now in
            guard let current = progress.withLock({ $0.current }) else { return false }
            guard now >= current.deadline else { return false }
            if gate.resolve(.timedOut(name: current.name, after: current.timeout)) { worker.cancel() }
            return true
        }
        let outcome = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resolve(.cancelled)
        }
        if let watch { watchdog.unwatch(watch) }
        if case .completed = outcome {} else { worker.cancel() }
        return (outcome, progress.withLock { $0.ran })
    }
}
