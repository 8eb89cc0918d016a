import Switchyard
import Testing

@Suite("Headless navigator", .timeLimit(.minutes(1)))
@MainActor
struct HeadlessNavigatorTests {
    @Test(arguments: [
        (["/product/1"], ["root: Product(1)"]),
        // A page presented on an empty window stays presented: dismissing it leaves the empty
        // window, never a login page as the root (issue 35).
        (["/login"], ["root: ", "sheet(nav): Login"]),
        (["/home", "/product/1", "/product/2"], ["root: Home > Product(1) > Product(2)"]),
        (["/home", "/share"], ["root: Home", "sheet: Share"]),
        (["/home", "/share", "/product/1"], ["root: Home", "sheet: Share", "sheet: Product(1)"]),
        (["/home", "/login", "/code"], ["root: Home", "sheet(nav): Login > Code"]),
        (["/home", "/video"], ["root: Home", "fullScreen: Video"]),
        (["/home", "/product/1", "/promo"], ["root: Home > Promo"]),
        (["/home", "/login", "/promo"], ["root: Home", "sheet(nav): Promo"]),
        (["/home", "/login", "/code", "/main"], ["root: Main"]),
    ])
    func showsWithUIKitSemantics(urls: [String], outline: [String]) async throws {
        let (router, navigator) = try headless()
        await router.openAll(urls)
        #expect(navigator.state.outline == outline)
    }

    @Test func aPagePresentedOnAnEmptyWindowIsDismissedAndLeavesItEmpty() async throws {
        let (router, navigator) = try headless()
        await router.openAll(["/login"])
        try navigator.perform(.back(.dismissAll))
        #expect(navigator.isEmpty && navigator.state.outline.isEmpty)
    }

    @Test func pushWithoutARootNavigationContainerPresents() async throws {
        let (router, navigator) = try headless(rootHasNavigation: false)
        await router.openAll(["/home", "/product/1"])
        #expect(navigator.state.outline == ["root: Home", "sheet: Product(1)"])
    }

    @Test(arguments: [
        (["/home", "/product/1"], BackNavigation.back, ["root: Home"]),
        (["/home", "/share"], .back, ["root: Home"]),
        (["/home", "/login", "/code"], .back, ["root: Home", "sheet(nav): Login"]),
        (["/home", "/product/1", "/product/2"], .popToRoot, ["root: Home"]),
        (["/home", "/product/1", "/login", "/code"], .popToRoot, ["root: Home > Product(1)", "sheet(nav): Login"]),
        (["/home", "/product/1", "/product/2", "/login"], .popTo(pattern: "/product/:id"), ["root: Home > Product(1) > Product(2)"]),
        (["/home", "/product/1", "/product/2", "/login"], .popTo(pattern: "/product/1"), ["root: Home > Product(1)"]),
        (["/home", "/product/1", "/product/2", "/login"], .removeAfter(pattern: "/product/:id"), ["root: Home > Product(1)"]),
        (["/home", "/login", "/code", "/share"], .popTo(pattern: "Login"), ["root: Home", "sheet(nav): Login"]),
        (["/home", "/login", "/share"], .dismiss, ["root: Home", "sheet(nav): Login"]),
        (["/home", "/login", "/code", "/share"], .dismissAll, ["root: Home"]),
    ])
    func stepsBackWithUIKitSemantics(urls: [String], step: BackNavigation, outline: [String]) async throws {
        let (router, navigator) = try headless()
        await router.openAll(urls)
        try navigator.perform(.back(step))
        #expect(navigator.state.outline == outline)
    }

    @Test(arguments: [
        ([String](), BackNavigation.back, NavigationError.nothingToGoBackTo),
        (["/home"], .back, .nothingToGoBackTo),
        (["/home"], .popToRoot, .nothingToGoBackTo),
        (["/home", "/product/1"], .popTo(pattern: "/cart"), .notOnStack(pattern: "/cart")),
        (["/home", "/product/1"], .removeAfter(pattern: "/cart"), .notOnStack(pattern: "/cart")),
        (["/home", "/product/1"], .dismiss, .nothingPresented),
        (["/home", "/product/1"], .dismissAll, .nothingPresented),
    ])
    func impossibleStepsThrowAndChangeNothing(urls: [String], step: BackNavigation, expected: NavigationError) async throws {
        let (router, navigator) = try headless()
        await router.openAll(urls)
        let before = navigator.state.outline
        let ids = navigator.state.screens.map(\.id)
        #expect(throws: expected) { try navigator.perform(.back(step)) }
        #expect(navigator.state.outline == before)
        #expect(navigator.state.screens.map(\.id) == ids)
    }

    @Test func customCommandsRunTheAppsRuleOrFailWhenUnknown() async throws {
        let (router, navigator) = try headless()
        await router.open("/home")
        let unknown = await router.open("/tab/2")
        #expect(unknown.outcome.description == "rejected: navigator could not show /tab/:id: no custom navigation command \"tab\" is registered")
        #expect(navigator.state.outline == ["root: Home"])

        navigator.registerCustomCommand("tab") { state, screen in
            state.modals = []
            state.root.screens = [screen]   // a tab switch: the tab's screen becomes the root
        }
        await router.open("/tab/3")
        #expect(navigator.state.outline == ["root: Tab(3)"])
    }

    @Test func eachScreenKnowsItsRouteURLAndRequest() async throws {
        let (router, navigator) = try headless()
        await router.open("myapp://product/7?from=push", source: .push)
        let screen = try #require(navigator.state.top)
        #expect(screen.pattern == "/product/:id")
        #expect(screen.url == "myapp://product/7?from=push")
        #expect(screen.request.int("id") == 7)
        #expect(screen.request.source == .push)
    }

    @Test func everyChangeIsPublishedAndARefusedStepPublishesNothing() async throws {
        let (router, navigator) = try headless()
        var changes = navigator.changes().makeAsyncIterator()
        #expect(await changes.next()?.outline == [])
        await router.open("/home")
        #expect(await changes.next()?.outline == ["root: Home"])
        #expect(throws: NavigationError.nothingToGoBackTo) { try navigator.perform(.back(.back)) }
        await router.open("/share")
        #expect(await changes.next()?.outline == ["root: Home", "sheet: Share"], "the refused step published nothing")
    }

    @Test func completionsRunAfterTheStep() async throws {
        let (router, navigator) = try headless()
        await router.openAll(["/home", "/product/1"])
        var seen: [String] = []
        try navigator.perform(.back(.back, completion: { seen = navigator.state.outline }))
        #expect(seen == ["root: Home"])
    }

    @Test func showingFromAScreenBelowDismissesWhatCoversIt() async throws {
        let (router, navigator) = try headless()
        await router.openAll(["/home", "/login", "/share"])
        await router.open("/product/3", from: "/home")
        #expect(navigator.state.outline == ["root: Home > Product(3)"])
        let missing = await router.open("/product/4", from: "/cart")
        #expect(missing.outcome.description == "rejected: navigator could not show /product/:id: cannot show from /cart: no such screen is on screen")
    }

    @Test func closingAScreenReleasesItsRequestSoACallerIsNotLeftWaiting() async throws {
        let (router, navigator) = try headless()
        await router.open("/home")
        let caller = Task { try await router.call("/product/9") }
        while navigator.state.top?.name != "Product(9)" { await Task.yield() }
        try navigator.perform(.back(.back))
        #expect(try await caller.value.isCancelled)
    }
}
