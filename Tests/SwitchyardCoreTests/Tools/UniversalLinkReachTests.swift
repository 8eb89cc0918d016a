import Foundation
import Switchyard
import SwitchyardTools
import Testing

/// Issue 35, item 5: the routes a universal link may reach are one setting, which the pipeline
/// enforces, the route export records and `switchyard aasa` publishes.
@Suite("Universal links: the routes a website may open")
struct UniversalLinkReachTests {
    static func router(_ reach: [String]?) throws -> Router {
        let configuration = RouterConfiguration(schemes: ["shop"], associatedDomains: ["shop.example.com"], logger: RouterConfiguration.quiet.logger)
        let router = Router(configuration: configuration, settings: PipelineSettings(universalLinkRoutes: reach))
        for pattern in ["/product/<int:id>", "/login", "/web", "/x-callback-url/*"] {
            try router.action(pattern) { _ in }
        }
        return router
    }

    @Test func aUniversalLinkReachesOnlyTheListedRoutesAndEveryOtherCallerIsUnchanged() async throws {
        let router = try Self.router(["/product/<int:id>"])
        let product = await router.open("https://shop.example.com/product/1", source: .universalLink)
        #expect(product.outcome == .performedAction(pattern: "/product/<int:id>"))
        let login = await router.open("https://shop.example.com/login", source: .universalLink)
        #expect(login.outcome == .rejected(.notOpenToCaller(url: "https://shop.example.com/login", caller: "a universal link")))
        #expect(login.interceptors.isEmpty, "refused before any interceptor ran")
        for source: RouteSource in [.deepLink, .push, .inApp] {
            #expect(await router.open("shop://login", source: source).outcome == .performedAction(pattern: "/login"), "\(source)")
        }
        // No list: every route, as before the setting existed.
        let open = try Self.router(nil)
        #expect(await open.open("https://shop.example.com/login", source: .universalLink).outcome == .performedAction(pattern: "/login"))
    }

    @Test func anInvalidPatternInTheListReachesNothingAndTheOthersStillDo() async throws {
        let router = try Self.router(["/product/<int:id>", "/broken/(unclosed"])
        #expect(await router.open("https://shop.example.com/product/2", source: .universalLink).outcome == .performedAction(pattern: "/product/<int:id>"))
        let other = await router.open("https://shop.example.com/web", source: .universalLink)
        #expect(other.outcome.description == "rejected: no route open to a universal link takes https://shop.example.com/web")
    }

    @Test func theExportMarksEachRouteAndOmitsTheMarkWhenNothingIsSet() throws {
        let marked = try Self.router(["/product/<int:id>"]).exportRoutes()
        #expect(marked.map(\.openToUniversalLinks) == [true, false, false, false])
        let unmarked = try Self.router(nil).exportRoutes()
        #expect(unmarked.allSatisfy { $0.openToUniversalLinks == nil })
        let json = String(decoding: try JSONEncoder().encode(unmarked), as: UTF8.self)
        #expect(!json.contains("openToUniversalLinks"), "an export of a router without the setting reads as before")
        #expect(String(decoding: try JSONEncoder().encode(marked), as: UTF8.self).contains(#""openToUniversalLinks":false"#))
    }

    func catalog(_ reach: [String]?) throws -> RouteCatalog {
        try RouteCatalog.load(try JSONEncoder().encode(try Self.router(reach).exportRoutes()))
    }

    @Test func generatePublishesOnlyWhatAUniversalLinkMayReachAndLeavesTheRestToTheWebsite() throws {
        let catalog = try catalog(["/product/<int:id>"])
        #expect(catalog.marksUniversalLinks)
        #expect(catalog.patternsClosedToUniversalLinks == ["/login", "/web", "/x-callback-url/*"])
        let site = try AppSiteAssociation.generate(catalog, appIDs: ["TEAM.app"])
        let components = site.details[0].components
        #expect(components.filter { !$0.exclude }.map(\.path) == ["/product/*"])
        #expect(components.filter(\.exclude).map(\.path) == ["/login", "/web", "/x-callback-url/*", "/x-callback-url"])
        #expect(components.first?.comment == "/login (no universal link may reach it)")
        #expect(try site.check(catalog).isClean, "check asks the file only for what a universal link may reach")

        // Asked for, the others are published too.
        let withLogin = try AppSiteAssociation.generate(catalog, appIDs: ["TEAM.app"], including: .also(["/login"]))
        #expect(withLogin.details[0].components.filter { !$0.exclude }.map(\.path) == ["/product/*", "/login"])
        let all = try AppSiteAssociation.generate(catalog, appIDs: ["TEAM.app"], including: .all)
        #expect(all.details[0].components.allSatisfy { !$0.exclude } && all.details[0].components.count == 5)
        #expect(throws: ToolError("--include /nope names no route of the file")) {
            try AppSiteAssociation.generate(catalog, appIDs: ["TEAM.app"], including: .also(["/nope"]))
        }
    }

    @Test func checkNamesAComponentThatSendsTheAppALinkItRefuses() throws {
        let catalog = try catalog(["/product/<int:id>"])
        let site = try AppSiteAssociation.read(Data(#"{"applinks": {"details": [{"appIDs": ["TEAM.app"], "components": [{"/": "/product/*"}, {"/": "/login"}]}]}}"#.utf8))
        let report = try site.check(catalog, domain: "shop.example.com")
        #expect(report.componentsWithoutRoutes == [
            #"component 1 ("/login"): https://shop.example.com/login opens the app, which refuses it: /login is not open to universal links (PipelineSettings.universalLinkRoutes)"#,
        ])
    }

    @Test func anExportThatSaysNothingPublishesEveryRoute() throws {
        let catalog = try catalog(nil)
        #expect(!catalog.marksUniversalLinks && catalog.patternsClosedToUniversalLinks.isEmpty)
        let site = try AppSiteAssociation.generate(catalog, appIDs: ["TEAM.app"])
        #expect(site.details[0].components.allSatisfy { !$0.exclude })
    }
}
