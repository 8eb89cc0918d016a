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
        let ordered = (global + route.interceptors).enumerated()
            .sorted { $0.element.priority != $1.element.priority ? $0.element.priority > $1.element.priority : $0.offset < $1.offset }
            .map(\.element)
        let logger = configuration.logger
        let reportRepeat: @Sendable (String) -> Void = { name in
            logger.warning("interceptor \(name) finished more than once; the later decision was ignored")
        }
        for interceptor in ordered where interceptor.applies(to: request) {
            let name = interceptor.name
            trace.interceptors.append(name)
            switch await InterceptorRunner.run(interceptor, on: request, reportRepeat: reportRepeat) {
            case .decided(.proceed):
                continue
            case .decided(.proceedWith(var changed)):
                changed.responder = request.responder
                request = changed
            case .decided(.redirect(let target)):
                return .redirect(target)
            case .decided(.reject(let error)):
                return .stop(.rejected(.rejected(by: name, reason: "\(error)")))
            case .decided(.handled):
                return .stop(.handled(by: name))
            case .failed(let error):
                return .stop(.rejected(.interceptorFailed(name: name, reason: "\(error)")))
            case .timedOut:
                let seconds = Double(interceptor.timeout.components.seconds) + Double(interceptor.timeout.components.attoseconds) / 1e18
                return .stop(.rejected(.interceptorTimedOut(name: name, seconds: seconds)))
            case .cancelled:
                return .stop(.rejected(.cancelled))
            }
        }
        return .proceed
    }
}
