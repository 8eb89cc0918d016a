import Switchyard
import SwitchyardTesting
import Testing

@Suite("Double taps, early opens and preloading", .timeLimit(.minutes(1)))
@MainActor
struct ArrivalTests {
    @Test func theSameURLFromTheSameSourceTwiceOpensOnce() async throws {
        // A window no test machine can overrun, however loaded.
        let (router, navigator) = try pipeline(settings: PipelineSettings(duplicateWindow: .seconds(600)))
        #expect(await router.open("/product/1", source: .push).succeeded)
        #expect(await router.open("/product/1", source: .push).outcome == .handled(by: "duplicate guard"))
        #expect(await router.open("/product/1", source: .deepLink).succeeded, "another source is another open")
        #expect(await router.open("/product/2", source: .push).succeeded)
        #expect(navigator.shown.count == 3)
    }

    @Test func aZeroWindowOpensEveryTime() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/ping") { _ in }
        #expect(await router.open("/ping").succeeded)
        #expect(await router.open("/ping").succeeded)
    }

    @Test func earlyOpensWaitAndReplayInOrder() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(startsReady: false))
        let order = Shared<[String]>([])
        try router.action("/step/:n") { request in order.withLock { $0.append(request.string("n") ?? "?") } }
        #expect(!router.isReady)
        let first = Task { await router.open("/step/1", source: .push) }
        while order.current.isEmpty, router.waitingForReadiness < 1 { await Task.yield() }
        let second = Task { await router.open("/step/2", source: .deepLink) }
        while router.waitingForReadiness < 2 { await Task.yield() }
        #expect(order.current.isEmpty, "nothing runs before the app is ready")
        router.markReady()
        #expect(await first.value.succeeded)
        #expect(await second.value.succeeded)
        #expect(order.current == ["1", "2"])
        #expect(await router.open("/step/3").succeeded)
        #expect(router.isReady)
    }

    @Test func aFullReadinessQueueRefusesMore() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(startsReady: false, readinessQueueLimit: 1))
        try router.action("/a/:n") { _ in }
        let waiting = Task { await router.open("/a/1") }
        while router.waitingForReadiness < 1 { await Task.yield() }
        let refused = await router.open("/a/2")
        #expect(refused.outcome == .rejected(.readinessQueueFull(limit: 1)))
        #expect(refused.outcome.description == "rejected: 1 opens are already waiting for the app to be ready")
        router.markReady()
        #expect(await waiting.value.succeeded)
    }

    @Test func aPreloadedPageIsUsedOnceByTheSameURL() async throws {
        let built = Shared(0)
        let (router, navigator) = try pipeline()
        try router.page("/feed/:tab") { request in
            built.withLock { $0 += 1 }
            return Destination("feed", name: "Feed(\(request.string("tab") ?? ""))")
        }
        try router.preload("/feed/top")
        #expect(built.current == 1)
        #expect(await router.open("/feed/top").succeeded)
        #expect(built.current == 1, "the open used the preloaded page")
        #expect(navigator.shown.last?.destination.name == "Feed(top)")
        #expect(await router.open("/feed/new").succeeded)
        #expect(built.current == 2)
        try router.preload("/feed/top")
        router.didReceiveMemoryWarning()
        #expect(await router.open("/feed/top", source: .push).succeeded)
        #expect(built.current == 4, "after a memory warning the page is built again")
        #expect(throws: OpenError.self) { try router.preload("/nowhere") }
    }

    @Test func thePreloadCacheIsBounded() async throws {
        let built = Shared(0)
        let router = Router(configuration: .quiet, settings: PipelineSettings(preloadLimit: 2))
        let navigator = RecordingNavigator()
        router.navigator = navigator
        try router.page("/p/:n") { _ in
            built.withLock { $0 += 1 }
            return Destination("p")
        }
        for n in 1...3 { try router.preload("/p/\(n)") }
        #expect(built.current == 3)
        _ = await router.open("/p/1")
        #expect(built.current == 4, "the oldest preload was dropped")
        _ = await router.open("/p/3")
        #expect(built.current == 4)
    }
}

@Suite("App entry point", .timeLimit(.minutes(1)))
@MainActor
struct IncomingTests {
    @Test func sdkCallbacksGetFirstRefusal() async throws {
        let (router, navigator) = try pipeline(configuration: RouterConfiguration(associatedDomains: ["app.example.com"], logger: RouterConfiguration.quiet.logger))
        let paid = Shared<[String]>([])
        router.addCallbackHandler(named: "PaySDK") { url in
            guard url.hasPrefix("paysdk://") else { return false }
            paid.withLock { $0.append(url) }
            return true
        }
        guard case .handledByCallback("PaySDK") = await router.handleIncoming("paysdk://result?ok=1") else {
            Issue.record("the SDK should have taken its callback")
            return
        }
        #expect(paid.current == ["paysdk://result?ok=1"])
        #expect(navigator.shown.isEmpty)
    }

    @Test("each origin opens with its source", arguments: [
        ("myapp://product/1", IncomingOrigin.openURL, RouteSource.deepLink),
        ("https://app.example.com/product/2", .userActivity, .universalLink),
        ("https://app.example.com/product/3", .openURL, .universalLink),
        ("myapp://product/4", .push, .push),
        ("/product/5", .webPage, .h5),
    ])
    func sources(url: String, origin: IncomingOrigin, source: RouteSource) async throws {
        let (router, navigator) = try pipeline(configuration: RouterConfiguration(associatedDomains: ["app.example.com"], logger: RouterConfiguration.quiet.logger))
        guard case .opened(let result) = await router.handleIncoming(url, via: origin) else {
            Issue.record("expected an open")
            return
        }
        #expect(result.succeeded)
        #expect(result.source == source)
        #expect(navigator.shown.first?.request.source == source)
    }
}
