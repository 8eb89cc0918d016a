/// Thrown by a page's or an action's handler to say "not mine": the router passes the URL to
/// the next route that matches it, in precedence order (JLRoutes' handler returning `NO`).
///
/// ```swift
/// try router.action("/share/:target") { request in
///     guard request.string("target") == "wechat" else { throw RouteDeclined("only WeChat shares here") }
///     shareToWeChat(request)
/// }
/// ```
///
/// Each route that declines is listed in ``OpenResult/declined``; when every route that
/// matches declines, the open ends as ``OpenResult/Outcome/notFound(_:)``. The next route's
/// open passes the interceptors again, for its own request.
public struct RouteDeclined: Error, Equatable, Sendable {
    /// Why, for the trace; optional.
    public let reason: String?

    /// A decline, with an optional reason.
    public init(_ reason: String? = nil) {
        self.reason = reason
    }
}
