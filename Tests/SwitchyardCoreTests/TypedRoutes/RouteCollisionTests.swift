import Switchyard
import SwitchyardTesting
import Testing

/// Two modules registering the same path start without error; the testing helper is where
/// that fails, before release, with the same words as `switchyard lint`.
@Suite("Typed routes: collisions before release")
@MainActor
struct RouteCollisionTests {
    struct Module: FeatureModule {
        let name: String
        let routes: [String]
        func register(in app: AppRouter) throws {
            for pattern in routes { try app.router.page(pattern, owner: name) { _ in Destination(pattern, name: pattern) } }
        }
    }

    static func started(_ modules: Module...) async throws -> AppRouter {
        let app = AppRouter(router: Router(configuration: .quiet), services: ServiceRegistry.quiet())
        for module in modules { try app.add(module) }
        let (registered, _) = await app.start()
        #expect(registered.failures.isEmpty)
        return app
    }

    @Test func twoModulesWithTheSamePathAreOneCollisionNamingBoth() async throws {
        let app = try await Self.started(
            Module(name: "Product", routes: ["/product/<int:id>", "/product/list"]),
            Module(name: "Deals", routes: ["/deal/:id", "/product/<int:sku>"])
        )
        #expect(app.routeCollisions() == [RouteCollision(
            pattern: "/product/<int:sku>", owner: "Deals",
            message: "/product/<int:sku> can never win: it duplicates /product/<int:id>, which was registered first (routes[0] (Product)); both match /product/1"
        )])
    }

    @Test func aRouteThatCanNeverWinIsACollision() async throws {
        let app = try await Self.started(Module(name: "Search", routes: ["/q/:c([a-z]+)", "/q/:d([a-c]+)"]))
        #expect(app.routeCollisions().map(\.pattern) == ["/q/:d([a-c]+)"])
        #expect(app.routeCollisions().first?.owner == "Search")
    }

    @Test func routesThatEachWinSomeURLDoNotCollide() async throws {
        let app = try await Self.started(Module(name: "A", routes: ["/a/:x", "/a/b", "/a/<int:n>"]))
        #expect(app.routeCollisions().isEmpty)
    }
}
