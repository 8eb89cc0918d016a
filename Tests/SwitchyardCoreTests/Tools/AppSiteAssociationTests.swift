import ArgumentParser
import Foundation
import Switchyard
import SwitchyardTools
import Testing

/// `switchyard aasa`: Apple's apple-app-site-association file written from the routes, and
/// checked against them, so a universal link cannot fall back to Safari unnoticed.
@Suite("apple-app-site-association")
struct AppSiteAssociationTests {
    static let export = """
        [
          { "pattern": "/product/<int:id>", "kind": "pattern", "priority": 0, "owner": "Product", "parameters": ["id"] },
          { "pattern": "/help/*", "kind": "pattern", "priority": 0, "owner": null, "parameters": [] },
          { "pattern": "/user/:id(/:tab)", "kind": "pattern", "priority": 0, "owner": "User", "parameters": ["id", "tab"] },
          { "pattern": "/me/account", "kind": "pattern", "priority": 0, "owner": "Me", "parameters": [] },
          { "pattern": "myapp://only/:id", "kind": "pattern", "priority": 0, "owner": null, "parameters": ["id"] }
        ]
        """

    static func catalog(_ text: String = export) throws -> RouteCatalog { try RouteCatalog.load(Data(text.utf8)) }

    static func site(_ text: String) throws -> AppSiteAssociation { try AppSiteAssociation.read(Data(text.utf8)) }

    @Test func generatingGivesAComponentPerVariantWithTheWebsitesPathsExcludedFirst() throws {
        let site = try AppSiteAssociation.generate(try Self.catalog(), appIDs: ["TEAM.com.example.shop"], excluding: ["/help/website/*"])
        let components = site.details.first?.components ?? []
        #expect(components.map { ($0.exclude ? "NOT " : "") + ($0.path ?? "") }
            == ["NOT /help/website/*", "/product/*", "/help/*", "/help", "/user/*", "/user/*/*", "/me/account"])
        #expect(components.map(\.caseSensitive).allSatisfy { !$0 }, "the router ignores case by default, and says so")
        #expect(site.json.contains(#""appIDs" : ["#) && site.json.contains(#""\/"#) == false)
        #expect(try AppSiteAssociation.read(Data(site.json.utf8)) == site, "what it writes, it reads")
        let report = try site.check(try Self.catalog())
        #expect(report.isClean, "\(report.text)")
    }

    /// From a manifest: a switched-off route (a manifest route, or one registered in code that
    /// the manifest switches off) and an internal-only one stay on the website.
    @Test func aManifestsSwitchedOffAndInternalRoutesAreExcluded() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Schemas/example-manifest.json").standardizedFileURL)
        let catalog = try RouteCatalog.load(data)
        let site = try AppSiteAssociation.generate(catalog, appIDs: ["TEAM.app"])
        let excluded = site.details[0].components.filter(\.exclude).map { $0.path ?? "" }
        #expect(excluded == ["/live/*", "/debug/flags", "/promo/*"])
        let firstThree = site.details[0].components.prefix(3).map(\.exclude)
        #expect(firstThree == [true, true, true], "exclusions come first")
        let report = try site.check(catalog)
        #expect(report.isClean, "\(report.text)")
    }

    /// Apple's own kind of file: a path wildcard, an excluded subtree, a query matcher.
    @Test func checkingReportsRoutesLeftToSafariAndComponentsNoRouteHandles() throws {
        let site = try Self.site("""
            {"applinks": {"details": [{"appIDs": ["TEAM.com.example.shop"], "components": [
              {"/": "/product/*", "comment": "products"},
              {"/": "/help/website/*", "exclude": true},
              {"/": "/help/*", "?": {"articleNumber": "????"}},
              {"/": "/deals/*"}
            ]}]}}
            """)
        let report = try site.check(try Self.catalog(), domain: "shop.example.com")
        #expect(report.routesLeftToSafari == [
            "/help/*: https://shop.example.com/help opens in Safari: no component matches it",
            "/user/:id(/:tab): https://shop.example.com/user/1 opens in Safari: no component matches it",
            "/me/account: https://shop.example.com/me/account opens in Safari: no component matches it",
        ])
        #expect(report.componentsWithoutRoutes == [#"component 3 ("/deals/*"): https://shop.example.com/deals/1 opens the app, and no route handles it"#])
        #expect(report.text.hasSuffix("3 route(s) left to Safari, 1 component(s) with no route"))
    }

    @Test func theOlderPathsFormIsReadWithItsNotEntries() throws {
        let site = try Self.site("""
            {"applinks": {"apps": [], "details": [{"appID": "TEAM.com.example.shop", "paths": ["NOT /me/*", "*"]}]}}
            """)
        #expect(site.opensApp(path: "/me/account") == (false, 0))
        #expect(site.opensApp(path: "/product/1") == (true, 1))
        #expect(site.opensApp(path: "/product/1", appID: "OTHER.app") == (false, nil))
        let report = try site.check(try Self.catalog())
        #expect(report.routesLeftToSafari == ["/me/account: /me/account opens in Safari: component 0 excludes it"])
        #expect(report.componentsWithoutRoutes == [#"component 1 ("*"): 1 opens the app, and no route handles it"#])
    }

    @Test(arguments: [
        ("/buy/*", "/buy/1", true), ("/buy/*", "/buy", false), ("/buy/*", "/buy/", true), ("/buy/*", "/buy/a/b", true),
        ("*", "", true), ("/a?c", "/abc", true), ("/a?c", "/ac", false), ("/*/x", "/a/b/x", true), ("/*x*y", "/axby", true),
        ("/*x*y", "/axbz", false), ("????", "1234", true), ("????", "123", false),
    ])
    func wildcardsMatchAsApplesDo(pattern: String, text: String, matches: Bool) {
        let site = AppSiteAssociation(details: [.init(appIDs: [], components: [.init(path: pattern)])])
        #expect(site.opensApp(path: text).opens == matches)
    }

    @Test func aPathologicalPatternStaysBounded() {
        let pattern = String(repeating: "*a", count: 500) + "b"
        let site = AppSiteAssociation(details: [.init(appIDs: [], components: [.init(path: pattern)])])
        #expect(site.opensApp(path: String(repeating: "a", count: 2_000)).opens == false)
    }

    @Test(arguments: [
        ("[1]", "the file is not a JSON object"),
        (#"{"webcredentials": {}}"#, "the file has no applinks.details"),
        (#"{"applinks": {"details": 3}}"#, "applinks.details is neither a list nor an object of app IDs"),
        (#"{"applinks": {"details": [{"appIDs": []}]}}"#, "applinks.details[0] has neither components nor paths"),
        (#"{"applinks": {"details": [{"components": [{"/": 3}]}]}}"#, "applinks.details[0].components[0]./ is not a pattern Apple reads there"),
        (#"{"applinks": {"details": [{"components": ["x"]}]}}"#, "applinks.details[0].components[0] is not an object"),
    ])
    func aFileAppleWouldNotReadIsAnExactError(text: String, message: String) {
        #expect(throws: ToolError(message)) { try Self.site(text) }
    }

    @Test func eachLimitIsTakenAtItsValueAndRefusedOnePast() throws {
        let pattern = { (length: Int) in "/" + String(repeating: "a", count: length - 1) }
        let file = { (length: Int) in #"{"applinks": {"details": [{"components": [{"/": ""# + pattern(length) + #""}]}]}}"# }
        _ = try Self.site(file(AppSiteAssociation.maximumPatternLength))
        #expect(throws: ToolError("applinks.details[0].components[0]: a pattern of 1025 bytes; the limit is 1024")) {
            try Self.site(file(AppSiteAssociation.maximumPatternLength + 1))
        }
        let many = { (count: Int) in #"{"applinks": {"details": [{"paths": ["# + Array(repeating: #""/a""#, count: count).joined(separator: ",") + "]}]}}" }
        #expect(try Self.site(many(AppSiteAssociation.maximumComponents)).details[0].components.count == 10_000)
        #expect(throws: ToolError("the file has more than 10000 components")) { try Self.site(many(AppSiteAssociation.maximumComponents + 1)) }
        let small = #"{"applinks": {"details": [{"paths": ["/a"]}]}}"#
        let padded = { (bytes: Int) in Data((small + String(repeating: " ", count: bytes - small.utf8.count)).utf8) }
        #expect(try AppSiteAssociation.read(padded(AppSiteAssociation.maximumBytes)).details[0].components.count == 1)
        #expect(throws: ToolError("the file is 131073 bytes; Apple reads at most 131072")) {
            try AppSiteAssociation.read(padded(AppSiteAssociation.maximumBytes + 1))
        }
    }

    @Test func theCommandsGenerateAndCheck() throws {
        let routes = try temporaryFile(Self.export)
        #expect(toolMessage(["aasa", "generate", routes]) == "Error: --app-id is required: the file names the apps it sends links to")
        let site = try AppSiteAssociation.generate(try Self.catalog(), appIDs: ["TEAM.app"])
        let file = try temporaryFile(site.json)
        #expect(throws: Never.self) { var command = try SwitchyardCommand.parseAsRoot(["aasa", "check", file, routes]); try command.run() }
        let stale = try temporaryFile(#"{"applinks": {"details": [{"appIDs": ["TEAM.app"], "components": [{"/": "/product/*"}]}]}}"#)
        #expect(throws: ExitCode(1)) { var command = try SwitchyardCommand.parseAsRoot(["aasa", "check", stale, routes]); try command.run() }
        let broken = try temporaryFile("{")
        #expect(toolMessage(["aasa", "check", broken, routes]) == "Error: \(broken): the file is not a JSON object")
    }
}
