// sample: Sources/SwitchyardBridge/SwitchyardBridge.docc/CallingRoutesFromWebPages.md #2 "let configuration = WKWebViewConfigurati"
// platform: ios
import WebKit
import Switchyard
import SwitchyardUIKit

@MainActor func makeWebView(bridge: WebBridge) throws -> WKWebView {
// {{sample}}
    return webView
}
