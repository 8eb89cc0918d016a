#if canImport(WebKit) && canImport(UIKit) && !os(watchOS) && !os(tvOS)
@preconcurrency import WebKit
import SwitchyardBridge

/// Carries `switchyard.js`'s messages from a `WKWebView` to a ``WebBridge`` and its replies back.
///
/// The origin, the frame's URL and the main-frame flag come from WebKit's `WKFrameInfo`, never
/// from the page; every decision (origins, folders of the app's files, routes, limits) is the
/// bridge's. A page the app serves under its own scheme (`setURLSchemeHandler(_:forURLScheme:)`)
/// reports that scheme's origin, and a `file:` page its URL. Install it on the web view's
/// configuration before the page loads:
///
/// ```swift
/// let configuration = WKWebViewConfiguration()
/// let handler = WebBridgeHandler(bridge: bridge)
/// try handler.install(in: configuration.userContentController)
/// let webView = WKWebView(frame: .zero, configuration: configuration)
/// ```
///
/// The script's `pagehide` message cancels a page's waiting calls when it navigates away. When
/// the handler is released (its web view and configuration are gone), the calls of every page
/// it carried end too, and only theirs (``WebBridge/webViewDidClose(_:)``). Give each web view a
/// handler of its own.
@MainActor
public final class WebBridgeHandler: NSObject, @preconcurrency WKScriptMessageHandlerWithReply {
    /// The name the page's script posts to: `window.webkit.messageHandlers.switchyard`.
    public static let messageHandlerName = "switchyard"
    /// Where the messages go.
    public let bridge: WebBridge
    /// The web view this handler carries messages for, as the bridge tells them apart.
    public let view = WebViewID.next()

    /// A handler for `bridge`.
    public init(bridge: WebBridge) {
        self.bridge = bridge
        super.init()
    }

    deinit {
        bridge.webViewDidClose(view)
    }

    /// Adds `switchyard.js` at document start and this handler, both in `contentWorld`: the
    /// page's own world by default, where the page's scripts can call `Switchyard.call`.
    ///
    /// - Throws: when the script cannot be read from the package's bundle.
    public func install(in controller: WKUserContentController, contentWorld: WKContentWorld = .page) throws {
        let script = WKUserScript(source: try WebBridge.script(), injectionTime: .atDocumentStart, forMainFrameOnly: false, in: contentWorld)
        controller.addUserScript(script)
        controller.addScriptMessageHandler(self, contentWorld: contentWorld, name: Self.messageHandlerName)
    }

    /// Hands the message to the bridge; the reply resolves or rejects the page's promise.
    public func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage, replyHandler: @escaping (Any?, String?) -> Void
    ) {
        let origin = message.frameInfo.securityOrigin
        // The frame's URL tells the pages of the app's own files apart (file: pages share one origin).
        let frame = WebFrame(
            origin: WebOrigin(scheme: origin.protocol, host: origin.host, port: origin.port), isMainFrame: message.frameInfo.isMainFrame,
            view: view, url: message.frameInfo.request.url?.absoluteString
        )
        guard let text = message.body as? String else {
            replyHandler(WebBridge.refusal(ofBody: String(describing: type(of: message.body))), nil)
            return
        }
        let bridge = bridge
        Task {
            replyHandler(await bridge.receive(text, from: frame), nil)
        }
    }
}
#endif
