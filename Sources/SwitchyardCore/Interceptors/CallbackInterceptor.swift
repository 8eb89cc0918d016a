/// An interceptor written in callback style, as ARouter's are: call `finish` exactly once.
///
/// Calling `finish` a second time is reported through the router's log and ignored; never
/// calling it is a timeout, not a hang.
///
/// ```swift
/// let interceptor = CallbackInterceptor(name: "consent", priority: 5) { request, finish in
///     consentDialog.ask { granted in finish(granted ? .proceed : .reject(ConsentDenied())) }
/// }
/// ```
public struct CallbackInterceptor: Interceptor {
    public typealias Finish = @Sendable (InterceptorDecision) -> Void

    public let name: String
    public let priority: Int
    public let timeout: Duration
    private let appliesTo: @Sendable (RouteRequest) -> Bool
    private let body: @Sendable (RouteRequest, @escaping Finish) -> Void

    public init(
        name: String,
        priority: Int = 0,
        timeout: Duration = .seconds(10),
        appliesTo: @escaping @Sendable (RouteRequest) -> Bool = { _ in true },
        body: @escaping @Sendable (RouteRequest, @escaping Finish) -> Void
    ) {
        self.name = name
        self.priority = priority
        self.timeout = timeout
        self.appliesTo = appliesTo
        self.body = body
    }

    public func applies(to request: RouteRequest) -> Bool { appliesTo(request) }

    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        let finished = Locked(false)
        let name = self.name
        let reportRepeat = request.reportRepeatedFinish
        return await withCheckedContinuation { continuation in
            body(request) { decision in
                let isFirst = finished.withLock { done in
                    defer { done = true }
                    return !done
                }
                if isFirst {
                    continuation.resume(returning: decision)
                } else {
                    reportRepeat?(name)
                }
            }
        }
    }
}
