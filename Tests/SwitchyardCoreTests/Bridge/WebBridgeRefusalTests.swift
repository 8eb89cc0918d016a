import Foundation
import Switchyard
import SwitchyardSupport
import Testing

/// A page's message is hostile input: each bad one gets its own error, the page sees it, and
/// nothing runs or stays behind.
@Suite("Web bridge: refusals", .timeLimit(.minutes(1)))
struct WebBridgeRefusalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let error: BridgeError
        let id: JSONValue
        var testDescription: String { name }
    }

    static let deepParams = String(repeating: "[", count: 15) + String(repeating: "]", count: 15)

    static let cases: [Case] = [
        Case(name: "not JSON", text: #"{"page":"p1","id":1,"#, error: .malformedMessage(offset: 20, reason: "expected a quoted key"), id: .null),
        Case(name: "not an object", text: "[1]", error: .invalidMessage(member: "", reason: "message is an array; it must be an object"), id: .null),
        Case(name: "unknown member", text: #"{"page":"p1","id":1,"method":"call","url":"/order/new","eval":"x"}"#,
             error: .invalidMessage(member: "eval", reason: "is not a member of a bridge message (page, id, method, url, params)"), id: .number(1)),
        Case(name: "unknown method", text: BridgeShop.message(method: "exec"),
             error: .invalidMessage(member: "method", reason: "is \"exec\"; it must be open, call or leave"), id: .number(1)),
        Case(name: "id zero", text: BridgeShop.message(id: 0), error: .invalidMessage(member: "id", reason: "must be a whole number from 1 to 2^53-1, not a number"), id: .null),
        Case(name: "id past 2^53", text: BridgeShop.message(id: 9_007_199_254_740_992),
             error: .invalidMessage(member: "id", reason: "must be a whole number from 1 to 2^53-1, not a number"), id: .null),
        Case(name: "fractional id", text: #"{"page":"p1","id":1.5,"method":"call","url":"/order/new"}"#,
             error: .invalidMessage(member: "id", reason: "must be a whole number from 1 to 2^53-1, not a number"), id: .null),
        Case(name: "no page", text: #"{"id":1,"method":"call","url":"/order/new"}"#, error: .invalidMessage(member: "page", reason: "must be a string"), id: .number(1)),
        Case(name: "page name with a slash", text: BridgeShop.message(page: "a/b"),
             error: .invalidMessage(member: "page", reason: "must be 1 to 64 letters, digits, \"-\" or \"_\""), id: .number(1)),
        Case(name: "page name of 65 bytes", text: BridgeShop.message(page: String(repeating: "a", count: 65)),
             error: .invalidMessage(member: "page", reason: "must be 1 to 64 letters, digits, \"-\" or \"_\""), id: .number(1)),
        Case(name: "empty url", text: BridgeShop.message(url: ""), error: .invalidMessage(member: "url", reason: "must be a non-empty string"), id: .number(1)),
        Case(name: "params an array", text: BridgeShop.message(params: "[1]"), error: .invalidMessage(member: "params", reason: "must be an object, not an array"), id: .number(1)),
        Case(name: "leave with an id", text: #"{"page":"p1","method":"leave","id":1}"#,
             error: .invalidMessage(member: "method", reason: "is leave, which carries nothing but page"), id: .number(1)),
        Case(name: "a key twice", text: #"{"page":"p1","id":1,"id":2,"method":"call","url":"/order/new"}"#,
             error: .malformedMessage(offset: 20, reason: "duplicate key \"id\" in one object"), id: .null),
        Case(name: "nested one level too deep", text: BridgeShop.message(params: #"{"a":\#(deepParams)}"#),
             error: .malformedMessage(offset: 83, reason: "nesting deeper than 16 levels (BridgeLimits.depth)"), id: .null),
        Case(name: "invalid UTF-8 escape", text: #"{"page":"p1","id":1,"method":"call","url":"\ud800"}"#,
             error: .malformedMessage(offset: 43, reason: "an unpaired surrogate escape"), id: .null),
    ]

    @Test(arguments: cases)
    func refused(_ refusal: Case) async throws {
        let shop = try BridgeShop()
        let reply = await shop.send(refusal.text)
        #expect(!reply.ok)
        #expect(reply.code == refusal.error.code)
        #expect(reply.message == refusal.error.description)
        #expect(reply.id == refusal.id)
        #expect(shop.runs.current == 0, "nothing ran")
        #expect(shop.bridge.waitingCalls == 0, "nothing stays behind")
    }

    @Test func nestingAtTheLimitIsRead() async throws {
        let shallower = String(repeating: "[", count: 14) + String(repeating: "]", count: 14)
        let reply = await (try BridgeShop()).send(BridgeShop.message(params: #"{"a":\#(shallower)}"#))
        #expect(reply.ok)
    }

    @Test func aMessageOfTheLimitIsReadAndOneByteMoreIsNot() async throws {
        let limits = BridgeLimits(messageBytes: 200)
        let shop = try BridgeShop(limits: limits)
        let base = BridgeShop.message(params: #"{"pad":""}"#)
        let atLimit = BridgeShop.message(params: #"{"pad":"\#(String(repeating: "x", count: 200 - base.utf8.count))"}"#)
        #expect(atLimit.utf8.count == 200)
        #expect(await shop.send(atLimit).ok)
        let over = BridgeShop.message(params: #"{"pad":"\#(String(repeating: "x", count: 201 - base.utf8.count))"}"#)
        let reply = await shop.send(over)
        #expect(reply.code == "messageTooLarge")
        #expect(reply.message == "the message is 201 bytes long; the limit is 200 (BridgeLimits.messageBytes)")
        #expect(shop.runs.current == 1)
    }

    @Test func parametersAtTheLimitAreReadAndOneMoreIsNot() async throws {
        let shop = try BridgeShop(limits: BridgeLimits(parameters: 3))
        #expect(await shop.send(BridgeShop.message(params: #"{"a":1,"b":2,"c":3}"#)).ok)
        let reply = await shop.send(BridgeShop.message(params: #"{"a":1,"b":2,"c":3,"d":4}"#))
        #expect(reply.message == BridgeError.tooManyParameters(count: 4, limit: 3).description)
        #expect(shop.runs.current == 1)
    }

    @Test func anOriginNotAllowedIsRefusedBeforeItsMessageIsRead() async throws {
        let shop = try BridgeShop()
        for origin in ["http://promo.example.com", "https://promo.example.com:8443", "https://evil.promo.example.com", "https://example.com"] {
            let reply = await shop.send("not even JSON", from: WebOrigin(origin))
            #expect(reply.code == "originNotAllowed", "\(origin)")
            #expect(reply.message == BridgeError.originNotAllowed(origin: origin).description)
        }
        let opaque = await shop.send(BridgeShop.message(), from: nil)
        #expect(opaque.message == "pages of an opaque origin may not use the bridge (WebBridgePolicy.origins)")
        #expect(shop.runs.current == 0)
    }

    @Test func theSameOriginSpelledOtherwiseIsLetIn() async throws {
        let shop = try BridgeShop()
        #expect(await shop.send(BridgeShop.message(), from: WebOrigin("HTTPS://Promo.Example.com:443/")).ok)
        #expect(await shop.send(BridgeShop.message(id: 2), from: WebOrigin(scheme: "https", host: "promo.example.com", port: 0)).ok)
    }

    @Test func aFrameInsideThePageIsRefusedUnlessThePolicyAllowsFrames() async throws {
        let reply = await (try BridgeShop()).send(BridgeShop.message(), mainFrame: false)
        #expect(reply.message == "a frame inside a page of https://promo.example.com may not use the bridge (WebBridgePolicy.allowsSubframes)")
        #expect(await (try BridgeShop(allowsSubframes: true)).send(BridgeShop.message(), mainFrame: false).ok)
    }

    @Test func aRouteNotListedForTheOriginIsRefusedBeforeItRuns() async throws {
        let shop = try BridgeShop()
        let reply = await shop.send(BridgeShop.message(url: "myapp://admin/wipe"))
        #expect(reply.code == "notOpenToCaller")
        #expect(reply.message == "myapp://admin/wipe is not open to web pages of https://promo.example.com", "the page is not told the pattern")
        #expect(shop.runs.current == 0)
    }

    /// A URL no route takes reads, to a page, as one not open to it: else the page could tell
    /// the routes it may not reach from routes that do not exist, and map the table.
    @Test func anUnknownRouteReadsAsNotOpenToThePage() async throws {
        let reply = await (try BridgeShop()).send(BridgeShop.message(url: "/nowhere"))
        #expect(reply.code == "notOpenToCaller")
        #expect(reply.message == "/nowhere is not open to web pages of https://promo.example.com")
    }

    @Test func aRouteReachedAfterAnotherDeclinedMustBeListedToo() async throws {
        let shop = try BridgeShop()
        try shop.router.action("/promo/:slug", priority: 10) { _ in throw RouteDeclined() }
        try shop.router.action("/promo/*") { _ in shop.runs.withLock { $0 += 1 } }
        let bridge = try WebBridge(router: shop.router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/promo/:slug"]]))
        let reply = Reply(await bridge.receive(BridgeShop.message(url: "/promo/spring"), from: WebFrame(origin: promoOrigin)))
        #expect(reply.message == "/promo/spring is not open to web pages of https://promo.example.com")
        #expect(shop.runs.current == 0)
    }

    @Test func callsOverThePagesLimitAreRefusedAndAnotherPageStillCalls() async throws {
        let shop = try BridgeShop(limits: BridgeLimits(pendingCallsPerPage: 2, pages: 2))
        let views = [WebViewID.next(), WebViewID.next(), WebViewID.next()]
        func send(_ id: Int, page: String = "p1", view: Int = 0) async -> Reply {
            Reply(await shop.bridge.receive(BridgeShop.message(id: id, url: "/order/wait", page: page), from: WebFrame(origin: promoOrigin, view: views[view])))
        }
        let first = Task { await send(1) }
        let second = Task { await send(2) }
        while shop.bridge.waitingCalls < 2 { await Task.yield() }
        #expect(await send(3).message == "the page has 2 calls waiting already (BridgeLimits.pendingCallsPerPage)")
        // A name the page makes up is not another page: the web view's limit holds.
        #expect(await send(3, page: "p-made-up").code == "tooManyPendingCalls")
        #expect(await send(2).message == "call 2 is still waiting; a call's id must be new")
        let otherView = Task { await send(1, view: 1) }
        while shop.bridge.waitingCalls < 3 { await Task.yield() }
        #expect(await send(1, view: 2).message == "2 pages have calls waiting already (BridgeLimits.pages)")
        // A call waits before its route's task starts: give the three routes time to begin.
        for _ in 0..<100_000 where shop.runs.current < 3 { await Task.yield() }
        #expect(shop.runs.current == 3)
        shop.bridge.pagesDidLeave()
        for task in [first, second, otherView] { #expect(await task.value.code == "pageLeft") }
        #expect(shop.bridge.waitingCalls == 0)
    }

    /// Found in review: nulls in an array would be dropped, shifting the positions after them.
    @Test(arguments: [
        (#"{"ids":[null,"A1"]}"#, "params.ids"),
        (#"{"order":{"lines":[{"skus":["a",null]}]}}"#, "params.order.lines[0].skus"),
    ])
    func anArrayHoldingNullIsRefusedNamingWhereItIs(params: String, member: String) async throws {
        let shop = try BridgeShop()
        let reply = await shop.send(BridgeShop.message(params: params))
        #expect(reply.message == BridgeError.invalidMessage(member: member, reason: "holds null; an array in params may not (a route reads its values by position)").description)
        #expect(shop.runs.current == 0)
        #expect(await shop.send(BridgeShop.message(params: #"{"ids":["A1"],"note":null}"#)).ok, "a null member reads as absent")
    }

    @Test func aPolicyEntryThatIsNotAnOriginIsRefusedAtSetup() throws {
        let router = Router(configuration: .quiet)
        let entries = ["https://promo.example.com/path", "promo.example.com", "ftp://promo.example.com", "https://user@promo.example.com", "null",
                       "https://promo.example.com/\u{0301}", "https://promo.example.com\r\n", "https://promo.example.com:+80", "https://promo.example.com:65536",
                       "https://пример.рф"]
        for entry in entries {
            #expect(throws: BridgeSetupError.invalidOrigin(entry)) {
                try WebBridge(router: router, policy: WebBridgePolicy(origins: [entry: ["/x"]]))
            }
        }
    }
}
