import SwitchyardRouting

/// Runs before a route is performed and decides whether the open goes on.
///
/// Interceptors run in priority order (higher first; ties in registration order), global
/// ones and a route's own together. Each first says whether it ``applies(to:)``, then
/// returns a decision. One that does not finish within ``timeout`` fails the open with
/// ``OpenError/interceptorTimedOut(name:seconds:)``, even if it never returns.
///
/// ```swift
/// struct RequireLogin: Interceptor {
///     let session: Session
///     func applies(to request: RouteRequest) -> Bool { request.pattern?.description.hasPrefix("/order") == true }
///     func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
///         await session.isLoggedIn ? .proceed : .redirect("/login?redirect=\(request.url)")
///     }
/// }
/// ```
public protocol Interceptor: Sendable {
    /// Names the interceptor in errors and events; defaults to the type name. Read once, when
    /// the interceptor is added (the default one otherwise costs a type-name lookup per open).
    var name: String { get }
    /// Higher runs first. Default 0.
    var priority: Int { get }
    /// How long ``intercept(_:)`` may take. Default 10 seconds. Read once, when the interceptor is added.
    var timeout: Duration { get }
    /// Whether to run for this request. Default `true`.
    func applies(to request: RouteRequest) -> Bool
    /// Decides what happens to the open.
    func intercept(_ request: RouteRequest) async throws -> InterceptorDecision
}

extension Interceptor {
    /// Default: the type's name.
    public var name: String { String(describing: type(of: self)) }
    /// Default: 0.
    public var priority: Int { 0 }
    /// Default: 10 seconds.
    public var timeout: Duration { .seconds(10) }
    /// Default: `true`, for every request.
    public func applies(to request: RouteRequest) -> Bool { true }
}

/// What an interceptor decided.
public enum InterceptorDecision: Sendable {
    /// Go on, with the request unchanged.
    case proceed
    /// Go on with a changed request (extra parameters, say).
    ///
    /// Indirect, so that a decision is a few words: every built-in returns one on every open,
    /// and only this case carries a whole request.
    indirect case proceedWith(RouteRequest)
    /// Open this URL instead; the chain is kept and loops are stopped.
    case redirect(String)
    /// Stop and fail the open with this error.
    case reject(any Error)
    /// Stop: the interceptor took care of the open itself.
    case handled
}
