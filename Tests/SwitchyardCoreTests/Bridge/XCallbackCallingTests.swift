import Foundation
import Switchyard
import Testing

/// This app calls another and awaits its reply: a one-time nonce, the first reply wins, and a
/// call with no reply ends at its timeout.
@Suite("x-callback-url: calling other apps", .timeLimit(.minutes(1)))
struct XCallbackCallingTests {
    /// The sibling app's router and channel, whose `openURL` only records what it was asked to open.
    struct Caller {
        let router = Router(configuration: RouterConfiguration(schemes: ["sibling"], logger: RouterConfiguration.quiet.logger))
        let channel: XCallbackChannel
        let opened = Shared<[String]>([])

        init(settings: XCallbackSettings = XCallbackSettings(sourceName: "Sibling"), opens: Bool = true) throws {
            let opened = opened
            channel = try XCallbackChannel(router: router, settings: settings) { url in
                opened.withLock { $0.append(url) }
                return opens
            }
            try channel.register()
        }

        /// The callback of `name` (x-success…) in the `index`th URL opened, once it was opened.
        func callback(_ name: String, of index: Int = 0) async throws -> String {
            while opened.current.count <= index { await Task.yield() }
            let items = URLComponents(string: opened.current[index])?.queryItems ?? []
            return try #require(items.first { $0.name == name }?.value)
        }

        /// What the router made of a reply arriving.
        func deliver(_ url: String) async -> OpenResult.Outcome? {
            await router.handleIncoming(url).outcome
        }
    }

    static func refused(_ error: XCallbackError) -> OpenResult.Outcome {
        .rejected(.actionFailed(pattern: "/x-callback-url/x-callback-reply/:outcome", reason: error.description))
    }

    @Test func theCallCarriesTheSourceAndThreeCallbacksWithOneNonce() async throws {
        let caller = try Caller()
        let call = Task { try await caller.channel.call(otherApp: "shop://x-callback-url/cart/pick", parameters: ["max": "1"]) }
        let success = try await caller.callback("x-success")
        let items = URLComponents(string: caller.opened.current[0])?.queryItems ?? []
        #expect(items.first { $0.name == "x-source" }?.value == "Sibling")
        #expect(items.first { $0.name == "max" }?.value == "1")
        let nonce = try #require(URLComponents(string: success)?.queryItems?.first?.value)
        #expect(nonce.count == 32)
        #expect(success == "sibling://x-callback-url/x-callback-reply/success?x-callback-nonce=\(nonce)")
        #expect(try await caller.callback("x-error") == "sibling://x-callback-url/x-callback-reply/error?x-callback-nonce=\(nonce)")
        #expect(try await caller.callback("x-cancel") == "sibling://x-callback-url/x-callback-reply/cancel?x-callback-nonce=\(nonce)")
        _ = await caller.deliver(success + "&sku=A1")
        #expect(try await call.value == .success(["sku": "A1"]))
    }

    @Test func onlyTheFirstReplyCountsAndASecondIsRefusedAsUsed() async throws {
        let caller = try Caller()
        let call = Task { try await caller.channel.call(otherApp: "shop://x-callback-url/cart/pick") }
        let success = try await caller.callback("x-success")
        let error = try await caller.callback("x-error")
        #expect(await caller.deliver(success + "&sku=A1") == .performedAction(pattern: "/x-callback-url/x-callback-reply/:outcome"))
        #expect(await caller.deliver(error + "&errorCode=late") == Self.refused(.usedNonce))
        #expect(try await call.value == .success(["sku": "A1"]))
    }

    @Test func anErrorAndACancelReplyAreTheirOwnOutcomes() async throws {
        let caller = try Caller()
        let failing = Task { try await caller.channel.call(otherApp: "shop://x-callback-url/cart/pick") }
        _ = await caller.deliver(try await caller.callback("x-error", of: 0) + "&errorCode=locked&errorMessage=the%20cart%20is%20locked")
        #expect(try await failing.value == .failure(code: "locked", message: "the cart is locked"))
        let cancelled = Task { try await caller.channel.call(otherApp: "shop://x-callback-url/cart/pick") }
        _ = await caller.deliver(try await caller.callback("x-cancel", of: 1))
        #expect(try await cancelled.value == .cancelled)
    }

    @Test func aForgedNonceIsRefused() async throws {
        let caller = try Caller()
        let call = Task { try await caller.channel.call(otherApp: "shop://x-callback-url/cart/pick") }
        _ = try await caller.callback("x-success")
        let forged = "sibling://x-callback-url/x-callback-reply/success?x-callback-nonce=00000000000000000000000000000000&sku=EVIL"
        #expect(await caller.deliver(forged) == Self.refused(.unknownNonce))
        #expect(caller.channel.waitingCalls == 1, "the real call still waits")
        call.cancel()
        await #expect(throws: XCallbackError.cancelled) { try await call.value }
    }

    @Test func aReplyWithoutANonceOrWithTwoOrToAnUnknownOutcomeIsRefused() async throws {
        let caller = try Caller()
        #expect(await caller.deliver("sibling://x-callback-url/x-callback-reply/success?sku=A1") == Self.refused(.missingNonce))
        #expect(await caller.deliver("sibling://x-callback-url/x-callback-reply/success?x-callback-nonce=a&x-callback-nonce=b") == Self.refused(.repeatedParameter("x-callback-nonce")))
        #expect(await caller.deliver("sibling://x-callback-url/x-callback-reply/maybe?x-callback-nonce=a") == Self.refused(.unknownReplyOutcome("maybe")))
    }

    @Test func aCallWithNoReplyEndsAtItsTimeoutAndALateReplyIsRefusedAsExpired() async throws {
        let caller = try Caller()
        let call = Task { try await caller.channel.call(otherApp: "shop://x-callback-url/cart/pick", timeout: .milliseconds(50)) }
        let success = try await caller.callback("x-success")
        await #expect(throws: XCallbackError.timedOut(url: "shop://x-callback-url/cart/pick", after: .milliseconds(50))) { try await call.value }
        #expect(await caller.deliver(success + "&sku=A1") == Self.refused(.expiredNonce))
        #expect(caller.channel.waitingCalls == 0)
    }

    /// Found in review: a call whose task was cancelled already still opened the other app,
    /// which then acted on a request whose reply would be refused.
    @Test func aCallCancelledBeforeItOpensOpensNothing() async throws {
        let caller = try Caller()
        let channel = caller.channel
        let error = await Task { () -> XCallbackError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(XCallbackError) {
                _ = try await channel.call(otherApp: "shop://x-callback-url/cart/pick")
                return nil
            } catch {
                return error
            }
        }.value
        #expect(error == .cancelled)
        #expect(caller.opened.current.isEmpty)
    }

    @Test func aCallTheSystemWillNotOpenFailsAtOnce() async throws {
        let caller = try Caller(opens: false)
        await #expect(throws: XCallbackError.couldNotOpen(url: "shop://x-callback-url/cart/pick")) {
            try await caller.channel.call(otherApp: "shop://x-callback-url/cart/pick")
        }
        #expect(caller.channel.waitingCalls == 0)
    }

    @Test func callsOverTheLimitAreRefused() async throws {
        let caller = try Caller(settings: XCallbackSettings(sourceName: "Sibling", pendingCallLimit: 1))
        let first = Task { try await caller.channel.call(otherApp: "shop://x-callback-url/cart/pick") }
        _ = try await caller.callback("x-success")
        await #expect(throws: XCallbackError.tooManyPendingCalls(limit: 1)) { try await caller.channel.call(otherApp: "shop://x-callback-url/cart/pick") }
        #expect(caller.opened.current.count == 1, "the refused call opened nothing")
        first.cancel()
        _ = try? await first.value
    }

    @Test func aURLThatIsNotAnotherAppsIsRefused() async throws {
        let caller = try Caller()
        for (url, reason) in [("sibling://x-callback-url/self", "scheme sibling is not another app's"),
                              ("javascript:alert(1)", "scheme javascript is not another app's"), ("/cart/pick", "it has no scheme")] {
            await #expect(throws: XCallbackError.invalidAppURL(url, reason: reason)) { try await caller.channel.call(otherApp: url) }
        }
        #expect(caller.opened.current.isEmpty)
    }
}
