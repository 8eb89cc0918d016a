import Atomics
import SwitchyardSupport

/// Whether an app interceptor's chain may start on the caller's executor, with no hand-off to
/// the worker threads, from how its steps (`applies(to:)` and `intercept`) went.
///
/// An interceptor starts on probation: its chains run on the worker threads, where a step that
/// blocks or spins cannot hold the open past its timeout. Once ``probation`` steps in a row
/// each finished within ``quickStep``, its chains start on the caller's executor
/// (`Task.immediate`): a chain that finishes without suspending costs no thread at all, and
/// one that suspends (an interceptor awaiting something) goes on where Swift resumes it (the
/// cooperative pool) while the open waits under the watchdog as before. A step that then takes longer than
/// ``quickStep`` (it blocked, spun, or waited) sends the interceptor back on probation, and
/// after ``maxDemotions`` of those it stays on the worker threads. What that costs is one open:
/// a quick interceptor that blocks once holds the thread that ran it until it returns, and the
/// open still ends as its timeout says.
final class StepRecord: Sendable {
    /// Quick steps in a row needed to leave probation.
    static let probation = 16
    /// A step longer than this is not quick: a blocked or spinning step is caught at most a
    /// watchdog tick later.
    static let quickStep = Duration.milliseconds(1)
    static let quickStepNanoseconds = quickStep.wholeNanoseconds
    /// Times an interceptor may be caught slow after leaving probation before it stays on the worker threads.
    static let maxDemotions = 3

    /// A step of it running inline longer than this, with no other started since, is taken for
    /// stuck: the next chains start on the worker threads, as they would once the step ended.
    static let stuckAfter = Duration.milliseconds(10)
    private static let stuckAfterNanoseconds = stuckAfter.wholeNanoseconds

    private let quickSteps = ManagedAtomic(0)
    private let demotions = ManagedAtomic(0)
    /// Steps of it running inline now, and when the latest of them started (``ClockReading/nanoseconds``).
    private let runningInline = ManagedAtomic(0)
    private let latestInlineStart = ManagedAtomic(0)

    /// Whether its chains may start on the caller's executor.
    var startsInline: Bool {
        guard quickSteps.load(ordering: .relaxed) >= Self.probation, demotions.load(ordering: .relaxed) < Self.maxDemotions else { return false }
        // No watchdog watches an inline chain while it runs: a step stuck in one is seen here.
        if runningInline.load(ordering: .relaxed) > 0,
           ClockReading.now.nanoseconds &- Int64(latestInlineStart.load(ordering: .relaxed)) > Self.stuckAfterNanoseconds {
            slow(inline: true)
            return false
        }
        return true
    }

    /// An inline step began at `start`.
    func beganInline(at start: ClockReading) {
        latestInlineStart.store(Int(start.nanoseconds), ordering: .relaxed)
        runningInline.wrappingIncrement(ordering: .relaxed)
    }

    /// An inline step ended.
    func endedInline() {
        runningInline.wrappingDecrement(ordering: .relaxed)
    }

    /// Ends a step that began at `started` and ended at `ended`, run inline (on the caller's
    /// executor) or not: counts it, and says whether it took `timeoutNanoseconds` or longer.
    func stepEnded(started: ClockReading, ended: ClockReading, timeoutNanoseconds: Int64, inline: Bool) -> Bool {
        let took = ended.nanoseconds &- started.nanoseconds
        if inline { endedInline() }
        record(nanoseconds: took, inline: inline)
        return took >= timeoutNanoseconds
    }

    /// Counts one step that took `nanoseconds`, run inline (on the caller's executor) or not.
    func record(nanoseconds: Int64, inline: Bool) {
        if nanoseconds <= Self.quickStepNanoseconds {
            if quickSteps.load(ordering: .relaxed) < Self.probation { quickSteps.wrappingIncrement(ordering: .relaxed) }
        } else {
            slow(inline: inline)
        }
    }

    /// A step still running past ``quickStep`` (seen by the watchdog), or one that took longer.
    func slow(inline: Bool) {
        let wasOut = quickSteps.exchange(0, ordering: .relaxed) >= Self.probation
        if inline && wasOut { demotions.wrappingIncrement(ordering: .relaxed) }
    }
}
