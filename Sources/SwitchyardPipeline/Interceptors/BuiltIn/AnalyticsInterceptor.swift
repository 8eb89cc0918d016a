import SwitchyardRouting

/// Receives a record of every page open.
public protocol PageTracker: Sendable {
    /// Records one open: the URL as opened, the matched pattern (`nil` if none) and its source.
    ///
    /// Called in a detached task of its own, so it can neither delay nor fail the open.
    func trackOpen(url: String, pattern: String?, source: RouteSource)
}

/// Reports each open to a tracker without delaying or failing it: the tracker runs in its own task.
public struct AnalyticsInterceptor: Interceptor {
    /// Names the interceptor in errors and events.
    public let name = "analytics"
    /// Runs last, after anything that could still redirect or reject.
    public let priority = Int.min
    private let tracker: any PageTracker

    /// Reports every open it sees to `tracker`.
    public init(tracker: any PageTracker) { self.tracker = tracker }

    /// Hands the open to the tracker in a task of its own and proceeds at once.
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
