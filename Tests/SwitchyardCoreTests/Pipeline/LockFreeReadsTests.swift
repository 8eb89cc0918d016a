import Atomics
@testable import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport
import Testing

/// An open reads three things without a lock, each from a count or flag written with what it
/// stands for under that thing's lock: whether the router is ready, whether any global
/// interceptor exists, whether anyone follows the events. Each must follow its state through
/// every change, or an open would skip an interceptor or an event.
@Suite struct LockFreeReadsTests {
    struct Counting: Interceptor {
        let name: String
        let seen: Locked<Int>
        func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
            seen.withLock { $0 += 1 }
            return .proceed
        }
    }

    @Test func theGlobalInterceptorCountFollowsAddsAndTakeBacks() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/a") { _ in }
        let seen = Locked(0)
        #expect(router.globalInterceptorCount.load(ordering: .relaxed) == 0)
        #expect(await router.open("/a").interceptors.isEmpty)

        router.addInterceptor(Counting(name: "kept", seen: seen))
        let journal = RegistrationJournal()
        RegistrationJournal.$current.withValue(journal) {
            router.addInterceptor(Counting(name: "taken back", seen: seen))
        }
        #expect(router.globalInterceptorCount.load(ordering: .relaxed) == 2)
        #expect(await router.open("/a").interceptors == ["kept", "taken back"])

        journal.undo()
        #expect(router.globalInterceptorCount.load(ordering: .relaxed) == 1)
        #expect(await router.open("/a").interceptors == ["kept"])
        #expect(seen.withLock { $0 } == 3)
    }

    @Test func aRouteWithItsOwnInterceptorsRunsThemWhenThereIsNoGlobalOne() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        let seen = Locked(0)
        try router.register([RouteSpec("/own", target: RouteTarget(.action { _ in }, interceptors: [Counting(name: "own", seen: seen)]))])
        try router.action("/plain") { _ in }
        #expect(router.globalInterceptorCount.load(ordering: .relaxed) == 0)
        #expect(await router.open("/own").interceptors == ["own"])
        #expect(await router.open("/plain").interceptors.isEmpty)
        #expect(seen.withLock { $0 } == 1)
    }

    @Test func theReadyFlagFollowsMarkReady() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero, startsReady: false))
        try router.action("/a") { _ in }
        #expect(!router.isReady)
        let held = Task { await router.open("/a") }
        while router.waitingForReadiness == 0 { await Task.yield() }
        router.markReady()
        #expect(router.isReady)
        #expect(await held.value.succeeded)
        // From now on an open runs at once: nothing waits.
        #expect(await router.open("/a").succeeded)
        #expect(router.waitingForReadiness == 0)
        #expect(router.arrivals.withLock { $0.isReady })
    }

    @Test func theSubscriberCountFollowsStreamsThatStartAndEnd() async throws {
        let hub = EventHub<Int>()
        hub.publish(0) // nobody follows: nothing to do
        #expect(hub.subscriberCount.load(ordering: .relaxed) == 0)
        let first = hub.stream(bufferingNewest: 10)
        var second: AsyncStream<Int>? = hub.stream(bufferingNewest: 10)
        #expect(hub.subscriberCount.load(ordering: .relaxed) == 2)
        hub.publish(1)
        var firstIterator = first.makeAsyncIterator()
        #expect(await firstIterator.next() == 1)
        var secondIterator = second?.makeAsyncIterator()
        #expect(await secondIterator?.next() == 1)
        // The second subscriber stops following: its stream ends and is no longer counted.
        second = nil
        secondIterator = nil
        #expect(hub.subscriberCount.load(ordering: .relaxed) == 1)
        hub.publish(2)
        #expect(await firstIterator.next() == 2)
    }
}
