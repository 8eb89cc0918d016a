import Foundation
import Switchyard
import SwitchyardSupport
import Testing

/// Issue 36, items 2 and 3: what a page or another app learns is chosen, not leaked, and what
/// it sends is never an in-app value.
@Suite("Foreign callers: what they learn and what they send")
struct ForeignCallerTests {
    /// A route that throws: the page and the other app get `actionFailed`, "the route failed";
    /// the app's own caller and its log keep the text.
    @Test func aRouteThatThrowsKeepsItsTextInsideTheApp() async throws {
        let shop = try ManyCallers()
        let page = await shop.page("shop://fail")
        #expect(page.text == #"{"error":{"code":"actionFailed","message":"the route failed"},"id":1,"ok":false}"#)
        _ = await shop.otherApp("fail")
        #expect(shop.opened.current == ["sibling://failed?errorCode=actionFailed&errorMessage=the%20route%20failed"])
        let inApp = await shop.router.open("shop://fail")
        #expect(inApp.outcome == .rejected(.actionFailed(pattern: "/fail", reason: "db 10.0.0.5 refused user=shop password=hunter2")))
        for sent in [page.text] + shop.opened.current { #expect(!sent.contains("hunter2") && !sent.contains("10.0.0.5")) }
    }

    /// An error a route answers with is as private as one it throws.
    @Test func anErrorARouteAnswersWithIsNotSentEither() async throws {
        let shop = try ManyCallers()
        let page = await shop.page("shop://answer-fail")
        #expect(page.code == "failed")
        #expect(page.message == "the route failed")
    }

    /// A route chooses what foreign callers learn by throwing a `CallerFacingError`.
    @Test func aRouteChoosesWhatForeignCallersLearn() async throws {
        let shop = try ManyCallers()
        let page = await shop.page("shop://sold-out")
        #expect(page.text == #"{"error":{"code":"soldOut","message":"This deal has sold out."},"id":1,"ok":false}"#)
        _ = await shop.otherApp("sold-out")
        #expect(shop.openedItems(0) == ["errorCode": "soldOut", "errorMessage": "This deal has sold out."])
        // The detail stays inside.
        let inApp = await shop.router.open("shop://sold-out")
        #expect(inApp.outcome == .rejected(.actionFailed(pattern: "/sold-out", reason: "soldOut: This deal has sold out. (stock 0 in warehouse 3)")))
    }

    /// A code that is no stable name is sent as `failed`; a message is cut and made safe.
    @Test(arguments: [
        ("soldOut", "soldOut"), ("a.b_c-9", "a.b_c-9"), ("", "failed"), ("sold out", "failed"), ("x\u{7}", "failed"),
        (String(repeating: "c", count: 64), String(repeating: "c", count: 64)), (String(repeating: "c", count: 65), "failed"),
    ])
    func aChosenCodeMustBeAStableName(code: String, sent: String) {
        let safe = CallerErrors.safe(CallerFacingFailure(code: code, message: "line\nbreak " + String(repeating: "m", count: 600)))
        #expect(safe.code == sent)
        #expect(!safe.message.contains("\n"))
        #expect(safe.message.hasPrefix(#"line\u{A}break mmm"#), "a line break is shown escaped: \(safe.message.prefix(20))")
        #expect(safe.message.count < 540, "cut near 500 characters, with a note of what was cut")
    }

    /// A route the caller may not reach and a URL no route takes read the same to it: neither
    /// names a pattern, so a page cannot map the route table.
    @Test func aPageCannotTellAnUnlistedRouteFromAMissingOne() async throws {
        let shop = try ManyCallers()
        let unlisted = await shop.page("shop://admin/wipe")
        let missing = await shop.page("shop://admin/wipes")
        #expect(unlisted.text == #"{"error":{"code":"notOpenToCaller","message":"shop://admin/wipe is not open to web pages of https://promo.example.com"},"id":1,"ok":false}"#)
        #expect(missing.text == #"{"error":{"code":"notOpenToCaller","message":"shop://admin/wipes is not open to web pages of https://promo.example.com"},"id":1,"ok":false}"#)
        _ = await shop.otherApp("admin/wipe")
        #expect(shop.openedItems(0) == ["errorCode": "notOpenToCaller", "errorMessage": "/admin/wipe is not open to the app \"Sibling\""])
        // The app's own log names the caller, not the route: the caller's routes are all that was looked up.
        let logged = await shop.router.open("shop://admin/wipe", options: { var options = OpenOptions(); options.reachable = try? ReachableRoutes(caller: "web pages of x", patterns: ["/tag"], configuration: shop.router.configuration); return options }())
        #expect("\(logged.outcome)" == "rejected: no route open to web pages of x takes shop://admin/wipe")
        #expect(shop.ran.current.isEmpty)
    }

    /// An interceptor's name and reason stay inside; a redirect loop's URLs too.
    @Test func interceptorsAndRedirectsStayInside() async throws {
        let shop = try ManyCallers()
        let closed = CallbackInterceptor(name: "fraud check v2") { _, finish in finish(.reject(Failure(description: "score 0.93 over 0.9"))) }
        try shop.router.action("/guarded", interceptors: [closed]) { _ in }
        try shop.router.redirect("/loop-a", to: "/loop-b")
        try shop.router.redirect("/loop-b", to: "/loop-a")
        let bridge = try WebBridge(router: shop.router, policy: WebBridgePolicy(origins: [ManyCallers.promo: ["/guarded", "/loop-a"]]))
        func send(_ url: String) async -> Reply {
            Reply(await bridge.receive(#"{"page":"p","id":1,"method":"call","url":"\#(url)"}"#, from: WebFrame(origin: WebOrigin(ManyCallers.promo))))
        }
        #expect(await send("/guarded").text == #"{"error":{"code":"rejected","message":"the app refused the open"},"id":1,"ok":false}"#)
        #expect(await send("/loop-a").text == #"{"error":{"code":"redirectLoop","message":"the route failed"},"id":1,"ok":false}"#)
    }

    /// A page's `params` are caller parameters: `native` never reads them, the typed readers
    /// do (after the query), and the route can tell who asked.
    @Test func aPagesValuesAreNeverNativeValues() async throws {
        let shop = try ManyCallers()
        #expect(await shop.page("shop://trust", params: #"{"trusted":true}"#).answer == .string("read"))
        #expect(shop.trust.current == ["nil", "true", "true", "the page \"p1\" of https://promo.example.com"])
        // In-app code passes native values; a caller value of the same name does not shadow them.
        await shop.router.open("shop://trust", parameters: ["trusted": false])
        #expect(shop.trust.current == ["false", "nil", "false", "the app"])
        // The query wins over the page's value, as the path and query win over any given value.
        _ = await shop.page("shop://trust?trusted=false", params: #"{"trusted":true}"#, id: 2)
        #expect(shop.trust.current[2] == "false")
    }

    /// Another app's values arrive as the query of its route, and the caller says who it is.
    @Test func anotherAppsValuesAreItsQueryAndItsCallerIsKnown() async throws {
        let shop = try ManyCallers()
        _ = await shop.otherApp("trust?trusted=true")
        #expect(shop.trust.current == ["nil", "nil", "true", "the app \"Sibling\""])
    }
}
