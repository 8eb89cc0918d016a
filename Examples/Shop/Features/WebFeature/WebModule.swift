import ShopContracts
import Switchyard

/// H5 pages, and the `Web` mediator target behind the `openWeb` alias.
public struct WebModule: FeatureModule {
    public let name = "Web"
    public var priority: Int { 50 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.router.page(ShopRoutes.web, owner: name) { request in
            Destination(WebScreen(url: request.string("url") ?? ""), name: "Web(\(request.string("url") ?? ""))")
        }
    }
}

/// Stands in for the web view; its bridge opens native pages as the H5 source.
public struct WebScreen: Sendable {
    public let url: String
}

/// Found by name: `WebFeature.Web`.
public struct Target_Web: MediatorTarget {
    public init() {}

    public static let actions = TargetActions<Self> { actions in
        actions.action("webPage", remote: true) { @MainActor _, call in
            Destination(WebScreen(url: call.string("url") ?? ""), name: "Web(\(call.string("url") ?? ""))")
        }
    }
}
