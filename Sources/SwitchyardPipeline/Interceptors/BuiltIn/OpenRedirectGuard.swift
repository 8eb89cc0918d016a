import SwitchyardRouting

/// Refuses `redirect=` parameters that lead outside the app: only paths and URLs the router
/// can open, and `http(s)` URLs on allow-listed hosts, pass.
///
/// Interceptor and route redirects are checked by the router itself against
/// ``PipelineSettings/allowedRedirectHosts``.
public struct OpenRedirectGuard: Interceptor {
    /// Names the interceptor in errors and events.
    public let name = "open-redirect guard"
    /// 900: after the source policy (1,000), before the other built-ins.
    public let priority = 900
    private let parameter: String
    private let isAllowed: @Sendable (String) -> Bool

    /// A guard checking every value of the `parameter` query item with `isAllowed`.
    ///
    /// - Parameters:
    ///   - parameter: the query item that carries a target, `redirect` by default.
    ///   - isAllowed: usually `router.allowsRedirect(to:)`.
    public init(parameter: String = "redirect", isAllowed: @escaping @Sendable (String) -> Bool) {
        self.parameter = parameter
        self.isAllowed = isAllowed
    }

    /// Whether the request's query has the parameter.
    public func applies(to request: RouteRequest) -> Bool { request.query[parameter] != nil }

    /// Rejects the open with `SecurityError.foreignRedirect` when any value of the parameter is not
    /// allowed; proceeds otherwise.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        for target in request.query.values(for: parameter) where !isAllowed(target) {
            return .reject(SecurityError.foreignRedirect(target))
        }
        return .proceed
    }
}
