// sample: Sources/SwitchyardUIKit/WebBridgeHandler.swift #1 "let configuration = WKWebViewConfigurati"
// platform: ios
import WebKit
import Switchyard
import SwitchyardUIKit

@MainActor func makeWebView(bridge: WebBridge) throws -> WKWebView {
// {{sample}}
    return webView
}
