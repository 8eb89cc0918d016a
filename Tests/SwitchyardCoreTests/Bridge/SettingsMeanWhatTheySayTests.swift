import Foundation
import Switchyard
import SwitchyardSupport
import Testing

/// Issue 36, item 4: every setting of the bridge and of x-callback-url means what it says.
@Suite("Bridge settings mean what they say", .timeLimit(.minutes(1)))
struct SettingsMeanWhatTheySayTests {
    /// `x-error` is held to `callbackURLBytes` as `x-success` is: the message is left out when it
    /// would pass the limit, and nothing is opened when even the code would.
    @Test(arguments: [(200, "message"), (260, "code only"), (290, "nothing")])
    func everyCallbackURLOpenedIsWithinTheLimit(padding: Int, sent: String) async throws {
        let shop = try ManyCallers(callbackURLBytes: 300)
        let error = "sibling://failed/" + String(repeating: "a", count: padding)
        _ = await shop.otherApp("fail", error: error)
        for url in shop.opened.current { #expect(url.utf8.count <= 300, "\(url.utf8.count) bytes opened") }
        switch sent {
        case "message": #expect(shop.openedItems(0) == ["errorCode": "actionFailed", "errorMessage": "the route failed"])
        case "code only": #expect(shop.openedItems(0) == ["errorCode": "actionFailed"])
        default: #expect(shop.opened.current.isEmpty)
        }
    }

    /// An allowed callback with a path allows that path and the paths below it, nothing else.
    @Test(arguments: [
        ("https://good.example.com/only-here", true), ("https://good.example.com/only-here/", true),
        ("https://good.example.com/only-here/done?x=1", true), ("https://good.example.com/only-here#top", true),
        ("https://GOOD.example.com/only-here/done", true),
        ("https://good.example.com/only-herex", false), ("https://good.example.com/", false), ("https://good.example.com", false),
        ("https://good.example.com/elsewhere", false), ("https://good.example.com/only-here/../admin", false),
        ("https://good.example.com/only-here/%2e%2e/admin", false), ("https://good.example.com/only-here%2Fx", false),
        ("https://good.example.com/Only-Here", false), ("https://evil.example.com/only-here", false),
        ("sibling://anything", true),
    ])
    func aCallbackWithAPathAllowsThatPathAndBelow(url: String, allowed: Bool) throws {
        let destinations = try CallbackDestinations(["https://good.example.com/only-here", "sibling"])
        let refusal = destinations.refusal(url, parameter: "x-success", maximumBytes: 8_192)
        #expect((refusal == nil) == allowed, "\(url): \(refusal.map { "\($0)" } ?? "allowed")")
    }

    /// A host allowed whole stays whole whatever path entries come with it.
    @Test func aHostAllowedWholeIsNotNarrowedByAPathEntry() throws {
        let destinations = try CallbackDestinations(["https://good.example.com", "https://good.example.com/only-here"])
        #expect(destinations.refusal("https://good.example.com/elsewhere", parameter: "x-success", maximumBytes: 8_192) == nil)
    }

    @Test(arguments: [
        ("https://good.example.com/a/../b", "has a path that has a \".\" or \"..\" segment"),
        ("https://good.example.com/a/%2E%2E/b", "has a path that escapes a \".\", \"/\" or \"\\\""),
        ("https://good.example.com/a?x=1", "has a query or a fragment; an entry is scheme, scheme://host or scheme://host/path"),
    ])
    func aCallbackEntryWhosePathCannotBeComparedIsRefusedAtSetup(entry: String, reason: String) {
        #expect(throws: BridgeSetupError.invalidCallbackEntry(entry, reason: reason)) { try CallbackDestinations([entry]) }
    }

    /// A policy or an allow-list naming a route the router does not have is a setup error.
    @Test func aListNamingARouteThatDoesNotExistIsRefusedAtSetup() throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger))
        try router.action("/product/:id") { _ in }
        #expect(throws: BridgeSetupError.routeNotRegistered(origin: "https://promo.example.com", pattern: "/prodcut/:id")) {
            try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/product/:id", "/prodcut/:id"]]))
        }
        #expect(throws: BridgeSetupError.routeNotRegistered(origin: "XCallbackSettings.openToApps", pattern: "/cart/pick")) {
            try XCallbackChannel(router: router, settings: XCallbackSettings(sourceName: "Shop", openToApps: ["/cart/pick"])) { _ in true }
        }
        #expect(throws: Never.self) {
            try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/product/:id"]]))
        }
        #expect(BridgeSetupError.routeNotRegistered(origin: "o", pattern: "/p").description
                == "the routes of o: /p is not a registered route; register it before making the bridge")
    }

    /// A call cannot add a parameter the protocol sets, in its parameters or its URL's query:
    /// the other app would get two. Nothing is opened and no call waits.
    @Test(arguments: [
        ("sibling://x-callback-url/pick", ["x-success": "evil://steal"], "x-success"),
        ("sibling://x-callback-url/pick", ["x-error": "e"], "x-error"),
        ("sibling://x-callback-url/pick", ["x-cancel": "c"], "x-cancel"),
        ("sibling://x-callback-url/pick", ["x-source": "Bank"], "x-source"),
        ("sibling://x-callback-url/pick", ["x-callback-nonce": "0"], "x-callback-nonce"),
        ("sibling://x-callback-url/pick?x-source=Bank", [:], "x-source"),
        ("sibling://x-callback-url/pick?max=1&x%2Dsuccess=evil://steal", [:], "x-success"),
    ])
    func aCallCannotPassAProtocolParameter(url: String, parameters: [String: String], name: String) async throws {
        let shop = try ManyCallers()
        await #expect(throws: XCallbackError.protocolParameter(name)) {
            _ = try await shop.channel.call(otherApp: url, parameters: parameters)
        }
        #expect(shop.opened.current.isEmpty)
        #expect(shop.channel.waitingCalls == 0)
    }

    /// The timeout ends a call at once though `openURL` never returns.
    @Test func theTimeoutEndsACallWhoseOpenNeverReturns() async throws {
        let (channel, entered, release) = try Self.stuckChannel()
        defer { release.resolve(()) }
        await #expect(throws: XCallbackError.timedOut(url: "other://x-callback-url/pick", after: .milliseconds(200))) {
            _ = try await channel.call(otherApp: "other://x-callback-url/pick", timeout: .milliseconds(200))
        }
        #expect(entered.current, "openURL was still running")
        #expect(channel.waitingCalls == 0)
    }

    /// Cancelling the calling task ends a call at once though `openURL` never returns.
    @Test func cancellingEndsACallWhoseOpenNeverReturns() async throws {
        let (channel, entered, release) = try Self.stuckChannel()
        defer { release.resolve(()) }
        let call = Task { try await channel.call(otherApp: "other://x-callback-url/pick") }
        while !entered.current { await Task.yield() }
        call.cancel()
        await #expect(throws: XCallbackError.cancelled) { _ = try await call.value }
        #expect(channel.waitingCalls == 0)
    }

    /// A channel whose `openURL` waits until `release`; `entered` says it was called.
    static func stuckChannel() throws -> (XCallbackChannel, Shared<Bool>, Gate<Void>) {
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger))
        let entered = Shared(false), release = Gate<Void>()
        let channel = try XCallbackChannel(router: router, settings: XCallbackSettings(sourceName: "Shop")) { _ in
            entered.withLock { $0 = true }
            await release.wait()
            return true
        }
        return (channel, entered, release)
    }

    /// `BridgeLimits.depth` counts containers, whatever the innermost holds: the message, its
    /// `params` and 14 arrays are 16, with or without a value inside; 17 are refused.
    @Test(arguments: [("", true), ("1", true), (#""x""#, true), ("{}", false), ("[1]", false)])
    func theDepthLimitCountsContainersAsItsDocSays(innermost: String, fits: Bool) async throws {
        let nested = String(repeating: "[", count: 14) + innermost + String(repeating: "]", count: 14)
        let reply = await (try BridgeShop()).send(BridgeShop.message(params: #"{"a":\#(nested)}"#))
        #expect(reply.ok == fits, "\(reply.text)")
        if !fits { #expect(reply.message?.contains("nesting deeper than 16 levels (BridgeLimits.depth)") == true) }
    }

    /// `x-error` at exactly `callbackURLBytes` with its message is opened as is; one byte longer
    /// loses the message, and the code alone still fits.
    @Test func anXErrorOfTheLimitKeepsItsMessageAndOneByteMoreDoesNot() async throws {
        let suffix = "?errorCode=actionFailed&errorMessage=the%20route%20failed"
        let base = "sibling://failed/"
        let atLimit = base + String(repeating: "a", count: 300 - base.utf8.count - suffix.utf8.count)
        let shop = try ManyCallers(callbackURLBytes: 300)
        _ = await shop.otherApp("fail", error: atLimit)
        #expect(shop.opened.current == [atLimit + suffix])
        #expect(shop.opened.current.first?.utf8.count == 300)
        _ = await shop.otherApp("fail", source: "Other", error: atLimit + "a")
        #expect(shop.opened.current.last == atLimit + "a?errorCode=actionFailed")
        #expect(shop.ran.current.isEmpty, "no route of the counted ones ran")
    }

    /// An answer of `BridgeLimits.depth` containers goes to the page; one deeper is
    /// `answerNotEncodable` naming the limit, and the page's call ends with nothing else sent.
    @Test func anAnswerOfTheDepthLimitIsSentAndOneDeeperIsNot() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        @Sendable func nested(_ depth: Int) -> any Sendable {
            var value: any Sendable = 1
            for _ in 0..<depth { value = [value] }
            return value
        }
        try router.action("/deep/:n") { request in request.answer(nested(request.int("n") ?? 0)) }
        let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: [ManyCallers.promo: ["/deep/:n"]]), limits: BridgeLimits(depth: 3))
        func call(_ depth: Int) async -> Reply {
            Reply(await bridge.receive(#"{"page":"p","id":1,"method":"call","url":"/deep/\#(depth)"}"#, from: WebFrame(origin: WebOrigin(ManyCallers.promo))))
        }
        #expect(await call(3).text == #"{"answer":[[[1]]],"id":1,"ok":true}"#)
        let deeper = await call(4)
        #expect(deeper.code == "answerNotEncodable")
        #expect(deeper.message == BridgeError.answerNotEncodable(type: "Array<Any>", reason: "it nests deeper than 3 levels (BridgeLimits.depth)").description)
        #expect(bridge.waitingCalls == 0)
    }
}
