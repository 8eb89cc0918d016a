import CartFeature
import Foundation
import ShopContracts
import ShopShell
import Switchyard
import Testing

/// What the UIKit and SwiftUI app shells do with each way a URL reaches an iOS app, played on
/// a headless window per scene: every decision they rely on is the core's, checked here.
@Suite("The app shells' wiring", .timeLimit(.minutes(1)))
@MainActor
struct ShopShellTests {
    /// What the shell opened in other apps (the app passes `XCallbackChannel.openInOtherApp`).
    let openedInOtherApps = Guarded<[String]>([])

    func shell() -> ShopShell {
        let opened = openedInOtherApps
        return ShopShell { url in
            opened.withLock { $0.append(url) }
            return true
        }
    }

    /// A shell whose modules have started, with a scene attached.
    func started(scene: String = "scene-1") async throws -> (ShopShell, HeadlessNavigator) {
        let shell = shell()
        let navigator = try HeadlessNavigator(tabs: ShopShell.tabs)
        shell.router.attach(navigator, scene: scene)
        await shell.start()
        return (shell, navigator)
    }

    @Test func aLinkThatArrivesBeforeTheModulesStartedOpensOnceTheyHave() async throws {
        let shell = shell()
        let navigator = try HeadlessNavigator(tabs: ShopShell.tabs)
        shell.router.attach(navigator, scene: "cold")
        // The scene delegate hands the link over at once; the modules are not registered yet.
        let opening = Task { await shell.router.handleIncoming("shop://product/42", scene: "cold") }
        while shell.router.waitingForReadiness < 1 { await Task.yield() }
        await shell.start()
        guard case .opened(let result) = await opening.value else { Issue.record("expected an open"); return }
        #expect(result.outcome == .openedPage(pattern: ProductRoute.pattern, command: .push))
        #expect(navigator.state.outline == ["tab home*: Home > ProductList > Product(42)", "tab cart", "tab orders", "tab me"])
    }

    @Test(arguments: [
        ("shop://product/7", IncomingOrigin.openURL, RouteSource.deepLink),
        ("https://shop.example.com/product/7", .userActivity, .universalLink),
        ("shop://product/7", .push, .push),
    ])
    func everyWayAURLArrivesOpensWithItsSource(url: String, origin: IncomingOrigin, source: RouteSource) async throws {
        let (shell, navigator) = try await started()
        guard case .opened(let result) = await shell.router.handleIncoming(url, via: origin, scene: "scene-1") else {
            Issue.record("expected an open"); return
        }
        #expect(result.source == source)
        #expect(navigator.state.top?.name == "Product(7)")
    }

    @Test func aNotificationTapOpensItsLinkAndOneWithoutALinkNothing() async throws {
        let (shell, navigator) = try await started()
        let link = try #require(shell.router.link(inNotification: ["aps": ["alert": "Sale"], "link": "shop://product/9"]))
        _ = await shell.router.handleIncoming(link, via: .push, scene: "scene-1")
        #expect(navigator.state.top?.name == "Product(9)")
        #expect(shell.router.link(inNotification: ["aps": ["alert": "Hello"]]) == nil)
        #expect(shell.router.link(inNotification: ["link": 7]) == nil)
    }

    @Test func aKnownQuickActionOpensItsPageAndAnUnknownOneNothing() async throws {
        let (shell, navigator) = try await started()
        let link = try #require(shell.router.link(forQuickAction: "com.example.shop.cart"))
        _ = await shell.router.handleIncoming(link, scene: "scene-1")
        #expect(navigator.state.outline.contains("tab cart*: Cart"))
        #expect(shell.router.link(forQuickAction: "com.example.shop.teleport") == nil)
    }

    @Test(arguments: ["shop://nowhere/1", "shop://product/not-a-number"])
    func aLinkNoRouteTakesShowsTheNotFoundPage(url: String) async throws {
        let (shell, navigator) = try await started()
        guard case .opened(let result) = await shell.router.handleIncoming(url, scene: "scene-1") else { Issue.record("expected an open"); return }
        guard case .notFound = result.outcome else { Issue.record("expected not found, got \(result.outcome)"); return }
        #expect(navigator.state.top?.destination.content as? NotFoundScreen == NotFoundScreen(url: url, reason: result.outcome.description.replacingOccurrences(of: "not found: ", with: "")))
    }

    @Test(arguments: ["https://evil.com@shop.example.com/product/1", "shop://product/%zz", "other://product/1"])
    func aRefusedOrMalformedLinkOpensNothing(url: String) async throws {
        let (shell, navigator) = try await started()
        let before = navigator.state.saved().window
        guard case .opened(let result) = await shell.router.handleIncoming(url, scene: "scene-1") else { Issue.record("expected an open"); return }
        guard case .rejected = result.outcome else { Issue.record("expected a refusal, got \(result.outcome)"); return }
        #expect(navigator.state.saved().window == before && navigator.isEmpty, "the window did not change")
    }

    @Test func aSiblingAppIsTakenBackWithTheItemPickedAndAStrangersCallbackIsNeverOpened() async throws {
        let (shell, navigator) = try await started()
        let request = "shop://x-callback-url/cart/pick?x-source=Sibling&x-success=sibling%3A%2F%2Fpicked&x-cancel=sibling%3A%2F%2Fgave-up"
        // The request's route waits for the picker's answer, as the app's scene delegate would.
        let serving = Task { await shell.router.handleIncoming(request, scene: "scene-1") }
        var picker: CartPickerScreen?
        for _ in 0..<5_000 where picker == nil {
            picker = navigator.state.top?.destination.content(as: CartPickerScreen.self)
            if picker == nil { try await Task.sleep(for: .milliseconds(1)) }
        }
        try #require(picker != nil, "the cart picker is shown")
        picker?.pick(0)
        _ = await serving.value
        #expect(openedInOtherApps.withLock { $0 } == ["sibling://picked?cents=8900&name=Trail%20shoes&sku=sku-1"])

        let stranger = await shell.router.handleIncoming("shop://x-callback-url/cart/pick?x-success=evil%3A%2F%2Fsteal", scene: "scene-1")
        guard case .opened(let result) = stranger, case .rejected = result.outcome else { Issue.record("expected a refusal, got \(stranger)"); return }
        #expect(openedInOtherApps.withLock { $0.count } == 1, "nothing opened for the stranger")
    }

    @Test func aSavedWindowRestoresAndOneThatNoLongerRestoresLeavesAClean() async throws {
        let (shell, navigator) = try await started()
        _ = await shell.router.handleIncoming("shop://product/3", scene: "scene-1")
        let saved = navigator.state.saved().window.encoded()

        let (relaunched, window) = try await started(scene: "scene-2")
        let report = await relaunched.router.restore(saved, scene: "scene-2")
        #expect(report.refused == nil && !report.opened.isEmpty)
        #expect(window.state.outline == navigator.state.outline)

        let (corrupted, clean) = try await started(scene: "scene-3")
        let refused = await corrupted.router.restore(Data("{\"version\": 99}".utf8), scene: "scene-3")
        #expect(refused.refused == .newerVersion(found: 99, supported: 1))
        #expect(clean.isEmpty, "a clean start")
    }
}
