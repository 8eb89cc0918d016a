import Foundation
import Switchyard
import Testing

/// Issue 48, family 4, continued: when a launch is in place. Its links are in place once they
/// have opened, a link that waits for an answer included; a launch asked for while another of
/// its scene runs takes over from it; opens held until the app was ready replay over the launch.
@Suite("Cold start: a launch in place")
@MainActor
struct LaunchInPlaceTests {
    /// Another app's request launches the shop and waits for the user to pick: the launch is in
    /// place once the picker shows, so a notification tapped meanwhile opens at once, over it.
    @Test func aLaunchLinkThatWaitsForAnAnswerIsInPlaceOnceItsPageShows() async throws {
        let app = try ColdStartApp(loggedIn: true)
        let picking = Shared<RouteRequest?>(nil)
        try app.router.page("/picker", command: .present) { request in
            picking.withLock { $0 = request }
            return Destination("Picker")
        }
        let opened = Shared<[String]>([])
        let channel = try XCallbackChannel(router: app.router, settings: XCallbackSettings(
            sourceName: "Shop", openToApps: ["/picker"], allowedCallbacks: ["sibling"])) { url in
            opened.withLock { $0.append(url) }
            return true
        }
        try channel.register()
        let launching = Task { await app.router.launch(links: [IncomingLink("shop://x-callback-url/picker?x-source=Sibling&x-success=sibling://picked")]) }
        for _ in 0..<2_000 where picking.current == nil { try await Task.sleep(for: .milliseconds(1)) }
        let push = await within(hangBound) { await app.router.handleIncoming("shop://product/5", via: .push).outcome }
        #expect(push == .openedPage(pattern: "/product/:id", command: .push), "the push waited for the pick")
        #expect(app.navigator.state.outline.first == "tab home*: Home > ProductList > Product(5)")
        picking.current?.answer(["sku": "sku-1"])
        let report = await launching.value
        #expect(report.links.first?.outcome == .performedAction(pattern: "/x-callback-url/*"))
        #expect(opened.current == ["sibling://picked?sku=sku-1"])
    }

    /// A launch asked for while another of its scene runs takes over from it: a link handed
    /// over meanwhile waits until the last launch asked for is in place, so it opens over that
    /// launch's links too.
    @Test func aLinkWaitsForTheLastLaunchAskedFor() async throws {
        let app = try ColdStartApp(loggedIn: true, startsReady: false)
        let first = Task { await app.router.launch() }
        for _ in 0..<2_000 where app.router.launchesWaitingForReadiness < 1 { await Task.yield() }
        let second = app.router.startLaunch(links: [IncomingLink("shop://product/9")])
        let link = Task { await app.router.handleIncoming("shop://product/3") }
        for _ in 0..<2_000 where app.router.launchWaiters < 1 { await Task.yield() }
        app.router.markReady()
        _ = await first.value
        _ = await second.value
        _ = await within(hangBound) { await link.value }
        #expect(app.navigator.state.outline == ["tab home*: Home > ProductList > Product(9) > Product(3)", "tab cart: Cart", "tab orders: Orders", "tab me: Me"])
    }

    /// A link held until the app was ready (it came before the launch was asked for) replays
    /// once the launch is in place: over the homes, never between them.
    @Test func anOpenHeldUntilReadyReplaysOverTheLaunch() async throws {
        for _ in 0..<50 {
            let app = try ColdStartApp(loggedIn: true, startsReady: false)
            let held = Task { await app.router.handleIncoming("shop://product/list") }
            for _ in 0..<2_000 where app.router.waitingForReadiness < 1 { await Task.yield() }
            let launching = Task { await app.router.launch() }
            for _ in 0..<2_000 where app.router.launchesWaitingForReadiness < 1 { await Task.yield() }
            app.router.markReady()
            _ = await launching.value
            _ = await within(hangBound) { await held.value }
            #expect(app.navigator.state.outline == ["tab home*: Home > ProductList", "tab cart: Cart", "tab orders: Orders", "tab me: Me"])
        }
    }

    /// What a launch's work starts and outlives it does not count as that launch's work: a
    /// link it hands over during a later launch of the scene waits for that launch.
    @Test func aTaskALaunchStartedWaitsForTheNextLaunch() async throws {
        let app = try ColdStartApp(loggedIn: true)
        let go = Gate<Void>()
        let handed = Shared<Task<IncomingResult, Never>?>(nil)
        try app.router.page("/spawner") { [router = app.router] _ in
            handed.withLock { $0 = Task { await go.wait(); return await router.handleIncoming("shop://product/list", scene: "w") } }
            return Destination("Spawner")
        }
        let first = try HeadlessNavigator(tabs: ColdStartApp.tabs)
        app.router.attach(first, scene: "w")
        _ = await app.router.launch(scene: "w", links: [IncomingLink("shop://spawner")])
        let second = try HeadlessNavigator(tabs: ColdStartApp.tabs)
        app.router.attach(second, scene: "w")
        let launching = app.router.startLaunch(scene: "w")
        go.resolve(())
        _ = await launching.value
        _ = await within(hangBound) { await handed.current?.value }
        #expect(second.state.outline == ["tab home*: Home > ProductList", "tab cart: Cart", "tab orders: Orders", "tab me: Me"])
    }

    /// A scene given another navigator launches anew and restores into it; given the same one
    /// again, it restores nothing twice.
    @Test func anotherNavigatorForASceneLaunchesAnew() async throws {
        let saved = try await ColdStartApp.savedWindow(["shop://product/42"])
        let app = try ColdStartApp(loggedIn: true)
        let (first, second) = (try HeadlessNavigator(tabs: ColdStartApp.tabs), try HeadlessNavigator(tabs: ColdStartApp.tabs))
        app.router.attach(first, scene: "w")
        #expect(await app.router.launch(scene: "w", restoring: saved).restoration != nil)
        app.router.attach(second, scene: "w")
        #expect(await app.router.launch(scene: "w", restoring: saved).restoration != nil, "a new window restores")
        app.router.attach(second, scene: "w")
        #expect(await app.router.launch(scene: "w", restoring: saved).restoration == nil, "the same window does not again")
        #expect(second.state.outline == ["tab home*: Home > ProductList > Product(42)", "tab cart: Cart", "tab orders: Orders", "tab me: Me"])
    }

    /// A launch link whose route calls another app and awaits its reply is in place once it has
    /// called: a link handed over meanwhile does not wait for the other app.
    @Test func aLaunchLinkThatAwaitsAnotherAppsReplyIsInPlaceOnceItHasCalled() async throws {
        let app = try ColdStartApp(loggedIn: true)
        let asked = Shared<String?>(nil)
        let channel = try XCallbackChannel(router: app.router, settings: XCallbackSettings(sourceName: "Shop", allowedCallbacks: ["sibling"])) { url in
            asked.withLock { $0 = url }
            return true
        }
        try channel.register()
        try app.router.action("/ask-sibling") { _ in _ = try await channel.call(otherApp: "sibling://x-callback-url/pick") }
        let launching = Task { await app.router.launch(links: [IncomingLink("shop://ask-sibling")]) }
        for _ in 0..<2_000 where asked.current == nil { try await Task.sleep(for: .milliseconds(1)) }
        let push = await within(hangBound) { await app.router.handleIncoming("shop://product/5", via: .push).outcome }
        #expect(push == .openedPage(pattern: "/product/:id", command: .push), "the push waited for the other app")
        // The other app answers through x-success.
        let request = try #require(asked.current)
        let success = try #require(URLComponents(string: request)?.queryItems?.first { $0.name == "x-success" }?.value)
        _ = await app.router.handleIncoming(success + "&photo=1")
        #expect(await launching.value.links.first?.outcome == .performedAction(pattern: "/ask-sibling"))
    }
}
