import Switchyard
import SwitchyardTypedRoutes
import SwitchyardTesting
import Testing

@Route("/item/:name")
struct ItemRoute: Equatable {
    let name: String
}

@Route("/item/:name/edit")
struct EditItemRoute: Equatable {
    typealias Answer = String
    let name: String
}

/// A typed value reaches the route its type declares, or fails naming the route that takes
/// its URL first; never another handler silently (issue 29, item 11).
@Suite("Typed routes: a value reaches its own route")
@MainActor
struct TypedRouteShadowTests {
    func app() throws -> (Router, RecordingNavigator, Shared<[String]>) {
        let (router, navigator) = try pipeline()
        let ran = Shared<[String]>([])
        try router.page(ItemRoute.self) { route, _ in
            ran.withLock { $0.append("item " + route.name) }
            return Destination("item", name: "Item(\(route.name))")
        }
        try router.action("/item/edit") { _ in ran.withLock { $0.append("the static /item/edit") } }
        try router.action(EditItemRoute.self) { route, request in request.answer("edited " + route.name) }
        try router.action("/item/new/edit") { request in request.answer("the static /item/new/edit") }
        return (router, navigator, ran)
    }

    @Test func aValueWhosePathAStaticRouteTakesFailsNamingThatRoute() async throws {
        let (router, navigator, ran) = try app()
        let result = await router.open(ItemRoute(name: "edit"))
        #expect(result.outcome == .rejected(.typedRouteShadowed(pattern: "/item/:name", url: "/item/edit", shadowedBy: "/item/edit")))
        #expect(result.outcome.description == "rejected: the typed route /item/:name does not reach /item/edit: the route /item/edit matches it first; "
            + "give that value another path, or register /item/edit with a lower priority")
        #expect(ran.current.isEmpty && navigator.shown.isEmpty, "no handler ran")
    }

    @Test func otherValuesAndTheStringURLOpenAsBefore() async throws {
        let (router, navigator, ran) = try app()
        defer { withExtendedLifetime(navigator) {} }
        let shoes = await router.open(ItemRoute(name: "shoes"))
        #expect(shoes.outcome == .openedPage(pattern: "/item/:name", command: .push), "\(shoes)")
        #expect(await router.open("/item/edit").outcome == .performedAction(pattern: "/item/edit"), "a string URL goes where it matches")
        #expect(ran.current == ["item shoes", "the static /item/edit"])
    }

    @Test func aTypedCallIsHeldToItsRouteToo() async throws {
        let (router, _, _) = try app()
        #expect(try await router.call(EditItemRoute(name: "hat")) == "edited hat")
        await #expect(throws: OpenError.typedRouteShadowed(pattern: "/item/:name/edit", url: "/item/new/edit", shadowedBy: "/item/new/edit")) {
            try await router.call(EditItemRoute(name: "new"))
        }
    }

    @Test func aTypedRouteWithNoRouteOfItsOwnNamesTheRouteThatWouldTakeIt() async throws {
        let (router, _) = try pipeline()
        try router.page("/item/*") { _ in Destination("any") }
        let result = await router.open(ItemRoute(name: "x"))
        #expect(result.outcome == .rejected(.typedRouteShadowed(pattern: "/item/:name", url: "/item/x", shadowedBy: "/item/*")))
    }
}
