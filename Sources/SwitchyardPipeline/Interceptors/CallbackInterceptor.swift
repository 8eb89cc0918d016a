import SwitchyardRouting
import SwitchyardSupport

/// An interceptor written in callback style, as ARouter's are: call `finish` exactly once.
///
/// Calling `finish` a second time is reported through the router's log and ignored; never
/// calling it is a timeout, not a hang, and the open's request is released at that timeout.
/// `body` runs off the main thread: on the library's worker threads, or, once its steps have
/// been quick, where `open` runs (see `StepRecord`).
///
/// ```swift
/// let interceptor = CallbackInterceptor(name: "consent", priority: 5) { request, finish in
///     consentDialog.ask { granted in finish(granted ? .proceed : .reject(ConsentDenied())) }
/// }
/// ```
public struct CallbackInterceptor: Interceptor {
    /// The completion `body` calls with its decision; only the first call counts.
    public typealias Finish = @Sendable (InterceptorDecision) -> Void

    /// Names the interceptor in errors and events.
    public let name: String
    /// Higher runs first.
    public let priority: Int
    /// How long the open waits for `finish`; past it, the open fails with
    /// ``OpenError/interceptorTimedOut(name:seconds:)``.
    public let timeout: Duration
    private let appliesTo: @Sendable (RouteRequest) -> Bool
    private let body: @Sendable (RouteRequest, @escaping Finish) -> Void

    /// An interceptor that runs `body` for each request `appliesTo` accepts (every one by default).
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

    /// Asks the `appliesTo` closure given at init.
    public func applies(to request: RouteRequest) -> Bool { appliesTo(request) }

    /// Runs `body` and returns the decision of its first `finish`.
    ///
    /// Throws `CancellationError` when the open stops waiting (its timeout or a cancellation)
    /// before `finish` is called.
    public func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        let waiting = Locked(CallbackState.idle)
        let name = self.name
        let reportRepeat = request.reportRepeatedFinish
        // When the open stops waiting (its timeout, or the caller's cancellation), the
        // continuation is resumed here, so a body that never calls `finish` does not keep
        // this task and its request alive. A `finish` after that is ignored.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<InterceptorDecision, any Error>) in
                let cancelled = waiting.withLock { state -> Bool in
                    guard case .idle = state else { return true }
                    state = .waiting(continuation)
                    return false
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                body(request) { decision in
                    let (resume, repeated) = waiting.withLock { state -> (CheckedContinuation<InterceptorDecision, any Error>?, Bool) in
                        switch state {
                        case .waiting(let continuation):
                            state = .finished
                            return (continuation, false)
                        case .finished:
                            return (nil, true)
                        case .idle, .cancelled:
                            return (nil, false)
                        }
                    }
                    resume?.resume(returning: decision)
                    if repeated { reportRepeat?(name) }
                }
            }
        } onCancel: {
            let resume = waiting.withLock { state -> CheckedContinuation<InterceptorDecision, any Error>? in
                defer { if case .finished = state {} else { state = .cancelled } }
                if case .waiting(let continuation) = state { return continuation }
                return nil
            }
            resume?.resume(throwing: CancellationError())
        }
    }
}

/// Where a callback interceptor's one answer stands.
private enum CallbackState {
    case idle
    case waiting(CheckedContinuation<InterceptorDecision, any Error>)
    case finished
    case cancelled
}
