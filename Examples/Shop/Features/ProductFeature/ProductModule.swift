import ShopContracts
import Switchyard

/// Product list and detail pages, a live-room page, and the `Product` mediator target.
public struct ProductModule: FeatureModule {
    public let name = "Product"
    public var priority: Int { 90 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.router.page(ProductListRoute.self, parents: [HomeRoute.pattern], owner: name) { _, _ in
            Destination(ProductScreen(id: nil), name: "ProductList")
        }
        // Opened by a cold-start deep link, a product shows over Home > ProductList.
        try app.router.page(ProductRoute.self, parents: [HomeRoute.pattern, ProductListRoute.pattern], owner: name) { product, _ in
            Destination(ProductScreen(id: product.id), name: "Product(\(product.id))")
        }
        try app.router.page(LiveRoute.self, owner: name) { live, _ in
            Destination(ProductScreen(id: nil), name: "Live(\(live.room))")
        }
    }
}

/// Stands in for the product view controller.
public struct ProductScreen: Sendable {
    public let id: Int?
}

/// Found by name through the runtime: `ProductFeature.Product`. Nothing imports or registers it.
public struct Target_Product: MediatorTarget {
    public init() {}

    public static let actions = TargetActions<Self> { actions in
        actions.action("title") { _, call in
            let id = try call.require("id", as: Int.self)
            return "Product \(id): \(["Trail shoes", "Rain jacket", "Headlamp"][id % 3])"
        }
        // Remote-callable: `shop://call/Product/detail?id=5`, and the manifest's native routes.
        actions.action("detail", remote: true) { @MainActor _, call in
            let id = try call.require("id", as: Int.self)
            return Destination(ProductScreen(id: id), name: "Product(\(id))")
        }
    }
}
