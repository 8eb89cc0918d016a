extension Router {
    enum InterceptResult {
        case proceed
        case redirect(String)
        case stop(OpenResult.Outcome)
    }

    /// Runs the global and the route's interceptors, higher priority first, ties in the order
    /// they were added (global ones before the route's).
    func intercept(_ request: inout RouteRequest, route: RouteTarget, trace: inout Trace) async -> InterceptResult {
        let global = hooks.withLock { $0.interceptors }
        let ordered = route.interceptors.isEmpty ? global : (global + route.interceptors).enumerated()
            .sorted { $0.element.priority != $1.element.priority ? $0.element.priority > $1.element.priority : $0.offset < $1.offset }
            .map(\.element)
        // Without interceptors: no task, no watchdog. With any, even `applies(to:)` runs on
        // the chain's own queue under its deadline, never on the caller's thread.
        guard !ordered.isEmpty else { return .proceed }
        let logger = configuration.logger
        let chain = InterceptorChain(
            interceptors: ordered, watchdog: watchdog, abandoned: abandonedRuns, abandonedRunLimit: settings.abandonedRunLimit
        ) { name in
            logger.warning("interceptor \(DisplaySafe.text(name)) finished more than once; the later decision was ignored")
        }
        let (outcome, ran) = await chain.run(on: request)
        trace.interceptors += ran
        switch outcome {
        case .completed(let changed):
            request = changed
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
