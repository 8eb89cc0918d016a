import Foundation

extension WebBridge {
    /// The text of `switchyard.js`, the page's side of the bridge, shipped with this module:
    /// what the WebKit adapter injects at document start. A site can serve the same file itself.
    ///
    /// - Throws: `CocoaError` when the resource cannot be read (a broken app bundle).
    public static func script() throws -> String {
        guard let url = Bundle.module.url(forResource: "switchyard", withExtension: "js") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "switchyard.js is not in the SwitchyardBridge bundle"])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}

extension WebBridge {
    /// The reply to a message that is not text (a page posting an object rather than the JSON
    /// text `switchyard.js` sends): refused as ``BridgeError/invalidMessage(member:reason:)``.
    public static func refusal(ofBody type: String) -> String {
        BridgeReply.failure(id: nil, BridgeError.invalidMessage(member: "", reason: "message is a \(type); it must be JSON text"))
    }
}
