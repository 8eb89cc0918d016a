import Switchyard
@testable import SwitchyardPipeline
import SwitchyardSupport
import Testing

/// The time limits an open keeps in plain nanoseconds, each at its edge and one nanosecond
/// past it, and the readiness queue at its length and one past it: a deep link or a push can
/// arrive at any moment, as often as its sender likes.
@Suite("Time limits at their edges")
struct TimeLimitEdgeTests {
    static func key(_ url: String) -> Int {
        DuplicateGuard.key(url: url, caller: .app, source: .inApp, scene: nil, parameters: [:], callerParameters: [:])
    }

    /// Within the window (one nanosecond short of it) a repeat is a duplicate and changes
    /// nothing; at the window it is an open of its own, and its time is the new one.
    @Test func aRepeatOneNanosecondInsideTheWindowIsADuplicateAndOneAtTheWindowIsNot() {
        var guardState = DuplicateGuard()
        let window = Duration.milliseconds(300)
        let first = ClockReading(nanoseconds: 1_000_000_000)
        func open(at time: ClockReading) -> Bool { guardState.isDuplicate(key: Self.key("/p/1"), at: time, window: window) }
        #expect(!open(at: first))
        #expect(open(at: first + window - .nanoseconds(1)))
        #expect(guardState.count == 1, "a duplicate is not remembered again")
        // Still counted from the first open, not from the duplicate.
        #expect(!open(at: first + window))
        #expect(guardState.count == 1)
        #expect(open(at: first + window + window - .nanoseconds(1)))
    }

    /// A step that took its timeout exactly is late; one nanosecond less is not. The record
    /// counts each as a step either way.
    @Test(arguments: [Duration.milliseconds(2), .seconds(10), .nanoseconds(1)])
    func aStepThatTookItsTimeoutIsLateAndOneNanosecondLessIsNot(timeout: Duration) {
        let record = StepRecord()
        let started = ClockReading(nanoseconds: 5_000_000_000)
        let limit = timeout.wholeNanoseconds
        #expect(!record.stepEnded(started: started, ended: started.adding(nanoseconds: limit - 1), timeoutNanoseconds: limit, inline: false))
        #expect(record.stepEnded(started: started, ended: started.adding(nanoseconds: limit), timeoutNanoseconds: limit, inline: false))
    }

    /// A timeout past what 64 bits of nanoseconds hold is held to the last reading, not wrapped
    /// into the past: the interceptor, which waits past the watchdog's tick, runs to its end,
    /// and the open goes on.
    @Test(arguments: [Duration.seconds(Int64.max), .seconds(Int64.max / 1_000_000_000 + 1)])
    func aTimeoutPastTheClocksEndNeverFiresEarly(timeout: Duration) async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/a") { _ in }
        router.addInterceptor(Step(name: "patient", timeout: timeout) { _ in
            try await Task.sleep(for: .milliseconds(3 * Watchdog.tickMilliseconds))
            return .proceed
        })
        for _ in 0..<2 {
            let result = await router.open("/a")
            #expect(result.outcome == .performedAction(pattern: "/a"))
            #expect(result.interceptors == ["patient"])
        }
    }

    /// Two opens may wait for readiness with a limit of two; a third is refused with the limit
    /// named, and the two still wait, in order. Once ready, nothing waits and nothing is refused.
    @Test func theReadinessQueueHoldsItsLimitAndRefusesOneMore() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero, startsReady: false, readinessQueueLimit: 2))
        let order = Locked<[String]>([])
        try router.action("/a/:n") { request in order.withLock { $0.append(request.string("n") ?? "?") } }
        let first = Task { await router.open("/a/1") }
        while router.waitingForReadiness < 1 { await Task.yield() }
        let second = Task { await router.open("/a/2") }
        while router.waitingForReadiness < 2 { await Task.yield() }
        let refused = await router.open("/a/3")
        #expect(refused.outcome == .rejected(.readinessQueueFull(limit: 2)))
        #expect(router.waitingForReadiness == 2, "the refused open took no place")
        #expect(order.withLock { $0 }.isEmpty)
        router.markReady()
        #expect(await first.value.succeeded)
        #expect(await second.value.succeeded)
        #expect(order.withLock { $0 } == ["1", "2"])
        for index in 4...6 { #expect(await router.open("/a/\(index)").succeeded) }
        #expect(router.waitingForReadiness == 0)
    }
}
