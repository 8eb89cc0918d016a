/// Hands every event (an open's result, a manifest update) to each live `AsyncStream` subscriber.
///
/// `publish` runs on every open, so it is inlinable: the pipeline specializes it for its event.
@usableFromInline package final class EventHub<Event: Sendable>: Sendable {
    @usableFromInline let subscribers = Locked<[Int: AsyncStream<Event>.Continuation]>([:])
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
            self?.subscribers.withLock { _ = $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    @inlinable
    package func publish(_ event: Event) {
        let current = subscribers.withLock { Array($0.values) }
        for continuation in current { continuation.yield(event) }
    }
}
