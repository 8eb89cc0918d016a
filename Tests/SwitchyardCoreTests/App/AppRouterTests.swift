import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// A product module wired only through the facade.
struct ProductModule: FeatureModule {
    let name = "Product"
    var priority: Int { 10 }

    func register(in app: AppRouter) throws {
        try app.router.page("/product/:id") { request in Destination("product", name: "Product(\(request.string("id") ?? ""))") }
        try app.router.page("/cart", command: .present) { _ in Destination("cart", name: "Cart") }
        try app.services.register((any Analytics).self) { _ in ConsoleAnalytics() }
        app.mediator.register(Target_Product.self, as: "Product")
    }
}

@Suite("App router facade", .timeLimit(.minutes(1)))
@MainActor
struct AppRouterTests {
    let app = AppRouter.quiet()
    let navigator = RecordingNavigator()

    init() async throws {
        try app.add(ProductModule())
        _ = await app.start()
        app.navigator = navigator
    }

    @Test func oneObjectOpensURLsCallsTargetsAndProvidesServices() async throws {
        let opened = await app.open("/product/1")
        #expect(opened.succeeded)
        #expect(navigator.shown.map(\.destination.name) == ["Product(1)"])
        #expect(app.canOpen("/product/2"))
        #expect(try await app.perform(target: "Product", action: "detail", parameters: ["id": 9], as: String.self) == "product 9")
        #expect(app.service((any Analytics).self)?.track("x") == "console: x")
        #expect(throws: ServiceError.notRegistered(service: "Clock", registered: ["Analytics"], nearest: nil)) {
            try app.require((any Clock).self)
        }
    }

    @Test func goBackPopToRootAndDismissAllStepThroughTheScreens() async throws {
        for url in ["/product/1", "/product/2", "/product/3", "/cart"] { await app.open(url) }
        try app.dismissAll()
        #expect(navigator.shown.map(\.destination.name) == ["Product(1)", "Product(2)", "Product(3)"])
        try app.goBack()
        #expect(navigator.shown.map(\.destination.name) == ["Product(1)", "Product(2)"])
        try app.popToRoot()
        #expect(navigator.shown.map(\.destination.name) == ["Product(1)"])
        #expect(navigator.steps == [.dismissAll, .back, .popToRoot])
    }

    @Test func stepsThatCannotHappenThrowAndChangeNothing() async throws {
        await app.open("/product/1")
        #expect(throws: NavigationError.nothingToGoBackTo) { try app.goBack() }
        #expect(throws: NavigationError.nothingPresented) { try app.dismissAll() }
        #expect(throws: NavigationError.notOnStack(pattern: "/cart")) { try app.pop(to: "/cart") }
        #expect(navigator.shown.map(\.destination.name) == ["Product(1)"])

        app.navigator = nil
        #expect(throws: NavigationError.noNavigator) { try app.goBack() }
        withExtendedLifetime(navigator) {}
    }

    @Test func remoteCallsCanGoThroughTheRoutersPipeline() async throws {
        var configuration = MediatorConfiguration.quiet()
        configuration.aliases["openWeb"] = MediatorAlias(target: "Web", action: "webPage")
        let app = AppRouter(router: Router(configuration: .quiet), mediator: Mediator(configuration: configuration))
        try app.routeRemoteCalls(host: "call")
        let seen = Shared<[String]>([])
        app.router.addInterceptor(Step(name: "audit", decide: { request in
            seen.withLock { $0.append(request.path) }
            return .proceed
        }))

        #expect(try await app.call("myapp://call/Product/detail?id=3", source: .deepLink).value(as: String.self) == "product 3")
        #expect(try await app.call("myapp://call/openWeb?url=https%3A%2F%2Fh5.example.com").value(as: String.self) == "web https://h5.example.com")
        #expect(seen.current == ["/call/Product/detail", "/call/openWeb"], "remote calls pass the interceptors")

        let refused = await app.open("myapp://call/Web/clearCookies", source: .deepLink)
        #expect(refused.outcome.description
            == "rejected: action /call/:target/:action failed: Web/clearCookies can only be called from inside the app, not from a URL")
    }
}
