import SwitchyardPatterns
import SwitchyardRouting

/// Refuses external opens (deep links, universal links, pushes, H5 calls) of internal-only routes.
///
/// Schemes and hosts are already checked by the router (``RouterConfiguration/schemes``,
/// ``RouterConfiguration/associatedDomains``); this adds routes that only the app itself may open.
public struct SourcePolicyInterceptor: Interceptor {
    /// Names the interceptor in errors and events.
    public let name = "source policy"
    /// 1,000: the first of the built-ins.
    public let priority = 1_000
    private let internalOnly: PatternSet

    /// Refuses external opens of routes matching `patterns`.
    ///
    /// - Throws: `PatternError` when a pattern is invalid.
    /// - Parameter converters: the router's converters, when patterns use custom ones.
    public init(internalOnly patterns: [String], converters: [String: ParameterConverter] = ParameterConverter.defaultSet) throws(PatternError) {
        internalOnly = try PatternSet(patterns, converters: converters)
    }

    /// Whether the open came from outside the app: any source but `inApp`.
    public func applies(to request: RouteRequest) -> Bool { request.source != .inApp }

    /// Rejects the open with `SecurityError.internalOnly` when its route matches an internal-only
    /// pattern; proceeds otherwise.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        PolicyPath.with(request) { path, request in decision(for: request, path: path) }
    }

    var callsAppCode: Bool { internalOnly.callsAppCode }

    func decision(for request: RouteRequest, path: PolicyPath) -> InterceptorDecision {
        guard let pattern = internalOnly.match(path) else { return .proceed }
        return .reject(SecurityError.internalOnly(pattern: pattern, source: request.source))
    }
}
