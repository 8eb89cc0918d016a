import Foundation
import Switchyard
import Testing

// BuildingAnAppFromModules.md's cart, as the article writes it (names prefixed, so the test
// target's other carts stay apart).
public protocol DocCartService: Sendable {
    func count() async -> Int
    func add(sku: String) async -> Int
}

extension Mediator {
    /// The article's typed wrapper: callers need no import of the cart's module.
    public func docCartCount() async throws(MediatorError) -> Int {
        try await perform(target: "DocCart", action: "count", as: Int.self)
    }
}

actor DocLocalCart: DocCartService {
    private var skus: [String] = []
    func count() -> Int { skus.count }
    func add(sku: String) -> Int {
        skus.append(sku)
        return skus.count
    }
}

public struct Target_DocCart: MediatorTarget {
    @Injected var cart: (any DocCartService)?
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("count", remote: true) { target, _ in try await target.$cart.require().count() }
    }
}

struct DocCartModule: FeatureModule {
    let name = "DocCart"
    let cart = DocLocalCart()
    func register(in app: AppRouter) throws {
        let cart = self.cart
        try app.provide((any DocCartService).self) { cart }
        app.mediator.register(Target_DocCart.self, as: "DocCart")
        try app.router.action("/cart/add/:sku", owner: name) { request in
            request.answer(await cart.add(sku: try request.require("sku", as: String.self)))
        }
    }
}

/// Issue 50, item 3: a target's `@Injected` resolves from the app whose mediator runs it,
/// whichever entry point the caller used.
@Suite("Targets find their app's services from every entry point")
struct TargetServicesTests {
    @Test func theArticlesTypedWrapperRunsAsWritten() async throws {
        let app = AppRouter.quiet()
        try app.add(DocCartModule())
        _ = await app.start()
        #expect(try await app.call("/cart/add/sku-3").value(as: Int.self) == 1)
        // Was: "no service DocCartService is registered in ServiceRegistry.shared".
        #expect(try await app.mediator.docCartCount() == 1)
        #expect(try await app.perform(target: "DocCart", action: "count", as: Int.self) == 1)
        #expect(try await app.mediator.perform(target: "DocCart", action: "count", as: Int.self) == 1)
    }

    /// Two apps, each with its own cart: each mediator's targets read their own app's services.
    @Test func twoAppsTargetsReadTheirOwnServices() async throws {
        var configuration = MediatorConfiguration.quiet()
        configuration.remoteSchemes = ["shop"]
        configuration.remoteHosts = ["call"]
        let first = AppRouter(router: Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger)),
                              mediator: Mediator(configuration: configuration), services: ServiceRegistry.quiet())
        let second = AppRouter.quiet()
        try first.add(DocCartModule())
        try second.add(DocCartModule())
        _ = await first.start()
        _ = await second.start()
        _ = try await first.call("/cart/add/a")
        _ = try await first.call("/cart/add/b")
        _ = try await second.call("/cart/add/c")
        #expect(try await first.mediator.docCartCount() == 2)
        #expect(try await second.mediator.docCartCount() == 1)
        #expect(try await first.mediator.perform(url: "shop://call/DocCart/count") as? Int == 2, "the remote form too")
    }
}
