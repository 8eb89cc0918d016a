import SwitchyardRouting

extension NavigationStep {
    /// The requests this step shows, in order: one for a show, each page of a stack, none for a step back.
    public var shownRequests: [RouteRequest] {
        switch action {
        case .show(_, _, let request): return [request]
        case .showStack(let pages), .pushStack(let pages): return pages.map(\.1)
        case .back, .selectTab: return []
        }
    }
}

extension NavigationHistory {
    /// Records each route `step` showed, in the tab it went to.
    ///
    /// A navigator calls it once the step succeeded, so every navigator (the headless one, the
    /// UIKit one) keeps the same history of the same steps.
    /// - Parameter selectedTab: the tab selected after the step, where a page with no home went.
    @MainActor
    public mutating func record(_ step: NavigationStep, selectedTab: String? = nil) {
        let tab: String? = if case .tab(let home) = step.home { home } else { selectedTab }
        for request in step.shownRequests { record(request, tab: tab) }
    }
}
