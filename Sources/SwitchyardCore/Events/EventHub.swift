/// Hands every open's result to each live `AsyncStream` subscriber.
final class EventHub: Sendable {
    private let subscribers = Locked<[Int: AsyncStream<OpenResult>.Continuation]>([:])
    private let nextID = Locked(0)

    /// A new stream of every result from now on; it ends when the subscriber stops iterating.
    func stream(bufferingNewest limit: Int) -> AsyncStream<OpenResult> {
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        let (stream, continuation) = AsyncStream<OpenResult>.makeStream(bufferingPolicy: .bufferingNewest(limit))
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { _ = $0.removeValue(forKey: id) }
        }
        subscribers.withLock { $0[id] = continuation }
        return stream
    }

    func publish(_ result: OpenResult) {
        let current = subscribers.withLock { Array($0.values) }
        for continuation in current { continuation.yield(result) }
    }
}
