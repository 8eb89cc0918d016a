import SwitchyardRouting

extension NavigationStep {
    /// The requests this step shows, in order: one for a show, each page of a stack, none for a step back.
    public var shownRequests: [RouteRequest] {
        switch action {
        case .show(_, _, let request): return [request]
        case .showStack(let pages): return pages.map(\.1)
        case .back, .selectTab: return []
        }
    }
}

extension NavigationHistory {
    /// Records each route `step` showed.
    ///
    /// A navigator calls it once the step succeeded, so every navigator (the headless one, the
    /// UIKit one) keeps the same history of the same steps.
    @MainActor
    public mutating func record(_ step: NavigationStep) {
        for request in step.shownRequests { record(request) }
    }
}
