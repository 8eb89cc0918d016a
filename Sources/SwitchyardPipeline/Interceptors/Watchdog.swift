import Dispatch
import SwitchyardSupport

/// Fires deadlines for running interceptor chains, from one timer per router.
///
/// A timer task per interceptor would cost more than the interceptors themselves; instead
/// one timer fires every ``tickMilliseconds`` while anything is watched and stops when nothing is. It
/// runs on its own dispatch queue, not the Swift concurrency pool, so interceptors that
/// keep the pool busy cannot keep their own timeouts from firing.
final class Watchdog: Sendable {
    /// How late a timeout may fire, in milliseconds.
    static let tickMilliseconds = 5

    /// Returns `true` when the watched thing is finished (fired, or no longer needs watching).
    typealias Check = @Sendable (ClockReading) -> Bool

    private struct State {
        var checks: [Int: Check] = [:]
        var nextID = 0
        var looping = false
    }

    private let state = Locked(State())
    private let queue = DispatchQueue(label: "switchyard.interceptor-watchdog")

    func watch(_ check: @escaping Check) -> Int {
        let (id, startLoop) = state.withLock { state -> (Int, Bool) in
            let id = state.nextID
            state.nextID += 1
            state.checks[id] = check
            defer { state.looping = true }
            return (id, !state.looping)
        }
        if startLoop { scheduleTick() }
        return id
    }

    func unwatch(_ id: Int) {
        state.withLock { _ = $0.checks.removeValue(forKey: id) }
    }

    private func scheduleTick() {
        queue.asyncAfter(deadline: .now() + .milliseconds(Self.tickMilliseconds)) { [self] in
            tick()
        }
    }

    private func tick() {
        let checks = state.withLock { state -> [(Int, Check)] in
            if state.checks.isEmpty { state.looping = false }
            return state.checks.map { ($0.key, $0.value) }
        }
        guard !checks.isEmpty else { return }
        let now = ClockReading.now
        let finished = checks.filter { $0.1(now) }.map(\.0)
        if !finished.isEmpty {
            state.withLock { state in for id in finished { state.checks.removeValue(forKey: id) } }
        }
        scheduleTick()
    }
}
