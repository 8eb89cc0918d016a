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
    /// The routes the in-app pages reach. The duplicate guard is off: one page calls one URL
    /// with the same parameters several times within its 500 ms, which is its double tap.
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

    /// Two web views showing the same page: the same page name, the same call ids, each call
    /// waiting at once in both. Each view gets its own answers; closing one ends its call
    /// (`pageLeft`, its route cancelled) and refuses its later one, and the other's call still
    /// gets its answer.
    @Test(.enabled(if: runs, "no chromium here and CI is not set"))
    func twoWebViewsWithOnePagesNameAndCallIDsGetTheirOwnAnswersAndOneClosingEndsOnlyItsCalls() async throws {
        let chromium = try BrowserAvailability.here.chromium()
        // The duplicate guard on, as an app has it: the two views' calls of one URL are two
        // callers' (issue 36), and one view's two calls differ by their parameters.
        let router = Router(configuration: .quiet)
        let (held, released, cancelled) = (Shared<Set<String>>([]), Shared<Set<String>>([]), Shared<Set<String>>([]))
        try router.action("/hold") { request in
            let view = request.caller("view", as: String.self) ?? "?", number = request.caller("call", as: String.self) ?? "?"
            let call = view + number
            held.withLock { _ = $0.insert(call) }
            do {
                while !released.current.contains(call) { try await Task.sleep(for: .milliseconds(10)) }
                request.answer("for web view \(view), call \(number)")
            } catch {
                cancelled.withLock { _ = $0.insert(call) }
            }
        }
        let views = ["A": WebViewID.next(), "B": WebViewID.next()]
        let bridgeSlot = Shared<WebBridge?>(nil)
        let sent = Shared<[String]>([])
        let site = try BrowserSite(bridge: { message, request, query in
            guard let bridge = bridgeSlot.current else { return nil }
            let read = Reply(message).json
            sent.withLock { $0.append("\(query["view"] ?? "?") \(read["page"].map(JSONWriter.text) ?? "-") \(read["id"].map(JSONWriter.text) ?? "-")") }
            return await bridge.receive(message, from: BrowserSite.frame(of: request, query: query, views: views))
        })
        defer { site.stop() }
        let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: [site.origin: ["/hold"]]))
        bridgeSlot.withLock { $0 = bridge }
        site.pages.withLock { $0 = ["/view.html": BrowserPages.webView(shop: site.origin)] }

        let browser = try HeadlessChromium(chromium, url: "\(site.origin)/view.html?name=fixed&view=A&open=B", arguments: ["--disable-popup-blocking"])
        defer { browser.stop() }
        let steps = BrowserSteps(reports: site.reports)
        try await steps.wait("both web views hold their call 1") { held.current.isSuperset(of: ["A1", "B1"]) }
        #expect(bridge.waitingCalls == 2)
        released.withLock { _ = $0.insert("A1") }
        try await steps.wait(reports: 1, "web view A's call 1 answered, B's still waiting")
        try await steps.wait("web view A holds its call 2") { held.current.contains("A2") }
        released.withLock { _ = $0.insert("B1") }
        try await steps.wait(reports: 2, "web view B's call 1 answered")
        try await steps.wait("web view B holds its call 2") { held.current.contains("B2") }
        bridge.webViewDidClose(try #require(views["A"]))
        #expect(bridge.waitingCalls == 1, "web view B's call 2 still waits")
        try await steps.wait(reports: 4, "web view A's call 2 ended, and its call 3 refused")
        try await steps.wait("web view A's route saw its call cancelled") { cancelled.current.contains("A2") }
        released.withLock { _ = $0.insert("B2") }
        try await steps.wait(reports: 5, "web view B's call 2 answered")
        let printed = steps.printed()

        let pageLeft = BridgeError.pageLeft.description
        #expect(printed == [
            #"web view A, call 1: resolved "for web view A, call 1""#,
            #"web view B, call 1: resolved "for web view B, call 1""#,
            "web view A, call 2: rejected pageLeft \(pageLeft)",
            "web view A, call 3 after it closed: rejected pageLeft \(pageLeft)",
            #"web view B, call 2: resolved "for web view B, call 2""#,
        ])
        // One page name and the same ids in both web views: the bridge told them apart by view.
        let name = "\"" + String(repeating: "5a", count: 16) + "\""
        #expect(sent.current.sorted() == ["A \(name) 1", "A \(name) 2", "A \(name) 3", "B \(name) 1", "B \(name) 2"])
        #expect(cancelled.current == ["A2"])
        #expect(bridge.waitingCalls == 0)
    }
}
