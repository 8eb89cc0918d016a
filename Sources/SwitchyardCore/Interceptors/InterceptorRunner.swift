/// Runs one interceptor so that it always finishes: with its decision, its error, a timeout,
/// or the caller's cancellation — whichever comes first.
enum InterceptorRunner {
    enum Outcome: Sendable {
        case decided(InterceptorDecision)
        case failed(any Error)
        case timedOut
        case cancelled
    }

    static func run(_ interceptor: any Interceptor, on request: RouteRequest, reportRepeat: @escaping @Sendable (String) -> Void) async -> Outcome {
        let gate = Gate<Outcome>()
        // Unstructured on purpose: an interceptor that ignores cancellation must not hold up
        // the open after its timeout, and a task group would wait for it.
        let work = Task {
            do {
                let decision = try await InterceptorContext.$reportRepeatedFinish.withValue(reportRepeat) {
                    try await interceptor.intercept(request)
                }
                gate.resolve(.decided(decision))
            } catch {
                gate.resolve(.failed(error))
            }
        }
        let timer = Task {
            try? await Task.sleep(for: interceptor.timeout)
            gate.resolve(.timedOut)
        }
        let outcome = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resolve(.cancelled)
        }
        work.cancel()
        timer.cancel()
        return outcome
    }
}
