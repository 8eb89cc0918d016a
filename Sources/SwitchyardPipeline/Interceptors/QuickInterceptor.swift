import SwitchyardRouting

/// An interceptor whose decision is synchronous: a check of the request, a flag, a count.
///
/// It is an ``Interceptor`` like any other (priority, timeout, ``Interceptor/applies(to:)``),
/// and starts on the library's threads. Once its steps have been quick 16 times in a row, each
/// within a millisecond, the router calls ``decide(_:)`` where `open` runs, with no task at all:
/// an open through five of them costs about what an open through none does. Being synchronous,
/// it cannot suspend, so no task is needed to keep its timeout; a step that blocks or spins
/// sends it back to the library's threads (three times: for good), and holds the one open that
/// ran it until it returns, which then ends as its timeout says. An interceptor that must
/// await (a keychain read, a network check) stays an ``Interceptor``.
///
/// ```swift
/// struct Maintenance: QuickInterceptor {
///     let flags: FeatureFlags
///     func decide(_ request: RouteRequest) throws -> InterceptorDecision {
///         flags.isOn("checkout-maintenance") ? .redirect("/maintenance") : .proceed
///     }
/// }
/// ```
public protocol QuickInterceptor: Interceptor {
    /// Decides what happens to the open, at once.
    func decide(_ request: RouteRequest) throws -> InterceptorDecision
}

extension QuickInterceptor {
    /// ``decide(_:)``, on the library's threads while the interceptor is on probation.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        try decide(request)
    }
}

/// The quick interceptor behind a ``ChainEntry``, by reference.
final class QuickEntry: Sendable {
    let interceptor: any QuickInterceptor

    init(_ interceptor: any QuickInterceptor) {
        self.interceptor = interceptor
    }
}
