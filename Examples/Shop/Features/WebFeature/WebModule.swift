import Foundation
import ShopContracts
import Switchyard

/// H5 pages, and the `Web` mediator target behind the `openWeb` alias.
public struct WebModule: FeatureModule {
    public let name = "Web"
    public var priority: Int { 50 }

    public init() {}

    public func register(in app: AppRouter) throws {
        try app.router.page(WebRoute.self, owner: name) { web, _ in
            Destination(WebScreen(url: web.url ?? ""), name: "Web(\(web.url ?? ""))")
        }
    }
}

/// Stands in for the web view; its bridge opens native pages as the H5 source.
public struct WebScreen: Sendable {
    public let url: String
}

/// Found by name: `WebFeature.Web`.
///
/// `webPage` is remote-callable (`shop://call/openWeb?url=…`), so anyone can send it a URL:
/// it shows only the shop's own pages. The router checks its web route the same way
/// (`Router.webPageDecision(for:)`); this action is reached without the router, so it checks
/// for itself.
public struct Target_Web: MediatorTarget {
    public init() {}

    public static let actions = TargetActions<Self> { actions in
        actions.action("webPage", remote: true) { @MainActor _, call in
            let page = try call.require("url", as: String.self)
            guard isShopPage(page) else { throw ForeignPage(url: page) }
            return Destination(WebScreen(url: page), name: "Web(\(page))")
        }
    }

    /// An `https` URL, without credentials or backslashes, on the shop's domain or web-view hosts.
    static func isShopPage(_ page: String) -> Bool {
        guard !page.utf8.contains(UInt8(ascii: "\\")), let components = URLComponents(string: page),
              components.scheme?.lowercased() == "https", components.user == nil, components.password == nil,
              let host = components.host?.lowercased()
        else { return false }
        return host == ShopLinks.domain || ShopLinks.webViewHosts.contains(host)
    }
}

/// A remote call asked the shop's web view to show a page that is not the shop's.
public struct ForeignPage: Error, CustomStringConvertible {
    public let url: String
    public var description: String { "not one of the shop's pages: \(url)" }
}
