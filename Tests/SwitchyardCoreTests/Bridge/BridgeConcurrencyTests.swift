import Foundation
import Switchyard
import Testing

/// Pages calling, leaving and racing each other; replies racing for one nonce. Every limit is
/// checked under the lock that guards what it counts, so no interleaving gets past one.
/// (CI runs these under Thread Sanitizer, with the other `Concurrency` suites.)
@Suite("Concurrency: the web bridge and x-callback replies", .timeLimit(.minutes(1)))
struct BridgeConcurrencyTests {
    @Test func pagesCallingAndLeavingAtOnceEndEveryCallOnceAndKeepEveryLimit() async throws {
        let limits = BridgeLimits(pendingCallsPerPage: 4, pages: 6)
        let shop = try BridgeShop(limits: limits)
        // Calls to /order/wait end only when their page leaves: a janitor keeps ending them
        // (as a web view closing would) until every call has its reply.
        let done = Shared(false)
        let janitor = Task {
            while !done.current {
                shop.bridge.pagesDidLeave()
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let replies = await withTaskGroup(of: Reply.self) { group in
            for page in 0..<8 {
                for call in 1...6 {
                    group.addTask {
                        let url = call % 2 == 0 ? "/order/new" : "/order/wait"
                        return await shop.send(BridgeShop.message(id: call, url: url, page: "p\(page)"))
                    }
                }
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(20))
                    return await shop.send(#"{"page":"p\#(page)","method":"leave"}"#)
                }
            }
            var replies: [Reply] = []
            for await reply in group { replies.append(reply) }
            return replies
        }
        done.withLock { $0 = true }
        await janitor.value
        let codes = Dictionary(grouping: replies.compactMap(\.code), by: { $0 }).mapValues(\.count)
        let answered = replies.filter { $0.ok && $0.answer != .string("left") }.count
        #expect(replies.count == 8 * 7)
        #expect(codes["pageLeft", default: 0] > 0, "the calls that wait end when their page leaves")
        #expect(Set(codes.keys).isSubset(of: ["pageLeft", "tooManyPendingCalls", "tooManyPages"]), "\(codes)")
        #expect(answered + (codes["pageLeft"] ?? 0) + (codes["tooManyPendingCalls"] ?? 0) + (codes["tooManyPages"] ?? 0) == 8 * 6)
        #expect(shop.bridge.waitingCalls == 0)
    }

    @Test func repliesRacingForOneNonceLetExactlyOneThrough() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["sibling"], logger: RouterConfiguration.quiet.logger))
        let opened = Shared<[String]>([])
        let channel = try XCallbackChannel(router: router, settings: XCallbackSettings(sourceName: "Sibling")) { url in
            opened.withLock { $0.append(url) }
            return true
        }
        try channel.register()
        for _ in 0..<20 {
            let seen = opened.current.count
            let call = Task { try await channel.call(otherApp: "shop://x-callback-url/cart/pick") }
            while opened.current.count == seen { await Task.yield() }
            let items = URLComponents(string: opened.current[seen])?.queryItems ?? []
            let success = try #require(items.first { $0.name == "x-success" }?.value)
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask { await router.handleIncoming(success + "&n=\(index)").outcome.map { "\($0)".hasPrefix("performed") } ?? false }
                }
                var accepted = 0
                for await taken in group where taken { accepted += 1 }
                return accepted
            }
            #expect(outcomes == 1)
            guard case .success(let values) = try await call.value else {
                Issue.record("the call did not succeed")
                continue
            }
            #expect(values["n"] != nil)
        }
        #expect(channel.waitingCalls == 0)
    }
}
