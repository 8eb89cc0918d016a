import SwitchyardRouting
import SwitchyardSupport

extension Router {
    /// What one open went through: the URLs in order, and the interceptors that ran.
    struct Trace {
        let first: String
        /// When the open arrived: the duplicate guard's time, also for an open that waited for readiness.
        let arrived: ClockReading
        /// Whether the duplicate guard has looked at the open: once, at its first route.
        var checkedDuplicate = false
        /// What a failing route chose to tell callers outside the app.
        var failureForCallers: CallerFacingFailure?
        /// Kept apart from `first`, so an open that is not redirected allocates no list.
        var redirects: [String] = []
        var interceptors = InterceptorNames()
        /// The routes whose handlers declined the current URL: later resolves of that URL pass
        /// over them. A decline applies to the URL it declined, so a redirect starts anew.
        var declinedRoutes: DeclinedRoutes?
        /// Every decline of the open, as text, for the result.
        var declined: [String] = []

        var chain: [String] { [first] + redirects }

        /// Records that the handler of `route` declined the current URL.
        mutating func decline(_ route: Route<RouteTarget>, _ reason: String?) {
            if declinedRoutes == nil { declinedRoutes = DeclinedRoutes() }
            declinedRoutes?.decline(route.id)
            declined.append(route.pattern + (reason.map { " (\($0))" } ?? ""))
        }

        /// Records that the open moves on to `target`: the routes that declined the URL it
        /// leaves may take the new one.
        mutating func redirect(to target: String) {
            redirects.append(target)
            declinedRoutes = nil
        }
    }

    /// The name of the duplicate guard in ``OpenResult/Outcome/handled(by:)``.
    static let duplicateGuard = "duplicate guard"

    /// Whether the open repeats one of the same caller's within the window, asked the first time
    /// the open reaches a route (or none); recorded then. Never for a replay or a restore.
    func isDuplicate(
        _ url: String, options: OpenOptions, parameters: [String: any Sendable], source: RouteSource, trace: inout Trace
    ) -> Bool {
        guard options.checksDuplicates, !trace.checkedDuplicate, trace.redirects.isEmpty else { return false }
        trace.checkedDuplicate = true
        guard settings.duplicateWindow > .zero else { return false }
        let key = DuplicateGuard.key(url: url, caller: options.caller ?? RouteCaller(source: source), source: source, scene: options.scene,
                                     parameters: parameters, callerParameters: options.callerParameters)
        return isDuplicate(key, at: trace.arrived)
    }

    /// What makes two requests the same stop on a redirect chain: the route, the values its
    /// segments took (decoded) and the query (sorted), however the URL was spelled; as the route
    /// matched them, before any interceptor changed the request.
    struct RedirectStop {
        let route: RouteID
        let pathParameters: RouteParameters
        let remainder: [String]?
        let query: RouteParameters

        init(_ match: RouteMatch<RouteTarget>) {
            route = match.route.id
            pathParameters = match.request.pathParameters
            remainder = match.request.remainder
            query = match.request.query
        }

        var key: String {
            var key = "\(route.rawValue)"
            for item in pathParameters.items { key += "\u{0}" + item.name + "=" + item.value }
            key += "\u{1}" + (remainder ?? []).joined(separator: "/")
            for item in query.items.sorted(by: { ($0.name, $0.value) < ($1.name, $1.value) }) {
                key += "\u{0}" + item.name + "=" + item.value
            }
            return key
        }
    }
}
