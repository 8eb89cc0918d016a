/// Requires a valid signature for some routes or schemes.
///
/// ```swift
/// router.addInterceptor(try SignedLinkInterceptor(signer: signer, routes: ["/coupon/*"]))
/// ```
public struct SignedLinkInterceptor: Interceptor {
    public let name = "signed links"
    public let priority = 950
    private let signer: LinkSigner
    private let routes: PatternSet
    private let schemes: Set<String>

    public init(signer: LinkSigner, routes: [String] = [], schemes: Set<String> = []) throws(PatternError) {
        self.signer = signer
        self.routes = try PatternSet(routes)
        self.schemes = Set(schemes.map { $0.lowercased() })
    }

    public func applies(to request: RouteRequest) -> Bool {
        request.scheme.map(schemes.contains) == true || routes.contains(request)
    }

    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        do {
            try signer.verify(request.url)
            return .proceed
        } catch {
            return .reject(error)
        }
    }
}
