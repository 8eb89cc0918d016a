import SwitchyardPatterns
import SwitchyardRouting

/// Requires a valid signature for some routes or schemes.
///
/// ```swift
/// router.addInterceptor(try SignedLinkInterceptor(signer: signer, routes: ["/coupon/*"]))
/// ```
public struct SignedLinkInterceptor: Interceptor {
    /// Names the interceptor in errors and events.
    public let name = "signed links"
    /// 950 unless given at init.
    public let priority: Int
    private let signer: LinkSigner
    private let routes: PatternSet
    /// Lowercased; a list, as there are few and comparing beats hashing on every open.
    private let schemes: [String]

    /// Requires `signer`'s signature on URLs with one of `schemes` (compared lowercased) and on
    /// opens of `routes`.
    ///
    /// - Throws: `PatternError` when a route pattern is invalid.
    /// - Parameters:
    ///   - converters: the router's converters, when patterns use custom ones.
    ///   - priority: 950 by default, before login; give one-time links to login-protected
    ///     routes a priority below the ``LoginInterceptor``'s (500), so a link is used up only
    ///     when it opens, not when it sends the user to log in first.
    public init(
        signer: LinkSigner, routes: [String] = [], schemes: Set<String> = [],
        converters: [String: ParameterConverter] = ParameterConverter.defaultSet, priority: Int = 950
    ) throws(PatternError) {
        self.signer = signer
        self.priority = priority
        self.routes = try PatternSet(routes, converters: converters)
        self.schemes = Array(Set(schemes.map { $0.lowercased() }))
    }

    /// Whether the URL's scheme is a signed one or its route matches a signed pattern.
    public func applies(to request: RouteRequest) -> Bool {
        PolicyPath.with(request) { path, request in applies(to: request, path: path) }
    }

    func applies(to request: RouteRequest, path: PolicyPath) -> Bool {
        request.scheme.map(schemes.contains) == true || routes.contains(path)
    }

    /// Proceeds when the signer verifies the URL (using up a one-time link); otherwise rejects the
    /// open with the signer's error.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        decision(for: request)
    }

    var callsAppCode: Bool { routes.callsAppCode }

    func decision(for request: RouteRequest) -> InterceptorDecision {
        do {
            try signer.verify(request.url)
            return .proceed
        } catch {
            return .reject(error)
        }
    }
}
