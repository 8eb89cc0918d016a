import Foundation
import Switchyard
import Testing

/// Switching off a route registered in code from the manifest: an entry with a pattern and its
/// switches, and no kind (issue 29, item 6).
@Suite("Manifest: switches for routes registered in code", .timeLimit(.minutes(1)))
@MainActor
struct CodeRouteSwitchTests {
    static let entry = #"{ "pattern": "/promo/:id", "enabled": false, "fallbackURL": "https://m.example.com/promo" }"#

    @Test func anEntryWithoutAKindIsACodeRouteSwitchAndWritesBackTheSame() throws {
        let manifest = try ManifestDecoder.decode(Fixtures.manifestJSON(version: 2, routes: Self.entry))
        #expect(manifest.routes == [ManifestRoute(pattern: "/promo/:id", kind: .code, enabled: false, fallbackURL: "https://m.example.com/promo")])
        let written = String(decoding: try JSONEncoder().encode(manifest.routes[0]), as: UTF8.self)
        #expect(!written.contains("kind"))
        #expect(try JSONDecoder().decode(ManifestRoute.self, from: Data(written.utf8)) == manifest.routes[0])
    }

    @Test(arguments: ["url", "target", "to", "name"])
    func aKeyThatNeedsAKindIsRefusedWithoutOne(key: String) throws {
        let json = #"{ "pattern": "/promo/:id", "enabled": false, "\#(key)": "x" }"#
        do {
            _ = try ManifestDecoder.decode(Fixtures.manifestJSON(version: 2, routes: json))
            Issue.record("the entry was taken")
        } catch {
            #expect("\(error)".contains("\"\(key)\" needs a kind; without one the entry only switches the route registered in code"), "\(error)")
        }
    }

    @Test func theSwitchTurnsTheCodeRouteOffAndInstallsNoRoute() async throws {
        let router = Router(configuration: RouterConfiguration(schemes: ["myapp"], webRoute: "/web", webViewHosts: ["*.example.com"], logger: Fixtures.quiet),
                            settings: PipelineSettings(duplicateWindow: .zero))
        let navigator = HeadlessNavigator()
        router.navigator = navigator
        try router.page("/web") { request in Destination("web", name: "Web(\(request.string("url") ?? ""))") }
        try router.page("/promo/:id") { request in Destination("promo", name: "Promo(\(request.string("id") ?? ""))") }
        #expect(await router.open("/promo/1").succeeded)

        let store = try ManifestStore(bundled: try ManifestDecoder.decode(Fixtures.manifestJSON(version: 2, routes: Self.entry)),
                                      verifier: Fixtures.verifier(), logger: Fixtures.quiet)
        router.install(store)
        #expect(router.table.routes.allSatisfy { $0.owner != Router.manifestOwner }, "no route of its own")
        let result = await router.open("myapp://promo/2", source: .deepLink)
        #expect(navigator.state.top?.name == "Web(https://m.example.com/promo)", "the fallback, as for a manifest route: \(result)")
    }
}
