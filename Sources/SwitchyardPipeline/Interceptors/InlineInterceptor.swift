import SwitchyardRouting
import SwitchyardSupport

/// What a built-in interceptor can decide on the caller's thread, without running app code.
package enum InlineDecision {
    /// It does not apply to this request (its `applies(to:)` is false).
    case notApplicable
    /// It applies and decided; nothing more of it runs.
    case decided(InterceptorDecision)
    /// Its decision needs app code (a login state, a user id, a warning handler): it runs on
    /// the chain's worker under its timeout, with every interceptor after it.
    case needsWorker
}

/// A built-in interceptor whose decision is library code bounded by the input limits
/// (pattern sets, an HMAC, a dictionary look-up), so it cannot block or spin and may run
/// inline on the thread that called `open`, with no task and no watchdog.
///
/// Internal on purpose: app code cannot conform, so an app's interceptor never runs on the
/// caller's thread. A built-in that would call app code (including a custom converter in one
/// of its patterns) answers ``InlineDecision/needsWorker`` instead, and the chain goes to the
/// worker from there on, in the same order.
package protocol InlineInterceptor: Interceptor {
    /// - Parameter path: the request's path, split once for every built-in of the open.
    func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision
}

/// One interceptor of a chain, made once when it is added: held by reference, so an open
/// reads it without copying the interceptor out of its existential box, with its name read
/// once and whether it may start inline.
final class ChainEntry: Sendable {
    let interceptor: any Interceptor
    let name: String
    let inline: InlineEntry?
    /// The app's synchronous interceptor, which runs with no task once its steps have been quick.
    let quick: QuickEntry?
    /// How its steps went: whether a chain may start it on the caller's executor (``StepRecord``).
    let record = StepRecord()
    /// Its ``Interceptor/timeout``, read once, and the same in nanoseconds: a step compares its
    /// time with it, and taking a `Duration` apart costs more than a no-op step.
    let timeout: Duration
    let timeoutNanoseconds: Int64

    init(_ interceptor: any Interceptor) {
        self.interceptor = interceptor
        self.name = interceptor.name
        let timeout = interceptor.timeout
        self.timeout = timeout
        self.timeoutNanoseconds = timeout.wholeNanoseconds
        self.inline = (interceptor as? any InlineInterceptor).map(InlineEntry.init)
        self.quick = (interceptor as? any QuickInterceptor).map(QuickEntry.init)
    }
}

/// The built-in behind a ``ChainEntry``, by reference for the same reason.
final class InlineEntry: Sendable {
    let interceptor: any InlineInterceptor

    init(_ interceptor: any InlineInterceptor) {
        self.interceptor = interceptor
    }
}
