/// What a route's target answered a caller that awaits it with ``Router/call(_:parameters:source:options:)``.
public enum Answer: Sendable {
    /// The target answered with a value (a login page: `true`; a picker: the picked items).
    case value(any Sendable)
    /// The target finished without answering: the page was closed, or the action returned.
    case cancelled

    /// The value as `T`, or `nil` when cancelled or of another type.
    public func value<T>(as type: T.Type = T.self) -> T? {
        if case .value(let value) = self { return value as? T }
        return nil
    }

    public var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }
}

/// The shared end of an answer: the first result wins; the caller waits on it.
typealias AnswerBox = Gate<Result<Answer, any Error>>

/// The handle a request carries to answer its caller.
///
/// When the last copy of the request goes away unanswered — the page was closed and
/// released — the caller gets ``Answer/cancelled``, so no caller waits forever.
final class Responder: Sendable {
    let box: AnswerBox
    private let onRepeat: @Sendable () -> Void

    init(box: AnswerBox, onRepeat: @escaping @Sendable () -> Void) {
        self.box = box
        self.onRepeat = onRepeat
    }

    func answer(_ result: Result<Answer, any Error>) {
        if !box.resolve(result) { onRepeat() }
    }

    deinit {
        box.resolve(.success(.cancelled))
    }
}
