import SwitchyardRouting

/// Receives a record of every page open.
public protocol PageTracker: Sendable {
    func trackOpen(url: String, pattern: String?, source: RouteSource)
}

/// Reports each open to a tracker without delaying or failing it: the tracker runs in its own task.
public struct AnalyticsInterceptor: Interceptor {
    public let name = "analytics"
    /// Runs last, after anything that could still redirect or reject.
    public let priority = Int.min
    private let tracker: any PageTracker

    public init(tracker: any PageTracker) { self.tracker = tracker }

    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        track(request)
        return .proceed
    }

    func track(_ request: RouteRequest) {
        let tracker = self.tracker
        let (url, pattern, source) = (request.url, request.pattern?.description, request.source)
        Task.detached { tracker.trackOpen(url: url, pattern: pattern, source: source) }
    }
}
