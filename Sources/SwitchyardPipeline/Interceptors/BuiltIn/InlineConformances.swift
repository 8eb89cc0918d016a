import SwitchyardRouting

// Each built-in's inline decision: what it can decide on the caller's thread; see `InlineInterceptor`.

extension SourcePolicyInterceptor: InlineInterceptor {
    package func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision {
        guard applies(to: request) else { return .notApplicable }
        return callsAppCode ? .needsWorker : .decided(decision(for: request, path: path))
    }
}

extension SignedLinkInterceptor: InlineInterceptor {
    package func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision {
        if callsAppCode { return .needsWorker }
        guard applies(to: request, path: path) else { return .notApplicable }
        return .decided(decision(for: request))
    }
}

extension LoginInterceptor: InlineInterceptor {
    /// Whether the route is protected is decided here; whether the user is logged in is the app's.
    package func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision {
        if callsAppCode { return .needsWorker }
        return applies(to: path) ? .needsWorker : .notApplicable
    }
}

extension ABTestInterceptor: InlineInterceptor {
    /// A request in no experiment goes on unchanged; one in an experiment needs the app's user id.
    package func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision {
        callsAppCode || inAnyExperiment(path) ? .needsWorker : .decided(.proceed)
    }
}

extension DegradeInterceptor: InlineInterceptor {
    /// Every rule but a warning, whose handler is the app's, is decided here.
    package func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision {
        inlineDecision(for: path).map(InlineDecision.decided) ?? .needsWorker
    }
}

extension AnalyticsInterceptor: InlineInterceptor {
    /// The tracker is the app's, and runs in a task of its own, never inline.
    package func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision {
        track(request)
        return .decided(.proceed)
    }
}

extension OpenRedirectGuard: InlineInterceptor {
    /// The check of a target is the app's closure: only a request without one is decided here.
    package func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision {
        applies(to: request) ? .needsWorker : .notApplicable
    }
}
