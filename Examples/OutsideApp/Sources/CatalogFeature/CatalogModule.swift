import Switchyard

public struct CatalogModule: FeatureModule {
    public let name = "Catalog"
    public init() {}
    public func register(in app: AppRouter) throws {
        try app.router.page("/home", home: .tab("home")) { _ in Destination("home", name: "Home") }
        try app.router.page("/item/<int:id>", parents: ["/home"]) { request in
            Destination("item", name: "Item(\(request.string("id") ?? "?"))")
        }
    }
}
