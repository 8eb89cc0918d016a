import SwitchyardPipeline

/// The calls to other apps waiting for replies, by nonce, and the nonces recently finished.
struct OutgoingCalls {
    /// How many finished nonces are remembered, to tell a repeated reply from a forged one.
    static let rememberedNonces = 256

    enum Finished {
        case used
        case expired
    }

    var waiting: [String: Gate<Result<XCallbackReply, XCallbackError>>] = [:]
    /// Oldest first.
    private(set) var finished: [(nonce: String, how: Finished)] = []

    /// Adds a call, or refuses it at `limit`.
    mutating func add(_ nonce: String, gate: Gate<Result<XCallbackReply, XCallbackError>>, limit: Int) -> XCallbackError? {
        guard waiting.count < limit else { return .tooManyPendingCalls(limit: limit) }
        waiting[nonce] = gate
        return nil
    }

    /// The waiting call a reply with `nonce` answers, taken; or why the reply is refused.
    mutating func take(_ nonce: String) -> Result<Gate<Result<XCallbackReply, XCallbackError>>, XCallbackError> {
        if let gate = waiting.removeValue(forKey: nonce) {
            remember(nonce, .used)
            return .success(gate)
        }
        switch finished.last(where: { $0.nonce == nonce })?.how {
        case .used: return .failure(.usedNonce)
        case .expired: return .failure(.expiredNonce)
        case nil: return .failure(.unknownNonce)
        }
    }

    /// Ends the call of `nonce` unanswered (timed out, cancelled, not opened): a late reply is refused.
    mutating func expire(_ nonce: String) -> Gate<Result<XCallbackReply, XCallbackError>>? {
        guard let gate = waiting.removeValue(forKey: nonce) else { return nil }
        remember(nonce, .expired)
        return gate
    }

    private mutating func remember(_ nonce: String, _ how: Finished) {
        finished.append((nonce, how))
        if finished.count > Self.rememberedNonces { finished.removeFirst(finished.count - Self.rememberedNonces) }
    }
}
