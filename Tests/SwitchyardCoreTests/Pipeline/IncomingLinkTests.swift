import Foundation
import Switchyard
import Testing

/// What an app shell hands the router besides URLs — a notification's payload, a quick action —
/// and the decision of which link it means, made here (issue 30, "Bad input").
@Suite("Links in notifications and quick actions")
struct IncomingLinkTests {
    /// Payloads as a push service sends them (JSON), read as `userInfo` is.
    @Test(arguments: [
        (#"{"aps": {"alert": "Spring sale!"}, "link": "shop://promo/spring"}"#, Result<String, IncomingLinks.Problem>.success("shop://promo/spring")),
        (#"{"url": "https://shop.example.com/order/7"}"#, .success("https://shop.example.com/order/7")),
        (#"{"deeplink": "shop://cart", "url": "shop://other"}"#, .success("shop://other")),
        (#"{"aps": {"alert": "Hello"}}"#, .failure(.noLink(keys: ["link", "url", "deeplink"]))),
        ("{}", .failure(.noLink(keys: ["link", "url", "deeplink"]))),
        (#"{"link": 42}"#, .failure(.notText(key: "link"))),
        (#"{"link": {"nested": "shop://x"}}"#, .failure(.notText(key: "link"))),
        (#"{"link": null}"#, .failure(.notText(key: "link"))),
        (#"{"link": ""}"#, .failure(.empty(key: "link"))),
    ])
    func theLinkInANotification(payload: String, expected: Result<String, IncomingLinks.Problem>) throws {
        let userInfo = try #require(JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any])
        #expect(IncomingLinks.link(inNotification: userInfo) == expected)
    }

    @Test func aLinkAtTheURLLimitIsTakenAndOneByteMoreIsNot() {
        let limits = InputLimits(urlLength: 64)
        let atLimit = "shop://x/" + String(repeating: "a", count: 55)
        #expect(IncomingLinks.link(inNotification: ["link": atLimit], limits: limits) == .success(atLimit))
        #expect(IncomingLinks.link(inNotification: ["link": atLimit + "a"], limits: limits)
            == .failure(.tooLong(key: "link", LimitExceeded(.urlLength, value: 65, maximum: 64))))
        #expect(IncomingLinks.Problem.tooLong(key: "link", LimitExceeded(.urlLength, value: 65, maximum: 64)).description
            == "the notification's link: the URL is 65 bytes long; the limit is 64 (InputLimits.urlLength)")
    }

    @MainActor
    @Test func aNotificationWithoutALinkOpensNothingAndABadLinkShowsTheNotFoundPage() async throws {
        let (router, navigator) = try pipeline()
        router.setNotFoundPage { url, _ in Destination("not found", name: "NotFound(\(url))") }
        #expect(router.link(inNotification: ["aps": ["alert": "hi"]]) == nil)
        #expect(navigator.shown.isEmpty)
        let link = try #require(router.link(inNotification: ["link": "myapp://nowhere/1"]))
        guard case .opened(let result) = await router.handleIncoming(link, via: .push) else {
            Issue.record("expected an open")
            return
        }
        #expect(result.source == .push)
        #expect(navigator.shown.map(\.destination.name) == ["NotFound(myapp://nowhere/1)"])
    }

    @Test func quickActionsOpenWhatTheirModuleRegisteredAndUnknownOnesNothing() {
        let router = Router(configuration: .quiet)
        router.registerQuickAction("com.example.shop.cart", opens: "myapp://cart")
        router.registerQuickAction("com.example.shop.search", opens: "myapp://search")
        #expect(router.link(forQuickAction: "com.example.shop.cart") == "myapp://cart")
        #expect(router.link(forQuickAction: "com.example.shop.scan") == nil)
        #expect(IncomingLinks.Problem.unknownQuickAction(type: "com.example.shop.scan", known: ["com.example.shop.cart", "com.example.shop.search"]).description
            == "no URL is registered for the quick action \"com.example.shop.scan\"; known: com.example.shop.cart, com.example.shop.search")
        router.registerQuickAction("com.example.shop.cart", opens: "myapp://cart/edit")
        #expect(router.link(forQuickAction: "com.example.shop.cart") == "myapp://cart/edit", "the later registration wins")
    }
}
