import Foundation

/// The floor under an open that runs its interceptors off the caller's thread: a task hands a
/// job to a parked thread of its own and waits, suspended, for that thread to resume it. Two
/// wake-ups and no spinning, as in `Router.open` with app interceptors, with no routing in it.
///
/// The benchmark's peer for `open-5-interceptors`: on this kind of virtual machine a wake-up of
/// a parked thread costs more than a whole chain of quick interceptors, and this says how much.
final class ThreadRoundTrip: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: CheckedContinuation<Void, Never>?

    init() {
        Thread { [self] in serve() }.start()
    }

    /// One round trip: returns when the thread has resumed this caller.
    func ask() async {
        await withCheckedContinuation { continuation in
            condition.lock()
            waiting = continuation
            condition.unlock()
            condition.signal()
        }
    }

    private func serve() {
        condition.lock()
        while true {
            guard let continuation = waiting else {
                condition.wait()
                continue
            }
            waiting = nil
            condition.unlock()
            continuation.resume()
            condition.lock()
        }
    }
}
