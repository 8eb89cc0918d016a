import SwitchyardSupport

/// The JSON text a page's script receives: `{"id": 7, "ok": true, "answer": …}` or
/// `{"id": 7, "ok": false, "error": {"code": "…", "message": "…"}}` (`id` is `null` when the
/// message was refused before it named one).
enum BridgeReply {
    /// The reply carrying `answer`; ``BridgeError/answerTooLarge(bytes:limit:)`` instead when
    /// it is longer than `limits.answerBytes`.
    static func success(id: Int?, answer: JSONValue, limits: BridgeLimits = BridgeLimits()) -> String {
        let text = JSONWriter.text(.object(["id": id.map { .number(Double($0)) } ?? .null, "ok": .bool(true), "answer": answer]))
        let bytes = text.utf8.count
        guard bytes <= limits.answerBytes else { return failure(id: id, BridgeError.answerTooLarge(bytes: bytes, limit: limits.answerBytes)) }
        return text
    }

    /// The reply refusing the call with `error`'s code and message as callers outside the app
    /// see them (``CallerErrors``).
    static func failure(id: Int?, _ error: any Error) -> String {
        failure(id: id, CallerErrors.describe(error))
    }

    /// The reply refusing the call with `described`'s code and message.
    static func failure(id: Int?, _ described: (code: String, message: String)) -> String {
        let members: [String: JSONValue] = ["code": .string(described.code), "message": .string(described.message)]
        return JSONWriter.text(.object(["id": id.map { .number(Double($0)) } ?? .null, "ok": .bool(false), "error": .object(members)]))
    }
}
