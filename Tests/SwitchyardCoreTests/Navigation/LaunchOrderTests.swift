import Foundation
import Switchyard
import Testing

/// Issue 48, family 4: a scene's launch is in place from the moment it is asked for. A link
/// handed over before it — before the scene is even attached, as SwiftUI's `.onOpenURL` may come
/// before the window's `.task` — waits and opens over what the launch puts in place, with or
/// without a saved window, for one scene or several; no screen is built twice in one stack.
@Suite("Cold start: links and launches in either order")
@MainActor
struct LaunchOrderTests {
    static let homes = ["tab cart: Cart", "tab orders: Orders", "tab me: Me"]

    /// SwiftUI's order (the link, then `.task` attaches and launches) and UIKit's (attach,
    /// `startLaunch`, then the link), each with and without a saved window.
    @Test(arguments: [true, false], [true, false])
    func aLinkOpensOverWhatTheLaunchPutsInPlace(linkFirst: Bool, restoring: Bool) async throws {
        let saved = restoring ? try await ColdStartApp.savedWindow(["shop://product/42"]) : nil
        let app = try ColdStartApp(loggedIn: true)
        let navigator = try HeadlessNavigator(tabs: ColdStartApp.tabs)
        let link: Task<IncomingResult, Never>
        if linkFirst {
            link = Task { await app.router.handleIncoming("shop://product/3", scene: "w") }
            for _ in 0..<20 { await Task.yield() }
            app.router.attach(navigator, scene: "w")
            _ = await app.router.launch(scene: "w", restoring: saved)
        } else {
            app.router.attach(navigator, scene: "w")
            let launching = app.router.startLaunch(scene: "w", restoring: saved)
            link = Task { await app.router.handleIncoming("shop://product/3", scene: "w") }
            _ = await launching.value
        }
        _ = await within(hangBound) { await link.value }
        let home = restoring ? "tab home*: Home > ProductList > Product(42) > Product(3)" : "tab home*: Home > ProductList > Product(3)"
        #expect(navigator.state.outline == [home] + Self.homes)
    }

    /// Two windows, each handed a link before it is attached: each link waits for its own
    /// window's launch, and one window's launch lets no other window's link go.
    @Test func twoScenesEachWaitForTheirOwnLaunch() async throws {
        let app = try ColdStartApp(loggedIn: true)
        let (first, second) = (try HeadlessNavigator(tabs: ColdStartApp.tabs), try HeadlessNavigator(tabs: ColdStartApp.tabs))
        let toFirst = Task { await app.router.handleIncoming("shop://product/1", scene: "a") }
        let toSecond = Task { await app.router.handleIncoming("shop://order/2", scene: "b") }
        for _ in 0..<1_000 where app.router.launchWaiters < 2 { await Task.yield() }
        app.router.attach(first, scene: "a")
        _ = await app.router.launch(scene: "a")
        _ = await within(hangBound) { await toFirst.value }
        #expect(app.router.launchWaiters == 1, "the second window's link still waits for its window")
        app.router.attach(second, scene: "b")
        _ = await app.router.launch(scene: "b")
        _ = await within(hangBound) { await toSecond.value }
        #expect(first.state.outline == ["tab home*: Home > ProductList > Product(1)"] + Self.homes)
        #expect(second.state.outline == ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Order(2)", "tab me: Me"])
    }

    /// A notification's link names no scene: it waits for every launch running, as the router's
    /// own navigator is one of theirs, and opens over the homes.
    @Test func aLinkWithNoSceneWaitsForTheRunningLaunches() async throws {
        let app = try ColdStartApp(loggedIn: true, startsReady: false)
        app.router.attach(app.navigator, scene: "w")
        let launching = Task { await app.router.launch(scene: "w") }
        for _ in 0..<1_000 where app.router.launchesWaitingForReadiness < 1 { await Task.yield() }
        let push = Task { await app.router.handleIncoming("shop://product/5", via: .push) }
        for _ in 0..<1_000 where app.router.launchWaiters < 1 { await Task.yield() }
        app.router.markReady()
        _ = await launching.value
        _ = await within(hangBound) { await push.value }
        #expect(app.navigator.state.outline == ["tab home*: Home > ProductList > Product(5)"] + Self.homes)
    }

    /// A second launch of a scene (SwiftUI runs `.task` again when a window comes back) waits for
    /// the first, fills only what is empty and restores no saved window a second time.
    @Test func aSecondLaunchOfASceneRestoresNothingTwice() async throws {
        let saved = try await ColdStartApp.savedWindow(["shop://product/42"])
        let app = try ColdStartApp(loggedIn: true)
        app.router.attach(app.navigator, scene: "w")
        async let first = app.router.launch(scene: "w", restoring: saved)
        async let second = app.router.launch(scene: "w", restoring: saved, links: [IncomingLink("shop://product/7")])
        let (one, two) = await (first, second)
        #expect(one.restoration != nil && two.restoration == nil || one.restoration == nil && two.restoration != nil)
        #expect(app.navigator.state.outline == ["tab home*: Home > ProductList > Product(42) > Product(7)"] + Self.homes)
        // A scene detached and attached again (a new window) launches anew, into its new navigator.
        app.router.detach(scene: "w")
        let fresh = try HeadlessNavigator(tabs: ColdStartApp.tabs)
        app.router.attach(fresh, scene: "w")
        #expect(await app.router.launch(scene: "w", restoring: saved).restoration?.opened.count == 2)
        #expect(fresh.state.outline == ["tab home*: Home > ProductList > Product(42)"] + Self.homes)
    }

    /// At most `readinessQueueLimit` links wait for a scene still to come; one more goes on at
    /// once, as it would have before (and fails naming the scene).
    @Test func asManyLinksAsTheReadinessQueueHoldsWaitForASceneStillToCome() async throws {
        let app = try ColdStartApp(loggedIn: true, readinessQueueLimit: 2)
        var links: [Task<IncomingResult, Never>] = []
        for id in 1...2 {
            links.append(Task { await app.router.handleIncoming("shop://product/\(id)", scene: "w") })
            for _ in 0..<1_000 where app.router.launchWaiters < id { await Task.yield() }
        }
        #expect(app.router.launchWaiters == 2)
        let third = await app.router.handleIncoming("shop://product/3", scene: "w")
        #expect(third.outcome == .rejected(.sceneNotAttached(scene: "w", pattern: "/product/:id")))
        let navigator = try HeadlessNavigator(tabs: ColdStartApp.tabs)
        app.router.attach(navigator, scene: "w")
        _ = await app.router.launch(scene: "w")
        for link in links { _ = await within(hangBound) { await link.value } }
        #expect(Set(navigator.state.outline[0].split(separator: " ").suffix(2)).isSubset(of: ["Product(1)", "Product(2)", ">"]))
        #expect(app.router.launchWaiters == 0)
    }

    /// A link for a scene that never comes waits `sceneWait`, then goes on, and the log says
    /// what to do; a link with no scene to a route that shows nothing never waits for a window.
    @Test func aSceneThatNeverComesHoldsALinkOnlySoLongAndSaysSo() async throws {
        let logs = LogCapture()
        let router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: logs.logger),
                            settings: PipelineSettings(sceneWait: .milliseconds(100)))
        try router.page("/product/:id") { _ in Destination("Product") }
        let started = ContinuousClock.now
        let result = await router.handleIncoming("shop://product/1", scene: "ghost")
        #expect(ContinuousClock.now - started >= .milliseconds(100))
        #expect(result.outcome == .rejected(.sceneNotAttached(scene: "ghost", pattern: "/product/:id")))
        #expect(logs.lines.contains { $0.contains("waited 0.1 seconds for the scene") && $0.contains("router.launch(scene:restoring:links:)") })
        // With a wait no test would sit through, a link with no scene to an action goes on at once.
        let patient = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: logs.logger), settings: PipelineSettings(sceneWait: .seconds(3_600)))
        try patient.action("/ping") { _ in }
        let action = await within(30) { await patient.handleIncoming("shop://ping").outcome }
        #expect(action == .performedAction(pattern: "/ping"), "an app of actions has no window to wait for")
        // A scene launched with no navigator (reported and logged) is not one still to come: its
        // links fail at once.
        try patient.page("/product/:id") { _ in Destination("Product") }
        _ = await patient.launch(scene: "bare")
        let bare = await within(30) { await patient.handleIncoming("shop://product/1", scene: "bare").outcome }
        #expect(bare == .rejected(.sceneNotAttached(scene: "bare", pattern: "/product/:id")))
    }
}
