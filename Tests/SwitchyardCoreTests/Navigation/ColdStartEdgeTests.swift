import Foundation
import Switchyard
import Testing

/// Issue 35: the edges of a cold start found in review — a page without parents resumed after
/// login, a tab the user left before its home opened, a pushed login page, places without a
/// stack, the shortcut back to a home, and a link that arrives while the scene launches.
@Suite("Cold start: edges", .timeLimit(.minutes(1)))
@MainActor
struct ColdStartEdgeTests {
    @Test func aProtectedPageWithoutParentsResumesOverItsTabsHomeAfterLogin() async throws {
        let app = try ColdStartApp(loggedIn: false)
        await app.router.launch(links: [IncomingLink("shop://invoice/5")])
        #expect(app.navigator.state.outline.last == "sheet(nav): Login")
        _ = try await app.logIn()
        #expect(app.navigator.state.outline == ["tab home: Home", "tab cart: Cart", "tab orders*: Orders > Invoice(5)", "tab me: Me"],
                "the home that waited fills first, and the page opens over it, as logged in")
    }

    @Test func aTappedTabsHomeDoesNotPullTheUserBackWhenTheyMovedOn() async throws {
        let app = try ColdStartApp(loggedIn: false)
        await app.router.launch()
        app.session.logIn()
        // The user tapped Orders, then Home, before Orders' home opened: it fills its tab only.
        let home = await app.router.didSelectTab("orders")
        #expect(home?.outcome == .openedPage(pattern: "/orders", command: .push))
        #expect(app.navigator.state.outline == ["tab home*: Home", "tab cart: Cart", "tab orders: Orders", "tab me: Me"])
    }

    @Test func aPushedLoginPageFromAHomeIsPresentedOverTheEmptyStackNotMadeItsRoot() async throws {
        let navigator = HeadlessNavigator()
        let app = try ColdStartApp(loggedIn: false, homes: WindowHomes(root: "/orders"), navigator: navigator, loginCommand: .push)
        await app.router.launch()
        #expect(navigator.state.outline == ["root: ", "sheet(nav): Login"])
        _ = try await app.logIn()
        #expect(navigator.state.outline == ["root: Orders"])
    }

    @Test func aHomeWhosePlaceHasNoStackOrThatTheWindowLacksIsReportedSo() async throws {
        let navigator = HeadlessNavigator()   // one stack, while the homes name tabs
        let app = try ColdStartApp(loggedIn: true, navigator: navigator)
        let report = await app.router.launch()
        #expect(report.homes.map(\.description) == [
            "tab \"cart\" /cart: not shown: the window has no tab \"cart\"; it has one stack",
            "tab \"home\" /home: not shown: the window has no tab \"home\"; it has one stack",
            "tab \"me\" /me: not shown: the window has no tab \"me\"; it has one stack",
            "tab \"orders\" /orders: not shown: the window has no tab \"orders\"; it has one stack",
        ])
        #expect(navigator.isEmpty)
        let stackless = StacklessTabs()
        let tabs = try ColdStartApp(loggedIn: true)
        await MainActor.run { tabs.router.navigator = stackless }
        let homes = await tabs.router.showHomes()
        #expect(homes.map(\.status).allSatisfy { $0 == .failed("its place has no navigation stack to hold a home") }, "\(homes)")
    }

    @Test func goingBackToAHomeIsOnlyForAPlainOpenOfThatHome() async throws {
        let app = try ColdStartApp(loggedIn: true)
        await app.router.launch()
        _ = await app.router.open("/cart", options: OpenOptions(command: .present))
        #expect(app.navigator.state.outline.last == "sheet: Cart", "an explicit command is obeyed")
        try app.navigator.perform(.back(.dismiss))
        _ = await app.router.open("/cart?promo=spring")
        #expect(app.navigator.state.outline[1] == "tab cart*: Cart > Cart", "a home opened with a query is another page of it")
        let call = Task { try await app.router.call("/cart") }
        for _ in 0..<10_000 where app.navigator.state.outline[1] != "tab cart*: Cart > Cart > Cart" { await Task.yield() }
        #expect(app.navigator.state.outline[1] == "tab cart*: Cart > Cart > Cart", "a call waits for the page it opens, so it gets one")
        call.cancel()
    }

    @Test func aLinkThatArrivesWhileTheSceneLaunchesOpensAfterTheLaunch() async throws {
        let app = try ColdStartApp(loggedIn: true, startsReady: false)
        let launching = Task { await app.router.launch() }
        while app.router.launchesWaitingForReadiness < 1 { await Task.yield() }
        let link = Task { await app.router.handleIncoming("shop://product/42") }
        app.router.markReady()
        _ = await launching.value
        _ = await link.value
        #expect(app.opened == ["/home", "/cart", "/orders", "/me", "shop://product/42"], "the link waited for the homes")
        #expect(app.navigator.state.outline[0] == "tab home*: Home > ProductList > Product(42)")
    }

    /// At most `readinessQueueLimit` links wait for a scene's launch; the next goes on at once.
    @Test func asManyLinksAsTheReadinessQueueHoldsWaitForTheLaunchAndOneMoreGoesOn() async throws {
        let app = try ColdStartApp(loggedIn: true, startsReady: false, readinessQueueLimit: 3)
        let launching = Task { await app.router.launch() }
        while app.router.launchesWaitingForReadiness < 1 { await Task.yield() }
        var links: [Task<IncomingResult, Never>] = []
        for id in 1...4 {
            links.append(Task { await app.router.handleIncoming("shop://product/\(id)") })
            if id < 4 { while app.router.launchWaiters < id { await Task.yield() } }
        }
        // The fourth does not wait for the launch: it waits for readiness, as the launch does.
        while app.router.waitingForReadiness < 1 { await Task.yield() }
        #expect(app.router.launchWaiters == 3)
        app.router.markReady()
        _ = await launching.value
        for link in links { _ = await link.value }
        // The launch starts once the router is ready; the fourth, held until then, replays once
        // the launch is in place, as the three that waited for it go: their order is not fixed.
        #expect(Set(app.opened.prefix(4)) == ["/home", "/cart", "/orders", "/me"])
        #expect(Set(app.opened.dropFirst(4)) == ["shop://product/1", "shop://product/2", "shop://product/3", "shop://product/4"])
        #expect(app.opened.count == 8)
    }
}
