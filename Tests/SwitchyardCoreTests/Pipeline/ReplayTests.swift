import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// The duplicate guard stops a double tap and a link delivered twice; nothing the library
/// replays itself may be taken for one. Every test uses a window no test machine can overrun.
@Suite("Replays pass the duplicate guard", .timeLimit(.minutes(1)))
@MainActor
struct ReplayTests {
    let window = PipelineSettings(duplicateWindow: .seconds(600))

    @Test func aRouteResumedAfterLoginWithinTheWindowOpens() async throws {
        let (router, navigator) = try pipeline(settings: window)
        try router.page("/order/:id") { request in Destination("order", name: "Order(\(request.string("id") ?? ""))") }
        let loggedIn = Shared(false)
        let pending = MemoryPendingRouteStore()
        router.addInterceptor(try LoginInterceptor(protected: ["/order/*"], loginURL: "/login", state: FixedLogin(state: loggedIn), store: pending))

        let first = await router.open("outside://order/5", source: .deepLink)
        #expect(first.redirects == ["/login?redirect=outside%3A%2F%2Forder%2F5"])
        loggedIn.withLock { $0 = true } // a keychain login: well within the window

        let resumed = await router.resumeAfterLogin(using: pending)
        #expect(resumed?.outcome == .openedPage(pattern: "/order/:id", command: .push))
        #expect(resumed?.source == .deepLink, "the resumed open keeps its source")
        #expect(navigator.shown.map(\.destination.name) == ["Login", "Order(5)"])
        // The guard still stops the same link delivered again from outside.
        #expect(await router.open("outside://order/5", source: .deepLink).outcome == .handled(by: "duplicate guard"))
    }

    @Test func anOpenHeldUntilReadyOpensWhenReleasedAndARepeatWhileHeldDoesNot() async throws {
        let (router, navigator) = try pipeline(settings: PipelineSettings(duplicateWindow: .seconds(600), startsReady: false))
        let held = Task { await router.open("/product/1", source: .push) }
        while router.waitingForReadiness < 1 { await Task.yield() }
        // The same push delivered twice before launch finished: the guard saw the first arrive.
        #expect(await router.open("/product/1", source: .push).outcome == .handled(by: "duplicate guard"))
        router.markReady()
        #expect(await held.value.outcome == .openedPage(pattern: "/product/:id", command: .push))
        #expect(navigator.shown.map(\.destination.name) == ["Product(1)"])
    }

    @Test func aRedirectsTargetOpensThoughItWasJustOpened() async throws {
        let (router, navigator) = try pipeline(settings: window)
        try router.redirect("/item/:id", to: "/product/:id")
        #expect(await router.open("/product/3").succeeded)
        let redirected = await router.open("/item/3")
        #expect(redirected.outcome == .openedPage(pattern: "/product/:id", command: .push))
        #expect(redirected.redirects == ["/product/3"])
        #expect(navigator.shown.map(\.destination.name) == ["Product(3)", "Product(3)"])
    }

    @Test func aRestoreRightAfterAnOpenOfTheSameURLRestoresIt() async throws {
        let router = Router(configuration: .quiet, settings: window)
        let first = HeadlessNavigator()
        router.navigator = first
        try router.page("/product/:id") { request in Destination("product", name: "Product(\(request.string("id") ?? ""))") }
        #expect(await router.open("/product/4", source: .restoration).succeeded)
        let navigator = HeadlessNavigator() // the window restored in a new scene
        router.navigator = navigator
        let report = await router.restore(SavedWindow(root: ["/product/4", "/product/4"]))
        #expect(report.opened == ["/product/4", "/product/4"])
        #expect(navigator.state.outline == ["root: Product(4) > Product(4)"])
        withExtendedLifetime(first) {}
    }

    @Test func anAppsOwnRetryMarkedAsAReplayOpens() async throws {
        let (router, navigator) = try pipeline(settings: window)
        #expect(await router.open("/product/9", source: .push).succeeded)
        #expect(await router.open("/product/9", source: .push).outcome == .handled(by: "duplicate guard"))
        #expect(await router.open("/product/9", options: OpenOptions(isReplay: true), source: .push).succeeded)
        #expect(navigator.shown.count == 2)
    }
}
