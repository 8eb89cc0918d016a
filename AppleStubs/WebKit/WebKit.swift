// A stand-in for the part of Apple's WebKit that SwitchyardUIKit's web bridge handler calls, so
// it compiles on Linux: each declaration names the symbol it stands for and keeps its
// signature; bodies do nothing. Built only with SWITCHYARD_APPLE_STUBS=1, never shipped.
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking   // URLRequest, which WebKit's Foundation has on Apple's systems
#endif

/// WKSecurityOrigin
open class WKSecurityOrigin: NSObject {
    /// WKSecurityOrigin.protocol
    open var `protocol`: String { "" }
    /// WKSecurityOrigin.host
    open var host: String { "" }
    /// WKSecurityOrigin.port
    open var port: Int { 0 }
}

/// WKFrameInfo
open class WKFrameInfo: NSObject {
    /// WKFrameInfo.isMainFrame
    open var isMainFrame: Bool { true }
    /// WKFrameInfo.securityOrigin
    open var securityOrigin: WKSecurityOrigin { WKSecurityOrigin() }
    /// WKFrameInfo.request
    open var request: URLRequest { URLRequest(url: URL(fileURLWithPath: "/")) }
}

/// WKContentWorld
open class WKContentWorld: NSObject {
    /// WKContentWorld.page
    open class var page: WKContentWorld { WKContentWorld() }
    /// WKContentWorld.defaultClient
    open class var defaultClient: WKContentWorld { WKContentWorld() }
}

/// WKScriptMessage
open class WKScriptMessage: NSObject {
    /// WKScriptMessage.body
    open var body: Any { "" }
    /// WKScriptMessage.frameInfo
    open var frameInfo: WKFrameInfo { WKFrameInfo() }
    /// WKScriptMessage.name
    open var name: String { "" }
}

/// WKUserScriptInjectionTime
public enum WKUserScriptInjectionTime: Int, @unchecked Sendable {
    /// WKUserScriptInjectionTime.atDocumentStart
    case atDocumentStart = 0
    /// WKUserScriptInjectionTime.atDocumentEnd
    case atDocumentEnd = 1
}

/// WKUserScript
open class WKUserScript: NSObject {
    /// WKUserScript.init(source:injectionTime:forMainFrameOnly:in:)
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool, in contentWorld: WKContentWorld) { super.init() }
}

/// WKScriptMessageHandlerWithReply
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    /// WKScriptMessageHandlerWithReply.userContentController(_:didReceive:replyHandler:)
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage, replyHandler: @escaping (Any?, String?) -> Void
    )
}

/// WKUserContentController
open class WKUserContentController: NSObject {
    /// WKUserContentController.addUserScript(_:)
    open func addUserScript(_ userScript: WKUserScript) {}
    /// WKUserContentController.addScriptMessageHandler(_:contentWorld:name:)
    open func addScriptMessageHandler(_ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String) {}
    /// WKUserContentController.removeScriptMessageHandler(forName:contentWorld:)
    open func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {}
}
