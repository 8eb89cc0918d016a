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
    /// The timeout and the calling task's cancellation end the call at once, even while
    /// `openURL` has not returned.
    ///
    /// - Throws: ``XCallbackError``: the URL cannot be called, a parameter (or the URL's query)
    ///   names one the protocol sets (`x-success`, `x-error`, `x-cancel`, `x-source`, the nonce),
    ///   too many calls wait, the system did not open it, no reply came in time, or the calling
    ///   task was cancelled.
    public func call(otherApp url: String, parameters: [String: String] = [:], timeout: Duration? = nil) async throws(XCallbackError) -> XCallbackReply {
        guard let scheme = URLLayout.scheme(of: url), RouterConfiguration.schemeProblem(scheme) == nil else {
            throw .invalidAppURL(url, reason: "it has no scheme")
        }
        guard !Router.refusedRedirectSchemes.contains(scheme), scheme != replyScheme, !router.configuration.schemes.contains(scheme) else {
            throw .invalidAppURL(url, reason: "scheme \(scheme) is not another app's")
        }
        if let name = Self.protocolNames.first(where: { parameters[$0] != nil || Self.query(of: url, names: $0) }) {
            throw .protocolParameter(name)
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
        // Opened on a task of its own: the call waits for its gate only, which the timer, a
        // cancellation, a reply or a refusal to open resolves, whatever `openURL` is doing.
        let opening = Task { [outgoing, openURL] in
            guard !Task.isCancelled, await openURL(request) else {
                _ = outgoing.withLock { $0.expire(nonce) }?.resolve(.failure(.couldNotOpen(url: url)))
                return
            }
        }
        defer { opening.cancel() }
        // From here on only the other app's reply is awaited: a launch link that calls is in place.
        Router.awaitsAnswer()
        let result = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: { [outgoing] in
            _ = outgoing.withLock { $0.expire(nonce) }?.resolve(.failure(.cancelled))
        }
        return try result.get()
    }

    /// The query names the protocol sets on a call: a caller's parameters may not.
    static let protocolNames = ["x-success", "x-error", "x-cancel", "x-source", nonceName]

    /// Whether `url`'s query has an item named `name` (compared decoded).
    private static func query(of url: String, names name: String) -> Bool {
        guard let start = url.firstIndex(of: "?") else { return false }
        let query = url[url.index(after: start)...].prefix { $0 != "#" }
        return query.split(separator: "&").contains { item in
            let raw = item.prefix { $0 != "=" }
            guard case .success(let decoded) = PercentCoding.decode(String(raw), plusIsSpace: true) else { return false }
            return decoded == name
        }
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
