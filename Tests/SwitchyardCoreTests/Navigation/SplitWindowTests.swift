import Switchyard
import Testing

/// A window whose root is a split view: a stack per column, pages that live in a column, and
/// going back when the columns are collapsed into one stack.
@Suite("Split view windows", .timeLimit(.minutes(1)))
@MainActor
struct SplitWindowTests {
    static func app(hasSupplementary: Bool = true, collapsed: Bool = false) throws -> (Router, HeadlessNavigator) {
        let router = Router(configuration: .quiet)
        let navigator = HeadlessNavigator(split: SplitColumns(hasSupplementary: hasSupplementary, isCollapsed: collapsed))
        router.navigator = navigator
        func named(_ name: String) -> @MainActor @Sendable (RouteRequest) -> Destination {
            { request in Destination(name, name: request.string("id").map { "\(name)(\($0))" } ?? name) }
        }
        try router.page("/mailboxes", home: .primary, make: named("Mailboxes"))
        try router.page("/inbox", home: .column(.supplementary), make: named("Inbox"))
        try router.page("/message/:id", home: .detail, make: named("Message"))
        try router.page("/product/:id", make: named("Product"))
        try router.page("/share", command: .present, make: named("Share"))
        try router.page("/promo", command: .replace, make: named("Promo"))
        try router.page("/main", command: .setRoot, make: named("Main"))
        return (router, navigator)
    }

    @Test(arguments: [
        (["/mailboxes", "/inbox", "/message/1"], ["primary: Mailboxes", "supplementary: Inbox", "detail: Message(1)"]),
        (["/mailboxes", "/message/1", "/message/2"], ["primary: Mailboxes", "supplementary", "detail: Message(1) > Message(2)"]),
        (["/mailboxes", "/product/1"], ["primary: Mailboxes", "supplementary", "detail: Product(1)"]),
        (["/mailboxes", "/message/1", "/share"], ["primary: Mailboxes", "supplementary", "detail: Message(1)", "sheet: Share"]),
        (["/mailboxes", "/share", "/message/1"], ["primary: Mailboxes", "supplementary", "detail: Message(1)"]),
        (["/message/1", "/product/1", "/main"], ["primary", "supplementary", "detail: Main"]),
        (["/message/1", "/product/1", "/promo"], ["primary", "supplementary", "detail: Message(1) > Promo"]),
        (["/mailboxes", "/mailboxes?again=1"], ["primary: Mailboxes > Mailboxes", "supplementary", "detail"]),
    ])
    func commandsInASplitView(urls: [String], outline: [String]) async throws {
        let (router, navigator) = try Self.app()
        await router.openAll(urls)
        #expect(navigator.state.outline == outline)
    }

    /// Expanded, a column's root is as far back as it goes; collapsed, going back from the
    /// detail's root shows the column before it, as one stack.
    @Test(arguments: [
        (false, BackNavigation.back, ["/mailboxes", "/message/1", "/message/2"], ["primary: Mailboxes", "supplementary", "detail: Message(1)"]),
        (true, .back, ["/mailboxes", "/inbox", "/message/1"], ["collapsed", "primary: Mailboxes", "supplementary: Inbox", "detail"]),
        (true, .back, ["/mailboxes", "/inbox"], ["collapsed", "primary: Mailboxes", "supplementary", "detail"]),
        (false, .popTo(pattern: "/mailboxes"), ["/mailboxes", "/inbox", "/message/1"], ["primary: Mailboxes", "supplementary: Inbox", "detail: Message(1)"]),
        (true, .popTo(pattern: "/mailboxes"), ["/mailboxes", "/inbox", "/message/1"], ["collapsed", "primary: Mailboxes", "supplementary", "detail"]),
    ])
    func stepsBackInASplitView(collapsed: Bool, step: BackNavigation, urls: [String], outline: [String]) async throws {
        let (router, navigator) = try Self.app(collapsed: collapsed)
        await router.openAll(urls)
        try navigator.perform(.back(step))
        #expect(navigator.state.outline == outline)
    }

    /// `removeAfter` keeps the screen closest to the root: the sidebar's before the middle column's.
    @Test func removeAfterLooksInTheSidebarFirst() async throws {
        let (router, navigator) = try Self.app()
        try router.page("/side/:id", home: .primary) { _ in Destination("Same", name: "Same") }
        try router.page("/middle/:id", home: .column(.supplementary)) { _ in Destination("Same", name: "Same") }
        await router.openAll(["/side/1", "/side/2", "/middle/1", "/middle/2", "/message/1"])
        try navigator.perform(.back(.removeAfter(pattern: "Same")))
        #expect(navigator.state.outline == ["primary: Same", "supplementary: Same > Same", "detail: Message(1)"])
    }

    @Test(arguments: [false, true])
    func goingBackFromTheSidebarsRootIsAnExactError(collapsed: Bool) async throws {
        let (router, navigator) = try Self.app(collapsed: collapsed)
        await router.open("/mailboxes")
        let before = navigator.state.outline
        #expect(throws: NavigationError.nothingToGoBackTo) { try navigator.perform(.back(.back)) }
        #expect(navigator.state.outline == before)
    }

    /// A page for a column the window does not have: an exact error, nothing changed.
    @Test func aColumnTheWindowDoesNotHaveIsAnExactError() async throws {
        let (router, navigator) = try Self.app(hasSupplementary: false)
        await router.open("/message/1")
        let result = await router.open("/inbox")
        #expect(result.outcome.description == "rejected: navigator could not show /inbox: cannot show in the supplementary column: this window's root is not a split view with one")
        #expect(navigator.state.outline == ["primary", "detail: Message(1)"])

        let plain = HeadlessNavigator()
        router.navigator = plain
        await router.open("/product/1")
        let detail = await router.open("/message/2")
        #expect(detail.outcome == .rejected(.navigationFailed(pattern: "/message/:id", reason: "\(NavigationError.noSplitColumn(.detail))")))
        #expect(plain.state.outline == ["root: Product(1)"])
    }

    @Test func theWidthDecidesCollapsingAndASplitWindowRestores() async throws {
        let (router, navigator) = try Self.app()
        await router.openAll(["/mailboxes", "/inbox", "/message/1", "/product/2"])
        navigator.setSplitCollapsed(true)
        #expect(navigator.state.outline == ["collapsed", "primary: Mailboxes", "supplementary: Inbox", "detail: Message(1) > Product(2)"])
        let (saved, _) = navigator.state.saved()
        #expect(saved.split == SavedSplit(primary: ["/mailboxes"], supplementary: ["/inbox"], detail: ["/message/1", "/product/2"]))
        let (restoredRouter, restored) = try Self.app()
        let report = await restoredRouter.restore(saved.encoded())
        #expect(report.description == "restored 4 screens")
        #expect(restored.state.outline == ["primary: Mailboxes", "supplementary: Inbox", "detail: Message(1) > Product(2)"])
    }
}
