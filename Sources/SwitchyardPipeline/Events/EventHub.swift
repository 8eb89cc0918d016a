import Atomics
import SwitchyardSupport

/// Hands every event (an open's result, a manifest update) to each live `AsyncStream` subscriber.
///
/// Here rather than in SwitchyardSupport, which the bottom layers build on without swift-atomics.
package final class EventHub<Event: Sendable>: Sendable {
    let subscribers = Locked<[Int: AsyncStream<Event>.Continuation]>([:])
    /// How many `subscribers` holds, kept with it under its lock: an event nobody follows takes no lock.
    let subscriberCount = ManagedAtomic(0)
    private let nextID = Locked(0)

    package init() {}

    /// A new stream of every event from now on; it ends when the subscriber stops iterating.
    package func stream(bufferingNewest limit: Int) -> AsyncStream<Event> {
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(limit))
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { subscribers in
                _ = subscribers.removeValue(forKey: id)
                self?.subscriberCount.store(subscribers.count, ordering: .releasing)
            }
        }
        subscribers.withLock { subscribers in
            subscribers[id] = continuation
            subscriberCount.store(subscribers.count, ordering: .releasing)
        }
        return stream
    }

    package func publish(_ event: Event) {
        guard subscriberCount.load(ordering: .acquiring) > 0 else { return }
        let current = subscribers.withLock { Array($0.values) }
        for continuation in current { continuation.yield(event) }
    }
}
