import SwitchyardSupport

/// What a route's target answered a caller that awaits it with ``Router/call(_:parameters:source:options:)``.
public enum Answer: Sendable {
    /// The target answered with a value (a login page: `true`; a picker: the picked items).
    case value(any Sendable)
    /// The target finished without answering: the page was closed, or the action returned.
    case cancelled

    /// The value as `T`, or `nil` when cancelled or of another type.
    public func value<T>(as type: T.Type = T.self) -> T? {
        if case .value(let value) = self { return ForeignObject.unwrap(value, as: T.self) }
        return nil
    }

    /// Whether the target finished without answering.
    public var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }
}

/// The handle a request carries to answer its caller.
///
/// When the last copy of the request goes away unanswered — the page was closed and
/// released — the caller gets ``Answer/cancelled``, so no caller waits forever.
package final class Responder: Sendable {
    /// Hands a result to the waiting caller; `false` when an earlier one already won.
    private let deliver: @Sendable (Result<Answer, any Error>) -> Bool
    private let onRepeat: @Sendable () -> Void

    package init(deliver: @escaping @Sendable (Result<Answer, any Error>) -> Bool, onRepeat: @escaping @Sendable () -> Void) {
        self.deliver = deliver
        self.onRepeat = onRepeat
    }

    func answer(_ result: Result<Answer, any Error>) {
        if !deliver(result) { onRepeat() }
    }

    deinit {
        _ = deliver(.success(.cancelled))
    }
}
