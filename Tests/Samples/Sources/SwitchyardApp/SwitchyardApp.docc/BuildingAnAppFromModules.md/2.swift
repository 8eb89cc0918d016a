// sample: Sources/SwitchyardApp/SwitchyardApp.docc/BuildingAnAppFromModules.md #2 "struct ReviewsModule: FeatureModule {"
import Switchyard

// Block 1, "Write a module", in full.
// CartContracts: the only part of the cart other modules import.
public protocol CartService: Sendable {
    func count() async -> Int
    func add(sku: String) async -> Int
}

extension Mediator {
    /// A typed wrapper for the Cart target, so callers need no import of CartFeature.
    public func cartCount() async throws(MediatorError) -> Int {
        try await perform(target: "Cart", action: "count", as: Int.self)
    }
}

// CartFeature: nobody imports it; the app target adds it.
actor LocalCart: CartService {
    private var skus: [String] = []
    func count() -> Int { skus.count }
    func add(sku: String) -> Int {
        skus.append(sku)
        return skus.count
    }
    func restore() async throws { /* read the saved cart */ }
}

struct CartScreen {}

public struct Target_Cart: MediatorTarget {
    @Injected var cart: (any CartService)?          // reads ServiceRegistry.shared, AppRouter's default
    public init() {}
    public static let actions = TargetActions<Self> { actions in
        actions.action("count") { target, _ in try await target.$cart.require().count() }
    }
}

public struct CartModule: FeatureModule {
    public let name = "Cart"                        // unique among the app's modules
    public var priority: Int { 80 }                 // higher first; the default is 0
    let cart = LocalCart()
    public init() {}

    public func register(in app: AppRouter) throws {
        let cart = self.cart
        try app.provide((any CartService).self) { cart }
        app.mediator.register(Target_Cart.self, as: "Cart")
        try app.router.page("/cart", owner: name) { _ in Destination(CartScreen(), name: "Cart") }
        try app.router.action("/cart/add/:sku", owner: name) { request in
            let sku = try request.require("sku", as: String.self)
            let count = await cart.add(sku: sku)
            request.answer(count)                   // what `call` returns to the caller
        }
    }

    public func load(in app: AppRouter) async throws {
        try await cart.restore()
    }
}
// {{sample}}
