import Foundation
import SwitchyardBridge
import SwitchyardPipeline
import SwitchyardRouting

/// A web page's messages to the bridge. A refusal is safe to log; what is read keeps within
/// the limits, and written back as switchyard.js writes it, reads back to itself.
enum BridgeTarget: FuzzTarget {
    static let name = "bridge"

    /// The defaults a page meets, 64 KB messages included: `Fuzz/run.sh` lets this target's
    /// inputs grow past that, so a read that is slower than linear is a timeout finding.
    static let limits = BridgeLimits()
    /// The same limits but the length: the message written back may escape more than it read.
    static let rereading = BridgeLimits(messageBytes: .max)

    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        switch BridgeMessage.read(text, limits: limits) {
        case .failure(let refusal):
            if !isSafeToLog(refusal.error.description) { violated("a refusal is safe to log", text.debugDescription) }
        case .success(let message):
            if message.parameters.count > limits.parameters { violated("at most the limit of parameters", text.debugDescription) }
            if message.method != .leave, message.id == nil || message.url.isEmpty { violated("a call has an id and a URL", text.debugDescription) }
            guard case .success(let again) = BridgeMessage.read(message.text, limits: rereading), again == message else {
                violated("a message written back reads back to itself", text.debugDescription + " → " + message.text.debugDescription)
            }
            checkCallersApart(message, text)
        }
    }

    /// The same message from another page (another origin, another web view, another page name)
    /// or with other `params` is another ask: the duplicate guard never takes one for the other.
    static func checkCallersApart(_ message: BridgeMessage, _ text: String) {
        let parameters = message.parameters.compactMapValues(JSONParameters.native)
        func key(_ caller: RouteCaller, _ parameters: [String: any Sendable]) -> Int {
            DuplicateGuard.key(url: message.url, caller: caller, source: .h5, scene: nil, parameters: [:], callerParameters: parameters)
        }
        let page = RouteCaller.page(origin: "https://a.example.com", webView: 1, name: message.page)
        let mine = key(page, parameters)
        if key(page, parameters) != mine { violated("one ask has one key", text.debugDescription) }
        let others: [RouteCaller] = [
            .page(origin: "https://b.example.com", webView: 1, name: message.page), .page(origin: "https://a.example.com", webView: 2, name: message.page),
            .page(origin: "https://a.example.com", webView: 1, name: message.page + "x"), .otherApp(source: message.page, callback: nil), .app,
        ]
        for other in others where key(other, parameters) == mine {
            violated("another caller's same message is another ask", text.debugDescription + " from \(other)")
        }
        var changed = parameters
        // A value the message does not hold already under that name (the seed holds one).
        changed["\u{0}colliding"] = parameters["\u{0}colliding"] as? String == "a" ? "b" : "a"
        if key(page, changed) == mine { violated("other parameters are another ask", text.debugDescription) }
    }
}
