import Foundation
import Switchyard
import SwitchyardSupport
import SwitchyardTesting
import Testing

/// `switchyard.js` in a real browser as it runs inside the app: its page finds a stand-in for
/// WebKit's `window.webkit.messageHandlers.switchyard` (``BrowserPages/standIn(shop:)``) and
/// talks to the Swift bridge through it alone, each message with the frame and web view WebKit
/// would name. Part of the browser suite: serialized with its other test, the same time limit.
extension BrowserBridgeTests {
    /// The routes the in-app pages reach. The duplicate guard is off: these pages call one URL
    /// several times within its 500 ms, and the guard takes the bridge's calls of one URL for a
    /// double tap whatever their page, web view or parameters (it keys on URL, source and scene).
    static func inAppRouter(sawCancellation: Shared<Bool>) throws -> Router {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/order/new") { request in request.answer(["orderNumber": "A-1001"]) }
        let promoEnded = CallbackInterceptor(name: "promo window") { _, finish in finish(.reject(Failure(description: "the spring promo has ended"))) }
        try router.action("/order/refused", interceptors: [promoEnded]) { request in request.answer("never") }
        try router.action("/order/wait") { _ in
            do { try await Task.sleep(for: .seconds(60)) } catch { sawCancellation.withLock { $0 = true } }
        }
        return router
    }

    /// The page inside the app: answers, a route's refusal and a malformed message through the
    /// app's handler; a swap of the transport refused with `transportFixed`, and neither it nor a
    /// handler replaced after load sees a call; a frame of the page's origin refused by the
    /// default policy and let in by one allowing subframes, a frame of another origin refused
    /// by origin even then; and the call it left waiting as it navigated is cancelled by the
    /// leave its `pagehide` posts to the app's handler.
    @Test(.enabled(if: runs, "no chromium here and CI is not set"))
    func aPageInTheAppCallsThroughWebKitsHandlerAloneAndItsFramesAsThePolicySays() async throws {
        let chromium = try BrowserAvailability.here.chromium()
        let sawCancellation = Shared(false)
        let router = try Self.inAppRouter(sawCancellation: sawCancellation)
        let bridges = Shared<[String: WebBridge]>([:])
        let replies = Shared<[String]>([])
        let frames = Shared<[String]>([])
        let view = WebViewID.next()
        let site = try BrowserSite(bridge: { message, request, query in
            guard let bridge = bridges.current[query["bridge"] ?? ""] else { return nil }
            let frame = BrowserSite.frame(of: request, query: query, views: ["S": view])
            let kind = frame.view == view ? (frame.isMainFrame ? "main frame" : "subframe") : "frame of no web view"
            frames.withLock { $0.append("\(query["bridge"] ?? "") bridge: \(kind) of \(frame.origin?.description ?? "no origin")") }
            let reply = await bridge.receive(message, from: frame)
            replies.withLock { $0.append(reply) }
            return reply
        }, also: { request in
            guard request.path == "/waiting" else { return nil }
            return .respond(status: 200, headers: [:], body: Data("\(bridges.current["shop"]?.waitingCalls ?? 0)".utf8))
        })
        defer { site.stop() }
        let stranger = try BrowserSite()
        defer { stranger.stop() }
        let shop = site.origin
        let defaultPolicy = WebBridgePolicy(origins: [shop: ["/order/new", "/order/refused", "/order/wait"]])
        let framesPolicy = WebBridgePolicy(origins: [shop: ["/order/new"]], allowsSubframes: true)
        let shopBridge = try WebBridge(router: router, policy: defaultPolicy)
        let framesBridge = try WebBridge(router: router, policy: framesPolicy)
        bridges.withLock { $0 = ["shop": shopBridge, "frames": framesBridge] }
        site.pages.withLock {
            $0 = ["/app.html": BrowserPages.inApp(shop: shop, stranger: stranger.origin), "/frame.html": BrowserPages.frame(shop: shop),
                  "/left.html": BrowserPages.left(shop: shop)]
        }
        stranger.pages.withLock { $0 = ["/frame.html": BrowserPages.frame(shop: shop)] }

        let browser = try HeadlessChromium(chromium, url: "\(shop)/app.html?view=S")
        defer { browser.stop() }
        let steps = BrowserSteps(reports: site.reports)
        try await steps.wait(reports: 13, "the in-app page's cases, then the page it went to")
        // The leave goes out as the page hides; the next page's reports may arrive before it.
        try await steps.wait("the call left waiting cancelled") { sawCancellation.current && shopBridge.waitingCalls == 0 }
        let printed = steps.printed()

        #expect(printed == [
            #"in-app answer: resolved {"orderNumber":"A-1001"}"#,
            #"in-app open: resolved "performedAction""#,
            // A route's refusal: its code; the message is the app's to word.
            "in-app refusal: rejected, code rejected",
            #"in-app malformed: {"error":{"code":"malformedMessage","message":"the message is not JSON: expected a quoted key at byte 19"},"id":null,"ok":false}"#,
            "transport swap: refused transportFixed inside the app the bridge keeps the app's transport",
            #"after the refused swap: resolved {"orderNumber":"A-1001"} (1 through the app's handler, 0 through the page's)"#,
            #"handler replaced after load: resolved {"orderNumber":"A-1001"} (1 through the app's handler, 0 through the page's)"#,
            "same-origin frame: rejected subframeNotAllowed \(BridgeError.subframeNotAllowed(origin: shop).description)",
            #"same-origin frame, subframes allowed: resolved {"orderNumber":"A-1001"}"#,
            "other-origin frame, subframes allowed: rejected originNotAllowed \(BridgeError.originNotAllowed(origin: stranger.origin).description)",
            "in-app leave: navigating with a call waiting",
            "in-app leave: arrived on the next page",
            "done",
        ])
        // The stand-in told Swift which frames were subframes, as WebKit's WKFrameInfo would.
        let seen = Set(frames.current)
        #expect(seen.isSuperset(of: [
            "shop bridge: main frame of \(shop)", "shop bridge: subframe of \(shop)", "frames bridge: subframe of \(shop)",
            "frames bridge: subframe of \(stranger.origin)",
        ]))
        #expect(!seen.contains { $0.hasPrefix("frames bridge: main frame") }, "only frames used the bridge that allows them")
        #expect(replies.current.contains { Reply($0).code == "pageLeft" })
    }
}
