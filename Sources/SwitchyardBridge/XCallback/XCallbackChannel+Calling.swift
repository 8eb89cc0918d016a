import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

extension XCallbackChannel {
    /// Opens another app's x-callback URL and waits for its reply.
    ///
    /// The URL gets `x-source` (``XCallbackSettings/sourceName``) and `x-success`, `x-error` and
    /// `x-cancel` pointing back to this app's router with a one-time nonce. The reply arrives as
    /// any URL does (`handleIncoming`); one with an unknown, used or expired nonce is refused,
    /// and only the first reply counts.
    ///
    /// - Parameters:
    ///   - url: the other app's action, `sibling://x-callback-url/pick`.
    ///   - parameters: added to its query.
    ///   - timeout: how long to wait; ``XCallbackSettings/replyTimeout`` when `nil`.
    /// - Throws: ``XCallbackError``: the URL cannot be called, too many calls wait, the system
    ///   did not open it, no reply came in time, or the calling task was cancelled.
    public func call(otherApp url: String, parameters: [String: String] = [:], timeout: Duration? = nil) async throws(XCallbackError) -> XCallbackReply {
        guard let scheme = URLLayout.scheme(of: url), RouterConfiguration.schemeProblem(scheme) == nil else {
            throw .invalidAppURL(url, reason: "it has no scheme")
        }
        guard !Router.refusedRedirectSchemes.contains(scheme), scheme != replyScheme, !router.configuration.schemes.contains(scheme) else {
            throw .invalidAppURL(url, reason: "scheme \(scheme) is not another app's")
        }
        let nonce = Self.makeNonce()
        var items = parameters.keys.sorted().map { (name: $0, value: parameters[$0] ?? "") }
        items.append(("x-source", settings.sourceName))
        for outcome in ["success", "error", "cancel"] {
            items.append(("x-\(outcome)", CallbackURL.adding([(Self.nonceName, nonce)], to: replyBase + outcome)))
        }
        let request = CallbackURL.adding(items, to: url)
        let gate = Gate<Result<XCallbackReply, XCallbackError>>()
        if let refusal = outgoing.withLock({ $0.add(nonce, gate: gate, limit: settings.pendingCallLimit) }) { throw refusal }
        let wait = timeout ?? settings.replyTimeout
        let timer = Task { [outgoing] in
            try? await Task.sleep(for: wait)
            _ = outgoing.withLock { $0.expire(nonce) }?.resolve(.failure(.timedOut(url: url, after: wait)))
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            // Cancelled already: the handler below has ended the call; open nothing.
            guard !Task.isCancelled, await openURL(request) else {
                _ = outgoing.withLock { $0.expire(nonce) }?.resolve(.failure(.couldNotOpen(url: url)))
                return await gate.wait()
            }
            return await gate.wait()
        } onCancel: { [outgoing] in
            _ = outgoing.withLock { $0.expire(nonce) }?.resolve(.failure(.cancelled))
        }
        return try result.get()
    }

    /// Takes a reply to one of this app's calls: the first with a waiting nonce wins.
    package func receiveReply(_ request: RouteRequest) throws {
        let outcome = request.pathParameters["outcome"] ?? ""
        let reply: XCallbackReply
        var values: [String: String] = [:]
        for item in request.query.items where item.name != Self.nonceName && values[item.name] == nil { values[item.name] = item.value }
        switch outcome {
        case "success": reply = .success(values)
        case "error": reply = .failure(code: values["errorCode"], message: values["errorMessage"])
        case "cancel": reply = .cancelled
        default: throw XCallbackError.unknownReplyOutcome(outcome)
        }
        let nonces = request.query.items.filter { $0.name == Self.nonceName }
        guard let nonce = nonces.first?.value else { throw XCallbackError.missingNonce }
        guard nonces.count == 1 else { throw XCallbackError.repeatedParameter(Self.nonceName) }
        switch outgoing.withLock({ $0.take(nonce) }) {
        case .success(let gate): _ = gate.resolve(.success(reply))
        case .failure(let refusal): throw refusal
        }
    }

    /// 128 random bits as 32 hexadecimal digits.
    static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// How many calls to other apps wait for replies.
    public var waitingCalls: Int { outgoing.withLock { $0.waiting.count } }
}
