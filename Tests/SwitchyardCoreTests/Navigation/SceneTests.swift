import Switchyard
import SwitchyardTesting
import Testing

/// Several scenes (iPad windows), each with its own navigator: a link changes the scene it
/// arrived in and no other; a page may ask for a scene of its own.
@Suite("Scenes", .timeLimit(.minutes(1)))
@MainActor
struct SceneTests {
    /// - Parameter duplicateWindow: long where a test expects the guard to catch a repeat, so a
    ///   slow machine between the two opens cannot let the second through.
    static func app(duplicateWindow: Duration = .milliseconds(500)) throws -> Router {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: duplicateWindow, tabs: ["home", "orders"]))
        func named(_ name: String) -> @MainActor @Sendable (RouteRequest) -> Destination {
            { request in Destination(name, name: request.string("id").map { "\(name)(\($0))" } ?? name) }
        }
        try router.page("/home", home: .tab("home"), make: named("Home"))
        try router.page("/orders", home: .tab("orders"), make: named("Orders"))
        try router.page("/order/:id", parents: ["/orders"], home: .tab("orders"), make: named("Order"))
        try router.page("/compose", command: .newScene, make: named("Compose"))
        try router.page("/compose/heavy", command: .newScene) { _ in
            Issue.record("a page for a new scene was built in the scene that asked for it")
            return Destination("Heavy", name: "Heavy")
        }
        return router
    }

    /// Two headless tab windows attached to `router` as scenes "A" and "B".
    static func twoScenes(_ router: Router) throws -> (HeadlessNavigator, HeadlessNavigator) {
        let first = try HeadlessNavigator(tabs: ["home", "orders"]), second = try HeadlessNavigator(tabs: ["home", "orders"])
        router.attach(first, scene: "A")
        router.attach(second, scene: "B")
        return (first, second)
    }

    /// Two headless scenes side by side: the same deep link in each changes only its own, and
    /// arriving in both within the duplicate window opens it in both.
    @Test func theSameLinkInTwoScenesChangesOnlyItsOwn() async throws {
        let router = try Self.app(duplicateWindow: .seconds(600))
        let (first, second) = try Self.twoScenes(router)
        await router.open("/home", options: OpenOptions(scene: "A"))
        await router.open("/home", options: OpenOptions(scene: "B"))
        guard case .opened(let inA) = await router.handleIncoming("/order/42", scene: "A") else {
            Issue.record("a callback handler took the link")
            return
        }
        #expect(inA.outcome == .openedPage(pattern: "/order/:id", command: .push))
        #expect(first.state.outline == ["tab home: Home", "tab orders*: Orders > Order(42)"])
        #expect(second.state.outline == ["tab home*: Home", "tab orders"])
        _ = await router.handleIncoming("/order/42", scene: "B")
        #expect(second.state.outline == ["tab home: Home", "tab orders*: Orders > Order(42)"])
        #expect(first.state.outline == ["tab home: Home", "tab orders*: Orders > Order(42)"])
        // A double tap is still one open within a scene.
        let again = await router.open("/orders", options: OpenOptions(scene: "A"))
        let twice = await router.open("/orders", options: OpenOptions(scene: "A"))
        #expect(again.outcome == .openedPage(pattern: "/orders", command: .push))
        #expect(twice.outcome == .handled(by: "duplicate guard"))
    }

    /// A mediator action that returns a page (a remote call, a manifest's native route) shows
    /// it in the scene the open arrived in, not in the app's default navigator.
    @Test func aPageAMediatorActionReturnsShowsInTheOpensScene() async throws {
        let app = AppRouter(router: Router(configuration: .quiet), mediator: Mediator(configuration: .quiet()))
        try app.routeRemoteCalls(host: "call")
        let (first, second, fallback) = (HeadlessNavigator(), HeadlessNavigator(), HeadlessNavigator())
        app.router.navigator = fallback
        app.router.attach(first, scene: "A")
        app.router.attach(second, scene: "B")
        let shown = await app.router.open("myapp://call/Shelf/page?id=3", options: OpenOptions(scene: "B"))
        #expect(shown.outcome == .performedAction(pattern: "/call/:target/:action"))
        #expect(second.state.outline == ["root: Shelf(3)"])
        #expect(first.state.isEmpty && fallback.state.isEmpty)
        let detached = await app.router.open("myapp://call/Shelf/page?id=4", options: OpenOptions(scene: "C"))
        #expect(detached.outcome.description == "rejected: action /call/:target/:action failed: "
            + OpenError.sceneNotAttached(scene: "C", pattern: "/call/:target/:action").description)
        #expect(first.state.isEmpty && fallback.state.isEmpty && second.state.outline == ["root: Shelf(3)"])
    }

    /// Steps back through the app facade go to the scene named, and only there.
    @Test func stepsBackGoToTheSceneNamed() async throws {
        let app = AppRouter(router: try Self.app(), mediator: Mediator(configuration: .quiet()))
        let (first, second) = try Self.twoScenes(app.router)
        for scene in ["A", "B"] {
            await app.router.open("/home", options: OpenOptions(scene: scene))
            await app.router.open("/order/1", options: OpenOptions(scene: scene))
        }
        try app.goBack(animated: false, scene: "B")
        #expect(second.state.outline == ["tab home: Home", "tab orders*: Orders"])
        #expect(first.state.outline == ["tab home: Home", "tab orders*: Orders > Order(1)"])
        try app.pop(to: "/home", animated: false, scene: "A")
        #expect(first.state.outline == ["tab home*: Home", "tab orders: Orders > Order(1)"])
        #expect(throws: NavigationError.noNavigatorForScene("C")) { try app.goBack(scene: "C") }
        #expect(throws: NavigationError.noNavigator) { try app.dismissAll() }
        #expect(second.state.outline == ["tab home: Home", "tab orders*: Orders"])
    }

    /// A page that asks for a scene of its own: the scene it was opened in asks the system
    /// for one and stays as it was; the new scene, empty, shows it as its first screen.
    @Test func aPageThatOpensInANewSceneAsksForOneAndTheNewSceneShowsIt() async throws {
        let router = try Self.app()
        let first = try HeadlessNavigator(tabs: ["home", "orders"])
        router.attach(first, scene: "A")
        var connected: [HeadlessNavigator] = []
        first.onSceneRequest = { url in
            // What the system does: connect a scene, whose delegate attaches a navigator and opens the URL.
            guard let navigator = try? HeadlessNavigator(tabs: ["home", "orders"]) else { return }
            connected.append(navigator)
            router.attach(navigator, scene: "B")
        }
        await router.open("/home", options: OpenOptions(scene: "A"))
        let result = await router.open("/compose", options: OpenOptions(scene: "A"))
        #expect(result.outcome == .requestedScene(url: "/compose"))
        #expect(result.outcome.description == "asked for a new scene to open /compose")
        #expect(first.requestedScenes == ["/compose"])
        #expect(first.state.outline == ["tab home*: Home", "tab orders"])
        let shown = await router.open("/compose", options: OpenOptions(scene: "B"))
        #expect(shown.outcome == .openedPage(pattern: "/compose", command: .newScene))
        #expect(connected.first?.state.outline == ["tab home*: Compose", "tab orders"])
        // A page for a new scene is built by that scene, not by the one that asked.
        #expect(await router.open("/compose/heavy", options: OpenOptions(scene: "A")).outcome == .requestedScene(url: "/compose/heavy"))
    }

    @Test func aNavigatorThatCannotOpenScenesRefusesThePageAndChangesNothing() async throws {
        let router = try Self.app()
        let recording = RecordingNavigator()
        router.navigator = recording
        try router.page("/plain", make: { _ in Destination("Plain", name: "Plain") })
        await router.open("/plain")
        let result = await router.open("/compose")
        #expect(result.outcome == .rejected(.navigationFailed(pattern: "/compose", reason: "this navigator cannot ask for a new window (scene)")))
        #expect(recording.shown.map(\.destination.name) == ["Plain"])
        let direct = try HeadlessNavigator(tabs: ["home"])
        #expect(throws: NavigationError.needsNewScene) {
            try direct.perform(.show(Destination("A", name: "A"), .push, request: RouteRequest(url: "/a", path: "/a")))
            try direct.perform(.show(Destination("B", name: "B"), .newScene, request: RouteRequest(url: "/b", path: "/b")))
        }
        #expect(direct.state.outline == ["tab home*: A"])
    }

    /// An open for a scene nobody attached, or one detached or released since, is an exact
    /// error; no other scene shows the page.
    @Test func aSceneWithoutANavigatorIsAnExactError() async throws {
        let router = try Self.app()
        let main = try HeadlessNavigator(tabs: ["home", "orders"])
        router.navigator = main
        var released: HeadlessNavigator? = try HeadlessNavigator(tabs: ["home", "orders"])
        router.attach(released!, scene: "gone")
        released = nil
        let other = try HeadlessNavigator(tabs: ["home", "orders"])
        router.attach(other, scene: "B")
        router.detach(scene: "B")
        for scene in ["nobody", "gone", "B"] {
            let result = await router.open("/home", options: OpenOptions(scene: scene))
            #expect(result.outcome == .rejected(.sceneNotAttached(scene: scene, pattern: "/home")))
            #expect(result.outcome.description == "rejected: no navigator is attached for scene \"\(scene)\" to show /home: attach it with router.attach(_:scene:) when the scene connects")
        }
        #expect(main.isEmpty)
        #expect(other.isEmpty)
        #expect(router.navigator(forScene: nil) === main)
        #expect(router.navigator(forScene: "B") == nil)
    }

    /// Two scenes restored from their own saved values after a relaunch, into their own navigators.
    @Test func eachSceneRestoresItsOwnSavedWindow() async throws {
        let router = try Self.app()
        let (first, second) = try Self.twoScenes(router)
        await router.open("/order/7", options: OpenOptions(scene: "A"))
        await router.open("/home", options: OpenOptions(scene: "B"))
        let (savedA, savedB) = (first.state.saved().window.encoded(), second.state.saved().window.encoded())

        let relaunched = try Self.app()
        let (newFirst, newSecond) = try Self.twoScenes(relaunched)
        await relaunched.restore(savedB, scene: "B")
        await relaunched.restore(savedA, scene: "A")
        #expect(newFirst.state.outline == first.state.outline)
        #expect(newSecond.state.outline == second.state.outline)
    }
}

/// A target whose page a URL may open (`remote: true`), found by name like those in `MediatorTargets.swift`.
public struct Target_Shelf: MediatorTarget {
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("page", remote: true) { @MainActor _, call in Destination("shelf", name: "Shelf(\(call.int("id") ?? 0))") }
    }
}
