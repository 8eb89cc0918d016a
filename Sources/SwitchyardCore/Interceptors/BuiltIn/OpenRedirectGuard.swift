/// Refuses `redirect=` parameters that lead outside the app: only paths and URLs the router
/// can open, and `http(s)` URLs on allow-listed hosts, pass.
///
/// Interceptor and route redirects are checked by the router itself against
/// ``PipelineSettings/allowedRedirectHosts``.
public struct OpenRedirectGuard: Interceptor {
    public let name = "open-redirect guard"
    public let priority = 900
    private let parameter: String
    private let isAllowed: @Sendable (String) -> Bool

    /// - Parameters:
    ///   - parameter: the query item that carries a target, `redirect` by default.
    ///   - isAllowed: usually `router.allowsRedirect(to:)`.
    public init(parameter: String = "redirect", isAllowed: @escaping @Sendable (String) -> Bool) {
        self.parameter = parameter
        self.isAllowed = isAllowed
    }

    public func applies(to request: RouteRequest) -> Bool { request.query[parameter] != nil }

    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        for target in request.query.values(for: parameter) where !isAllowed(target) {
            return .reject(SecurityError.foreignRedirect(target))
        }
        return .proceed
    }
}

extension Router {
    /// Whether a redirect to `target` stays inside the app: a route the router can open that
    /// is not an `http(s)` URL on a foreign host, or an `http(s)` URL on an allowed host.
    public func allowsRedirect(to target: String) -> Bool {
        let lowered = target.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            let afterScheme = lowered.drop { $0 != "/" }.dropFirst(2)
            let host = String(afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" })
            return configuration.associatedDomains.contains(host) || settings.allowedRedirectHosts.contains(host)
        }
        if lowered.hasPrefix("//") { return false }
        return canOpen(target)
    }
}
