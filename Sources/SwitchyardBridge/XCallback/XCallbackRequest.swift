import SwitchyardRouting
import SwitchyardSupport

/// An x-callback request from another app, read and checked before anything runs.
package struct XCallbackRequest: Equatable {
    /// The route the other app asks for: a path with the request's other query items
    /// (`/cart/pick?max=1`); `nil` when the URL names none (`myapp://x-callback-url/`).
    package let target: String?
    /// `x-success` (or the first alias given), `x-error` and `x-cancel`, each checked.
    package let success: String?
    package let error: String?
    package let cancel: String?
    /// What the app says it is (`x-source`): a name for messages, never a credential.
    package let source: String?

    /// Reads `request`, matched by the channel's route `/<host>/*`.
    ///
    /// - Throws: ``XCallbackError``: a protocol parameter given twice, a callback that is not
    ///   allowed or not a URL the channel can open: checked first, so nothing runs.
    package static func read(
        _ request: RouteRequest, host: String, successAliases: [String], destinations: CallbackDestinations, maximumCallbackBytes: Int
    ) throws(XCallbackError) -> XCallbackRequest {
        let successNames = ["x-success"] + successAliases
        let callbackNames = successNames + ["x-error", "x-cancel"]
        let protocolNames = Set(callbackNames + ["x-source"])
        var given: [String: String] = [:]
        var forwarded: [(name: String, value: String)] = []
        for item in request.query.items {
            guard protocolNames.contains(item.name) else {
                forwarded.append((item.name, item.value))
                continue
            }
            guard given[item.name] == nil else { throw .repeatedParameter(item.name) }
            given[item.name] = item.value
        }
        for name in callbackNames {
            guard let url = given[name] else { continue }
            if let refusal = destinations.refusal(url, parameter: name, maximumBytes: maximumCallbackBytes) { throw refusal }
        }
        // By bytes: a combining mark after the `/` makes one character of the two.
        let path = Substring(request.path.utf8.dropFirst(host.utf8.count + 1))
        return XCallbackRequest(
            target: path.utf8.count > 1 ? CallbackURL.adding(forwarded, to: String(path)) : nil, success: successNames.lazy.compactMap { given[$0] }.first,
            error: given["x-error"], cancel: given["x-cancel"], source: given["x-source"]
        )
    }
}
