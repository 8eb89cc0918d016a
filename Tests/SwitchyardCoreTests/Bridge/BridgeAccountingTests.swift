import Foundation
import SwitchyardBridge
import SwitchyardPipeline
import SwitchyardSupport
import Testing

/// What a page's calls hold while they run, and what a call that ended may no longer touch.
/// Found in review: an id reused after a leave, and routes that run on after their page left.
@Suite("Web bridge: what calls hold")
struct BridgeAccountingTests {
    let origin = WebOrigin("https://promo.example.com")!
    let view = WebViewID.next()

    /// A call that ended (its page left) cannot remove or take over a newer call of the same id.
    @Test func anIdReusedAfterALeaveBelongsToTheNewCallOnly() throws {
        var calls = WaitingCalls()
        let page = PageKey(origin: origin, name: "p1", view: view)
        let first = try calls.add(1, of: page, gate: Gate<String>(), limits: BridgeLimits()).get()
        _ = calls.removePage(page)
        let second = try calls.add(1, of: page, gate: Gate<String>(), limits: BridgeLimits()).get()
        #expect(first != second)
        calls.remove(1, of: page, serial: first)
        #expect(calls.pages[page]?[1]?.serial == second, "the first call's removal left the second alone")
        let attachedToFirst = calls.attach(Task {}, to: 1, of: page, serial: first)
        #expect(!attachedToFirst, "the first call's task is not the second's")
        let attachedToSecond = calls.attach(Task {}, to: 1, of: page, serial: second)
        #expect(attachedToSecond)
    }

    /// The closed web views remembered are bounded: the oldest past the limit is forgotten.
    @Test func closedViewsAreRememberedUpToTheLimitAndTheOldestPastItIsForgotten() throws {
        var calls = WaitingCalls()
        let views = (0...WaitingCalls.closedMemory).map { _ in WebViewID.next() }
        for view in views { calls.close(view) }
        func add(from view: WebViewID) -> Result<UInt64, BridgeError> {
            calls.add(1, of: PageKey(origin: origin, name: "p1", view: view), gate: Gate<String>(), limits: BridgeLimits())
        }
        #expect(throws: BridgeError.pageLeft) { try add(from: views[1]).get() }
        #expect(throws: BridgeError.pageLeft) { try add(from: views[WaitingCalls.closedMemory]).get() }
        #expect(calls.pages.isEmpty, "nothing was added for a closed view")
        #expect((try? add(from: views[0]).get()) != nil, "the oldest, one past the limit, is forgotten")
    }

    /// A route that ignores cancellation keeps its place after its page left, until it returns.
    @Test func aRouteThatRunsOnAfterItsPageLeftHoldsItsPlaceUntilItReturns() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        let (started, release) = (Gate<Void>(), Gate<Void>())
        try router.action("/stubborn") { _ in
            _ = started.resolve(())
            await release.wait()
        }
        try router.action("/quick") { request in request.answer("done") }
        let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://promo.example.com": ["/stubborn", "/quick"]]),
                                   limits: BridgeLimits(pendingCallsPerPage: 1))
        let frame = WebFrame(origin: origin, view: view)
        func message(_ id: Int, _ url: String) -> String { #"{"page":"p1","id":\#(id),"method":"call","url":"\#(url)"}"# }
        let stubborn = Task { await bridge.receive(message(1, "/stubborn"), from: frame) }
        await started.wait()
        bridge.pageDidLeave("p1", origin: origin)
        #expect(Reply(await stubborn.value).code == "pageLeft")
        #expect(bridge.runningCalls == 1)
        #expect(Reply(await bridge.receive(message(2, "/quick"), from: frame)).code == "tooManyPendingCalls")
        _ = release.resolve(())
        while bridge.runningCalls > 0 { await Task.yield() }
        #expect(Reply(await bridge.receive(message(3, "/quick"), from: frame)).answer == .string("done"))
    }
}
