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

    /// The reply refusing the call with `error`'s code and message (or `code` and `message` instead).
    static func failure(id: Int?, _ error: any Error, code: String? = nil, message: String? = nil) -> String {
        let described = CallerErrors.describe(error)
        let members: [String: JSONValue] = ["code": .string(code ?? described.code), "message": .string(message ?? described.message)]
        return JSONWriter.text(.object(["id": id.map { .number(Double($0)) } ?? .null, "ok": .bool(false), "error": .object(members)]))
    }
}
