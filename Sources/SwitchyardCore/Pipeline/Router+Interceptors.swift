extension Router {
    enum InterceptResult {
        case proceed
        case redirect(String)
        case stop(OpenResult.Outcome)
    }

    /// Runs the global and the route's interceptors, higher priority first, ties in the order
    /// they were added (global ones before the route's).
    ///
    /// Built-in policies decide inline, in order, while their decision is library code
    /// (``InlineInterceptor``); from the first interceptor that is the app's, or a built-in that
    /// needs the app's code, the rest of the chain runs on the worker threads under its
    /// deadlines, never on the caller's thread. A chain decided inline makes no task and
    /// arms no watchdog.
    func intercept(_ request: inout RouteRequest, route: RouteTarget, trace: inout Trace) async -> InterceptResult {
        let global = hooks.withLock { $0.interceptors }
        let ordered = route.interceptors.isEmpty ? global : (global + route.interceptors.map(ChainEntry.init)).enumerated()
            .sorted { lhs, rhs in
                let (left, right) = (lhs.element.interceptor.priority, rhs.element.interceptor.priority)
                return left != right ? left > right : lhs.offset < rhs.offset
            }
            .map(\.element)
        guard !ordered.isEmpty else { return .proceed }
        // As the worker checks before each interceptor: an open cancelled by now goes no further
        // (and uses up no one-time link).
        if Task.isCancelled { return .stop(.rejected(.cancelled)) }
        let limit = settings.abandonedRunLimit
        var start = ordered.startIndex
        inline: while start < ordered.endIndex, let inline = ordered[start].inline {
            // A built-in whose app code (on the worker) is stuck past the limit is not started
            // inline either: the same outcome as on the worker.
            if let stillRunning = abandonedRuns.overLimit(name: inline.name, phase: .applies, limit: limit) {
                return result(of: .unresponsive(name: inline.name, stillRunning: stillRunning), request: &request)
            }
            let decided = inline.decideInline(request)
            if case .decided = decided, let stillRunning = abandonedRuns.overLimit(name: inline.name, phase: .intercept, limit: limit) {
                return result(of: .unresponsive(name: inline.name, stillRunning: stillRunning), request: &request)
            }
            switch decided {
            case .notApplicable:
                start += 1
            case .needsWorker:
                break inline
            case .decided(let decision):
                if trace.interceptors.isEmpty { trace.interceptors.reserveCapacity(ordered.count) }
                trace.interceptors.append(inline.name)
                switch decision {
                case .proceed:
                    start += 1
                case .proceedWith(var changed):
                    changed.responder = request.responder
                    request = changed
                    start += 1
                case .redirect, .reject, .handled:
                    return result(of: .decided(name: inline.name, decision), request: &request)
                }
            }
        }
        guard start < ordered.endIndex else { return .proceed }
        chainsOnWorker.wrappingIncrement(ordering: .relaxed)
        let chain = InterceptorChain(
            interceptors: ordered[start...], watchdog: watchdog, abandoned: abandonedRuns,
            abandonedRunLimit: settings.abandonedRunLimit, reportRepeat: reportRepeatedFinish
        )
        let (outcome, ran) = await chain.run(on: request)
        // Taking the worker's list as it is, when nothing ran inline, saves copying it.
        if trace.interceptors.isEmpty { trace.interceptors = ran } else { trace.interceptors += ran }
        return result(of: outcome, request: &request)
    }

    private func result(of outcome: InterceptorChain.Outcome, request: inout RouteRequest) -> InterceptResult {
        switch outcome {
        case .completed(let changed):
            if let changed { request = changed }
            return .proceed
        case .decided(_, .redirect(let target)):
            return .redirect(target)
        case .decided(let name, .reject(let error)):
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
