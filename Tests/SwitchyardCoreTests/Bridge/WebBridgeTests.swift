import Foundation
import Switchyard
import SwitchyardSupport
import Testing

/// A page's calls reach the routes its origin may reach, through the same pipeline, and the
/// answers come back as JSON.
@Suite("Web bridge: calls and answers", .timeLimit(.minutes(1)))
struct WebBridgeTests {
    @Test func aCallResolvesWithTheRoutesAnswerAsJSON() async throws {
        let shop = try BridgeShop()
        let reply = await shop.send(BridgeShop.message(id: 7, params: #"{"sku":"A1","count":2,"gift":true,"tags":["red"],"note":null}"#))
        #expect(reply.ok && reply.id == .number(7))
        #expect(reply.answer == .object(["orderNumber": .string("A-1001"), "total": .number(42.5)]))
        let parameters = shop.orderParameters.current
        #expect(parameters["sku"] as? String == "A1")
        #expect(parameters["count"] as? Int == 2)
        #expect(parameters["gift"] as? Bool == true)
        #expect(parameters["tags"] as? [any Sendable] != nil)
        #expect(parameters["note"] == nil, "null adds nothing")
    }

    @Test func anEncodableAnswerIsEncoded() async throws {
        let reply = await (try BridgeShop()).send(BridgeShop.message(url: "/order/receipt"))
        #expect(reply.answer == .object(["number": .string("A-7"), "items": .array([.string("tea"), .string("cup")])]))
    }

    @Test func anOpenResolvesWithTheOutcomesName() async throws {
        let reply = await (try BridgeShop()).send(BridgeShop.message(method: "open", url: "/order/silent"))
        #expect(reply.ok && reply.answer == .string("performedAction"))
    }

    @Test func aRouteThatFinishesWithoutAnsweringRejectsAsCancelled() async throws {
        let reply = await (try BridgeShop()).send(BridgeShop.message(url: "/order/silent"))
        #expect(reply.code == "cancelled")
        #expect(reply.message == "the route finished without answering")
    }

    @Test func aDoubleTapOfTheSameCallIsStoppedByTheDuplicateGuardAndSaysSo() async throws {
        let shop = try BridgeShop(duplicateWindow: .seconds(600))
        #expect(await shop.send(BridgeShop.message(id: 1)).ok)
        let second = await shop.send(BridgeShop.message(id: 2))
        #expect(second.code == "handled")
        #expect(second.message == "the duplicate guard handled the open; nothing answered")
        #expect(await shop.send(BridgeShop.message(id: 3, method: "open")).answer == .string("handled"))
        #expect(shop.runs.current == 1)
    }

    /// The page gets the router's code and a sentence safe to show; the interceptor's name and
    /// reason stay in the app's own result (issue 36).
    @Test func anInterceptorsRefusalRejectsWithTheRoutersCodeAndASafeMessage() async throws {
        let shop = try BridgeShop()
        shop.router.addInterceptor(try SourcePolicyInterceptor(internalOnly: ["/order/new"]))
        let results = Shared<[OpenResult]>([])
        shop.router.setErrorHandler { result in results.withLock { $0.append(result) } }
        let reply = await shop.send(BridgeShop.message())
        #expect(reply.code == "rejected")
        #expect(reply.message == "the app refused the open")
        let expected = OpenError.rejected(by: "source policy", reason: SecurityError.internalOnly(pattern: "/order/new", source: .h5).description)
        #expect(results.current.map(\.outcome) == [.rejected(expected)])
        #expect(shop.runs.current == 0)
    }

    @Test func theOpenComesFromTheH5Source() async throws {
        let shop = try BridgeShop()
        let sources = Shared<[RouteSource]>([])
        shop.router.addInterceptor(CallbackInterceptor(name: "source recorder") { request, finish in
            sources.withLock { $0.append(request.source) }
            finish(.proceed)
        })
        #expect(await shop.send(BridgeShop.message()).ok)
        #expect(sources.current == [.h5])
    }

    @Test func anAnswerWithNoJSONFormIsAnErrorThePageSees() async throws {
        let reply = await (try BridgeShop()).send(BridgeShop.message(url: "/order/closure"))
        #expect(reply.code == "answerNotEncodable")
        #expect(reply.message?.hasPrefix("the answer, a ClosureHolder, has no JSON form") == true)
    }

    @Test func anAnswerOverTheLimitIsAnErrorThePageSees() async throws {
        let reply = await (try BridgeShop()).send(BridgeShop.message(url: "/order/huge"))
        #expect(reply.code == "answerTooLarge")
        #expect(reply.message == BridgeError.answerTooLarge(bytes: 300_030, limit: 262_144).description)
    }

    /// `{"answer":"…","id":1,"ok":true}` is the text plus 30 bytes.
    @Test func anAnswerOfTheLimitIsSentAndOneByteMoreIsNot() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/pad/<int:n>") { request in request.answer(String(repeating: "x", count: request.int("n") ?? 0)) }
        let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/pad/<int:n>"]]),
                                   limits: BridgeLimits(answerBytes: 1_000))
        let atLimit = await bridge.receive(BridgeShop.message(url: "/pad/970"), from: WebFrame(origin: promoOrigin))
        #expect(atLimit.utf8.count == 1_000 && Reply(atLimit).ok)
        let over = Reply(await bridge.receive(BridgeShop.message(id: 2, url: "/pad/971"), from: WebFrame(origin: promoOrigin)))
        #expect(over.message == BridgeError.answerTooLarge(bytes: 1_001, limit: 1_000).description)
    }

    @Test func aPageLeavingCancelsItsWaitingCallAndTheRouteSeesIt() async throws {
        let shop = try BridgeShop()
        let call = Task { await shop.send(BridgeShop.message(id: 3, url: "/order/wait")) }
        while shop.bridge.waitingCalls < 1 || shop.runs.current < 1 { await Task.yield() }
        let left = await shop.send(#"{"page":"p1","method":"leave"}"#)
        #expect(left.ok)
        let reply = await call.value
        #expect(reply.code == "pageLeft" && reply.id == .number(3))
        #expect(shop.bridge.waitingCalls == 0)
        while !shop.sawCancellation.current { await Task.yield() }
    }

    /// Two web views show the same page; the one closed without a `pagehide` ends its own call.
    @Test func aClosedWebViewEndsTheCallsOfItsPagesAndNoOthers() async throws {
        let shop = try BridgeShop()
        let (closing, staying) = (WebViewID.next(), WebViewID.next())
        let closed = Task { await shop.bridge.receive(BridgeShop.message(id: 1, url: "/order/wait"), from: WebFrame(origin: promoOrigin, view: closing)) }
        let open = Task { await shop.bridge.receive(BridgeShop.message(id: 1, url: "/order/wait"), from: WebFrame(origin: promoOrigin, view: staying)) }
        // Both routes running, not only both calls waiting: a call waits from before its open
        // reaches the route, and one closed before that never runs it.
        while shop.bridge.waitingCalls < 2 || shop.runs.current < 2 { await Task.yield() }
        shop.bridge.webViewDidClose(closing)
        #expect(Reply(await closed.value).code == "pageLeft")
        #expect(shop.bridge.waitingCalls == 1, "the other web view's call still waits")
        shop.bridge.webViewDidClose(WebViewID.next())
        #expect(shop.bridge.waitingCalls == 1, "a web view that showed nothing ends nothing")
        // A message already on its way when its web view closed starts nothing.
        let late = Reply(await shop.bridge.receive(BridgeShop.message(id: 2, url: "/order/new"), from: WebFrame(origin: promoOrigin, view: closing)))
        #expect(late.code == "pageLeft")
        #expect(shop.runs.current == 2)
        shop.bridge.pageDidLeave("p1", origin: try #require(promoOrigin))
        #expect(Reply(await open.value).code == "pageLeft")
        #expect(shop.bridge.waitingCalls == 0)
    }

    @Test func anotherPagesLeaveCancelsNothing() async throws {
        let shop = try BridgeShop()
        let call = Task { await shop.send(BridgeShop.message(id: 3, url: "/order/wait", page: "p1")) }
        while shop.bridge.waitingCalls < 1 { await Task.yield() }
        _ = await shop.send(#"{"page":"p2","method":"leave"}"#)
        let stranger = await shop.send(#"{"page":"p1","method":"leave"}"#, from: WebOrigin("https://other.example.com"))
        #expect(stranger.code == "originNotAllowed")
        #expect(shop.bridge.waitingCalls == 1)
        shop.bridge.pageDidLeave("p1", origin: try #require(promoOrigin))
        #expect(await call.value.code == "pageLeft")
    }
}
