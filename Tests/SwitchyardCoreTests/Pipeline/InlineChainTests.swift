import Foundation
import Switchyard
@testable import SwitchyardPipeline
import SwitchyardSupport
import Testing

/// Issue 51, item 1: an app interceptor whose steps are quick runs on the caller's executor,
/// with no hand-off; one that blocks, spins or waits stays on (or goes back to) the worker
/// threads, and every open still ends at its timeout.
@Suite("Interceptor chains that start on the caller's executor", .timeLimit(.minutes(1)))
@MainActor
struct InlineChainTests {
    static func router(_ step: Step) throws -> Router {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/work/:n") { _ in }
        router.addInterceptor(step)
        return router
    }

    /// Opens `url` and says whether its chain started inline (`true`) or on the worker (`false`).
    static func startedInline(_ router: Router, _ url: String) async -> Bool {
        let before = router.chainsInline.load(ordering: .relaxed)
        _ = await router.open(url)
        return router.chainsInline.load(ordering: .relaxed) > before
    }

    /// Opens until a chain starts inline (at most 1,000 opens: a step the machine's load made
    /// slow starts the probation again); whether one did.
    static func openUntilInline(_ router: Router) async -> Bool {
        for index in 0..<1_000 where await startedInline(router, "/work/\(index)") { return true }
        return false
    }

    @Test func aQuickInterceptorLeavesTheWorkerAfterItsProbation() async throws {
        let router = try Self.router(Step(name: "quick") { _ in .proceed })
        var starts: [Bool] = []
        for index in 0..<StepRecord.probation { starts.append(await Self.startedInline(router, "/work/\(index)")) }
        #expect(!starts.contains(true), "on probation: the worker threads")
        #expect(await Self.openUntilInline(router))
        #expect(await router.open("/work/1").outcome == .performedAction(pattern: "/work/:n"))
    }

    /// Once inline, a step that takes longer than a quick step sends it back on probation;
    /// caught three times, it stays on the worker threads.
    @Test func aSlowStepSendsItBackAndThreeKeepItThere() async throws {
        let slow = Shared(false)
        let router = try Self.router(Step(name: "sometimes slow") { _ in
            if slow.current { usleep(3_000) }   // blocks its thread for 3 ms
            return .proceed
        })
        for round in 1...StepRecord.maxDemotions {
            #expect(await Self.openUntilInline(router), "round \(round)")
            slow.withLock { $0 = true }
            #expect(await Self.startedInline(router, "/work/slow"), "round \(round): the slow step ran inline, once")
            slow.withLock { $0 = false }
            #expect(await !Self.startedInline(router, "/work/after"), "round \(round): then on the worker threads again")
        }
        #expect(await !Self.openUntilInline(router), "caught slow three times: on the worker for good")
    }

    /// A step that blocks on the worker during its probation never leaves it.
    @Test func aBlockingStepNeverLeavesTheWorker() async throws {
        let router = try Self.router(Step(name: "blocks") { _ in
            usleep(2_000)
            return .proceed
        })
        var starts: [Bool] = []
        for index in 0..<(StepRecord.probation * 4) { starts.append(await Self.startedInline(router, "/work/\(index)")) }
        #expect(!starts.contains(true))
    }

    /// A quick interceptor that, once inline, awaits for ever: the open still ends at its timeout.
    @Test func anInlineChainThatSuspendsStillTimesOut() async throws {
        let hang = Shared(false)
        let router = try Self.router(Step(name: "hangs later", timeout: .milliseconds(50)) { _ in
            if hang.current { await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in } }   // never resumed
            return .proceed
        })
        #expect(await Self.openUntilInline(router))
        hang.withLock { $0 = true }
        let started = ContinuousClock.now
        let result = await router.open("/work/hang")
        #expect(result.outcome == .rejected(.interceptorTimedOut(name: "hangs later", seconds: 0.05)))
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    /// An inline chain that suspends and comes back goes on, in order.
    @Test func anInlineChainThatSuspendsGoesOn() async throws {
        let pause = Shared(false)
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/work/:n") { _ in }
        router.addInterceptor(Step(name: "first", priority: 1) { _ in
            if pause.current { await Task.yield() }
            return .proceed
        })
        router.addInterceptor(Step(name: "second") { _ in .proceed })
        // A step that a loaded machine holds past `StepRecord.quickStep` sends the interceptor
        // back on probation before the paused open: such a run is tried again, a few times, and
        // one of them must run inline.
        var paused: OpenResult?
        for _ in 0..<5 where paused == nil {
            pause.withLock { $0 = false }
            #expect(await Self.openUntilInline(router))
            pause.withLock { $0 = true }
            let before = router.chainsInline.load(ordering: .relaxed)
            let result = await router.open("/work/pause")
            if router.chainsInline.load(ordering: .relaxed) == before + 1 { paused = result }
        }
        let result = try #require(paused, "an inline chain that suspended, in one of five runs")
        #expect(result.outcome == .performedAction(pattern: "/work/:n"))
        #expect(result.interceptors == ["first", "second"])
    }
}

/// A quick interceptor's synchronous decision, from a closure, for tests.
struct QuickStep: QuickInterceptor {
    let name: String
    var priority = 0
    var timeout: Duration = .seconds(10)
    let decideBody: @Sendable (RouteRequest) throws -> InterceptorDecision

    func decide(_ request: RouteRequest) throws -> InterceptorDecision { try decideBody(request) }
}

/// Issue 51: a `QuickInterceptor` out of probation decides with no task and no chain; what it
/// decides is what it decided on the worker threads; one that blocks goes back.
@Suite("Quick interceptors: synchronous decisions with no task", .timeLimit(.minutes(1)))
@MainActor
struct QuickInterceptorTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused" }
    }

    /// Opens until an open makes no chain at all; whether one did within 1,000.
    static func openUntilNoChain(_ router: Router, _ url: String = "/work/1") async -> Bool {
        for _ in 0..<1_000 {
            let before = router.chainsOnWorker.load(ordering: .relaxed) + router.chainsInline.load(ordering: .relaxed)
            _ = await router.open(url)
            if router.chainsOnWorker.load(ordering: .relaxed) + router.chainsInline.load(ordering: .relaxed) == before { return true }
        }
        return false
    }

    static func router(_ step: QuickStep) throws -> Router {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/work/:n") { _ in }
        try router.action("/elsewhere") { _ in }
        router.addInterceptor(step)
        return router
    }

    /// Each decision, on probation (the chain) and after it (no task): the same outcome.
    @Test(arguments: ["proceed", "redirect", "reject", "handled", "throw", "proceedWith"])
    func aDecisionIsTheSameWithOrWithoutATask(_ kind: String) async throws {
        let armed = Shared(false)
        let router = try Self.router(QuickStep(name: "quick") { request in
            guard armed.current, request.path == "/work/7" else { return .proceed }
            switch kind {
            case "redirect": return .redirect("/elsewhere")
            case "reject": return .reject(Refused())
            case "handled": return .handled
            case "throw": throw Refused()
            case "proceedWith":
                var changed = request
                changed.nativeParameters["seen"] = true
                return .proceedWith(changed)
            default: return .proceed
            }
        })
        armed.withLock { $0 = true }
        let onProbation = await router.open("/work/7")
        // A step that a loaded machine holds past `StepRecord.quickStep` sends the interceptor
        // back on probation, and a redirect's second hop then takes a chain: such a run is tried
        // again, a few times, and one of them must decide with no chain.
        var quick: OpenResult?
        for _ in 0..<5 where quick == nil {
            armed.withLock { $0 = false }
            #expect(await Self.openUntilNoChain(router))
            armed.withLock { $0 = true }
            let chains = router.chainsOnWorker.load(ordering: .relaxed) + router.chainsInline.load(ordering: .relaxed)
            let result = await router.open("/work/7")
            if router.chainsOnWorker.load(ordering: .relaxed) + router.chainsInline.load(ordering: .relaxed) == chains { quick = result }
        }
        let decided = try #require(quick, "no chain: decided with no task, in one of five runs")
        #expect(decided.outcome == onProbation.outcome, "\(kind)")
        #expect(decided.interceptors == onProbation.interceptors)
        #expect(decided.redirects == onProbation.redirects)
    }

    /// One that blocks after its probation goes back to the chain; one past its timeout ends the open timed out.
    @Test func aBlockingQuickStepGoesBackAndOnePastItsTimeoutTimesOut() async throws {
        let block = Shared(false)
        let router = try Self.router(QuickStep(name: "sometimes blocks", timeout: .milliseconds(2)) { _ in
            if block.current { usleep(5_000) }
            return .proceed
        })
        #expect(await Self.openUntilNoChain(router))
        block.withLock { $0 = true }
        #expect(await router.open("/work/1").outcome == .rejected(.interceptorTimedOut(name: "sometimes blocks", seconds: 0.002)))
        block.withLock { $0 = false }
        let before = router.chainsOnWorker.load(ordering: .relaxed)
        _ = await router.open("/work/2")
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == before + 1, "back on probation: the chain, on the worker threads")
    }

    /// Order holds across kinds: a quick one, an async one, a quick one again.
    @Test func quickAndAsyncInterceptorsKeepTheirOrder() async throws {
        let order = Shared<[String]>([])
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/work/:n") { _ in }
        router.addInterceptor(QuickStep(name: "first", priority: 3) { _ in order.withLock { $0.append("first") }; return .proceed })
        router.addInterceptor(Step(name: "second", priority: 2) { _ in order.withLock { $0.append("second") }; return .proceed })
        router.addInterceptor(QuickStep(name: "third", priority: 1) { _ in order.withLock { $0.append("third") }; return .proceed })
        for index in 0..<(StepRecord.probation * 3) { _ = await router.open("/work/\(index)") }
        order.withLock { $0 = [] }
        let result = await router.open("/work/x")
        #expect(order.current == ["first", "second", "third"])
        #expect(result.interceptors == ["first", "second", "third"])
    }
}

/// `StepRecord`'s limits, each at the limit and one past it: the quick step's length, the
/// probation's length, the demotions, and how long an inline step may run before it is taken
/// for stuck.
@Suite("StepRecord at its limits")
struct StepRecordTests {
    static let quick = StepRecord.quickStepNanoseconds
    static let justOver = StepRecord.quickStepNanoseconds + 1

    @Test func aStepOfExactlyTheQuickLengthIsQuickAndOneNanosecondMoreIsNot() {
        let atLimit = StepRecord()
        for _ in 0..<StepRecord.probation { atLimit.record(nanoseconds: Self.quick, inline: false) }
        #expect(atLimit.startsInline)
        let over = StepRecord()
        for _ in 0..<(StepRecord.probation - 1) { over.record(nanoseconds: Self.quick, inline: false) }
        over.record(nanoseconds: Self.justOver, inline: false)
        #expect(!over.startsInline, "the slow last step started the probation again")
    }

    @Test func theProbationIsSixteenQuickStepsNotFifteen() {
        let record = StepRecord()
        for _ in 0..<(StepRecord.probation - 1) { record.record(nanoseconds: 0, inline: false) }
        #expect(!record.startsInline)
        record.record(nanoseconds: 0, inline: false)
        #expect(record.startsInline)
    }

    @Test func twoDemotionsLeaveItAProbationAndTheThirdEndsIt() {
        let record = StepRecord()
        for round in 1...StepRecord.maxDemotions {
            for _ in 0..<StepRecord.probation { record.record(nanoseconds: 0, inline: true) }
            #expect(record.startsInline, "round \(round): out of probation")
            record.record(nanoseconds: Self.justOver, inline: true)
            #expect(!record.startsInline)
        }
        for _ in 0..<(StepRecord.probation * 4) { record.record(nanoseconds: 0, inline: false) }
        #expect(!record.startsInline, "three demotions: on the worker threads for good")
    }

    /// A slow step on the worker threads is no demotion: only one caught inline counts.
    @Test func aSlowStepOnTheWorkerIsNoDemotion() {
        let record = StepRecord()
        for _ in 0..<(StepRecord.maxDemotions + 2) {
            for _ in 0..<StepRecord.probation { record.record(nanoseconds: 0, inline: false) }
            record.record(nanoseconds: Self.justOver, inline: false)
        }
        for _ in 0..<StepRecord.probation { record.record(nanoseconds: 0, inline: false) }
        #expect(record.startsInline)
    }

    @Test func anInlineStepRunningJustUnderTheStuckLimitIsNotStuckAndOnePastIs() {
        let running = StepRecord()
        for _ in 0..<StepRecord.probation { running.record(nanoseconds: 0, inline: false) }
        // Started a second under the limit ago: still running, not yet stuck.
        running.beganInline(at: ClockReading.now - StepRecord.stuckAfter + .seconds(1))
        #expect(running.startsInline)
        let stuck = StepRecord()
        for _ in 0..<StepRecord.probation { stuck.record(nanoseconds: 0, inline: false) }
        stuck.beganInline(at: ClockReading.now - StepRecord.stuckAfter - .milliseconds(1))
        #expect(!stuck.startsInline, "stuck past the limit: the next chain starts on the worker")
        stuck.endedInline()
        #expect(!stuck.startsInline, "and it is back on probation")
    }
}
