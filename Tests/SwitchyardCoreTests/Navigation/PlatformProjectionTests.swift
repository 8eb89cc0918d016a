import Switchyard
import Testing

@Suite("What the SwiftUI adapter and the debug panel read", .timeLimit(.minutes(1)))
@MainActor
struct PlatformProjectionTests {
    @Test func eachLayerIsARootViewAndAPathOfScreenIDs() async throws {
        let (router, navigator) = try headless()
        await router.openAll(["/home", "/product/1", "/product/2", "/login", "/code"])
        let paths = navigator.state.layers.map(\.stackPath)
        #expect(paths.map { $0.root?.name } == ["Home", "Login"])
        #expect(paths.map(\.path) == [[2, 3], [5]])
        #expect(navigator.state.layers.map(\.presentation) == [.root, .sheet])
    }

    @Test func popsAndDismissalsThePlatformAlreadyDidAreRecordedAndPublished() async throws {
        let (router, navigator) = try headless()
        await router.openAll(["/home", "/product/1", "/product/2", "/login", "/code", "/share"])
        var changes = navigator.changes().makeAsyncIterator()
        _ = await changes.next()

        navigator.didDismiss(layer: 2)              // the share sheet swiped down
        #expect(await changes.next()?.outline == ["root: Home > Product(1) > Product(2)", "sheet(nav): Login > Code"])
        navigator.didPop(layer: 1, keeping: 1)      // back swipe in the login sheet
        #expect(navigator.state.outline == ["root: Home > Product(1) > Product(2)", "sheet(nav): Login"])
        navigator.didDismiss(layer: 1)
        navigator.didPop(layer: 0, keeping: 1)      // a NavigationStack path set to []
        #expect(navigator.state.outline == ["root: Home"])

        navigator.didPop(layer: 0, keeping: 0)      // out of range: ignored
        navigator.didDismiss(layer: 3)
        #expect(navigator.state.outline == ["root: Home"])
    }

    /// What a `TabView` and per-tab `NavigationStack`s report: a tab tapped, a back swipe in a tab.
    @Test func tabSelectionsAndPopsInATabThePlatformDidAreRecorded() async throws {
        let (router, navigator) = try TabWindowTests.tabbed()
        await router.openAll(["/home", "/product/1", "/order/7"])
        #expect(navigator.state.outline == ["tab home: Home > Product(1)", "tab cart", "tab orders*: Orders > Order(7)", "tab me"])
        var changes = navigator.changes().makeAsyncIterator()
        _ = await changes.next()

        navigator.didSelect(tab: "home")
        #expect(await changes.next()?.outline == ["tab home*: Home > Product(1)", "tab cart", "tab orders: Orders > Order(7)", "tab me"])
        navigator.didPop(tab: "orders", keeping: 1)
        #expect(navigator.state.outline == ["tab home*: Home > Product(1)", "tab cart", "tab orders: Orders", "tab me"])

        let unchanged = navigator.state.outline
        navigator.didSelect(tab: "wallet")              // no such tab
        navigator.didSelect(tab: "home")                // already selected
        navigator.didPop(tab: "home", keeping: 2)       // nothing above the second screen
        navigator.didPop(tab: "home", keeping: 0)       // a tab keeps its root
        navigator.didPop(tab: "wallet", keeping: 1)
        #expect(navigator.state.outline == unchanged)
    }

    /// What a `NavigationSplitView`'s column stacks report: a back swipe in a column.
    @Test func popsInASplitViewColumnThePlatformDidAreRecorded() async throws {
        let (router, navigator) = try SplitWindowTests.app(hasSupplementary: false)
        await router.openAll(["/mailboxes", "/mailboxes?again=1", "/message/1", "/message/2"])
        navigator.didPop(column: .detail, keeping: 1)
        navigator.didPop(column: .primary, keeping: 1)
        #expect(navigator.state.outline == ["primary: Mailboxes", "detail: Message(1)"])
        navigator.didPop(column: .supplementary, keeping: 1) // no such column
        navigator.didPop(column: .detail, keeping: 1)        // nothing to pop
        #expect(navigator.state.outline == ["primary: Mailboxes", "detail: Message(1)"])
    }

    @Test func theDebugPanelListsRecordedOpensNewestFirst() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(recordingLast: 10))
        let navigator = HeadlessNavigator()
        router.navigator = navigator
        try router.page("/product/:id") { _ in Destination("p", name: "Product") }
        try router.redirect("/item/:id", to: "/product/:id")
        await router.open("myapp://item/1", source: .push)
        await router.open("myapp://nowhere", source: .deepLink)
        let recorder = try #require(router.recorder)
        let rows = DebugPanelRow.rows(from: recorder)
        #expect(rows.map(\.title) == ["myapp://nowhere", "myapp://item/1"])
        #expect(rows.map(\.failed) == [true, false])
        #expect(rows[1].detail.hasPrefix("opened /product/:id (push) · from push · "))
        #expect(rows[1].detail.hasSuffix(" µs · via /product/1"))
    }
}
