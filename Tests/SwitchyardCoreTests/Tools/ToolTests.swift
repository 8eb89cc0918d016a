import ArgumentParser
import Foundation
import Switchyard
import SwitchyardTools
import Testing

/// Writes `text` to a temporary file and returns its path.
func temporaryFile(_ text: String, suffix: String = ".json") throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-tool-\(UUID().uuidString)\(suffix)")
    try Data(text.utf8).write(to: url)
    return url.path
}

/// The message the tool prints for `arguments`, help or error, as the executable would.
func toolMessage(_ arguments: [String]) -> String {
    do {
        var command = try SwitchyardCommand.parseAsRoot(arguments)
        try command.run()
        return ""
    } catch {
        return SwitchyardCommand.fullMessage(for: error, columns: 80).trimmingCharacters(in: .newlines)
    }
}

@Suite("The switchyard tool")
struct ToolTests {
    static let exportWithConflicts = """
        [
          { "pattern": "/product/:id", "kind": "pattern", "priority": 0, "owner": "Product", "parameters": ["id"] },
          { "pattern": "/product/:slug", "kind": "pattern", "priority": 0, "owner": "Search", "parameters": ["slug"] },
          { "pattern": "/user/:name", "kind": "pattern", "priority": 0, "owner": "User", "parameters": ["name"] },
          { "pattern": "/user/<string:name>", "kind": "pattern", "priority": 0, "owner": "User", "parameters": ["name"] },
          { "pattern": "/help/*", "kind": "pattern", "priority": 0, "owner": null, "parameters": [] }
        ]
        """

    @Test func lintReportsConflictsWithAnExampleURL() throws {
        let report = Linter.lint(Data(Self.exportWithConflicts.utf8), file: "routes.json")
        #expect(report.text == """
            error: routes.json: $[1].pattern: /product/:slug can never win: it duplicates /product/:id ($[0]), which comes earlier in the file; both match /product/1
            error: routes.json: $[2].pattern: /user/:name can never win: /user/<string:name> takes the same URLs first (<string:> is tried before a plain :parameter) ($[3]); both match /user/1
            routes.json: 2 errors
            """)
        #expect(report.json.contains("\"path\" : \"$[1].pattern\""))
    }

    /// `--overlaps`: notes, not errors, at the route that loses each overlap; an exact
    /// duplicate is an error already and no overlap.
    @Test func lintListsOverlapsAsNotesWhenAsked() throws {
        let export = """
            [
              { "pattern": "/me/account", "kind": "pattern", "priority": 0, "owner": "Me", "parameters": [] },
              { "pattern": "/:section/account", "kind": "pattern", "priority": 0, "owner": "Web", "parameters": ["section"] },
              { "pattern": "/help/*", "kind": "pattern", "priority": 0, "owner": null, "parameters": [] }
            ]
            """
        #expect(Linter.lint(Data(export.utf8), file: "routes.json").text == "routes.json: no problems found")
        let report = Linter.lint(Data(export.utf8), file: "routes.json", overlaps: true)
        #expect(report.text == """
            note: routes.json: $[1]: /:section/account overlaps /me/account, which wins: /me/account opens /me/account
            note: routes.json: $[1]: /:section/account overlaps /help/*, which wins: /help/account opens /help/*
            routes.json: no problems found
            """)
        #expect(report.errorCount == 0)
        #expect(toolMessage(["lint", try temporaryFile(export), "--overlaps"]) == "")
    }

    @Test(arguments: [
        ("", "error: m.json: $: the manifest is empty\nm.json: 1 error"),
        ("{\n  \"schemaVersion\": 1,\n  oops\n}", "error: m.json: line 3, column 3: expected a quoted key\nm.json: 1 error"),
        ("{\"schemaVersion\": 9, \"manifestVersion\": 1}", "error: m.json: $.schemaVersion: unknown schema version 9; this app reads 1\nm.json: 1 error"),
        ("{\"schemaVersion\": 1, \"manifestVersion\": 2, \"routes\": [{\"pattern\": \"/p/:id\", \"kind\": \"native\", \"target\": \"Ghost\", \"action\": \"open\", \"minimumAppVersion\": \"two\"}]}",
         "error: m.json: $.routes[0].target: no mediator target \"Ghost\" with an action \"open\" is linked into the app\nerror: m.json: $.routes[0].minimumAppVersion: \"two\" is not a version like 2.3 or 2.3.1\nm.json: 2 errors"),
    ])
    func lintReportsBadManifests(text: String, expected: String) {
        #expect(Linter.lint(Data(text.utf8), file: "m.json", knownTargets: ["Product/detail"]).text == expected)
    }

    @Test func theExampleManifestLintsClean() throws {
        #expect(Linter.lint(try Fixtures.example(), file: "example.json").text == "example.json: no problems found")
    }

    /// The trace splits the path at the byte, as the router does: "/" followed by a combining
    /// mark is one character, and a split by character saw one segment where the router sees two.
    @Test func theTraceSplitsAPathAtTheByteLikeTheRouter() throws {
        let catalog = try RouteCatalog.load(Data(Self.exportWithConflicts.utf8))
        let miss = Explainer.resolve(catalog, url: "/user/\u{0301}x/extra", trace: true)
        #expect(!miss.matched)
        #expect(miss.output.contains("$[4] /help/*: does not match: expects \"help\" at segment 1, found \"user\""))
        #expect(miss.output.contains("\u{0301}x"))
    }

    @Test func resolveExplainsTheWinnerAndEveryOtherCandidate() throws {
        let catalog = try RouteCatalog.load(Data(Self.exportWithConflicts.utf8))
        let result = Explainer.resolve(catalog, url: "myapp://product/7?tab=reviews", trace: true)
        #expect(result.matched)
        #expect(result.output == """
            /product/:id  route  [$[0]]
              path  id = 7
              query tab = reviews
            trace:
              $[0] /product/:id: wins
              $[1] /product/:slug: matches too, but loses to /product/:id: static beats typed or regex-constrained, which beats :param, which beats a catch-all; then priority; then the order of registration
              $[2] /user/:name: does not match: expects "user" at segment 1, found "product"
              $[3] /user/<string:name>: does not match: expects "user" at segment 1, found "product"
              $[4] /help/*: does not match: expects "help" at segment 1, found "product"
            """)
        let miss = Explainer.resolve(catalog, url: "/prodcut/7", trace: true)
        #expect(!miss.matched)
        #expect(miss.output.hasPrefix("no route matches /prodcut/7; nearest: /product/:id\ntrace:\n  $[0] /product/:id: does not match: expects \"product\" at segment 1, found \"prodcut\""))
    }

    @Test(arguments: [
        ("/order/<int:id>(/:tab)", "/order/abc", "expects <int:id> at segment 2; \"abc\" is not a valid int"),
        ("/order/<int:id>(/:tab)", "/order/1/a/b", "the path has 4 segments; the pattern takes 3"),
        ("/login/:phone([0-9]+)", "/login/abc", "expects :phone([0-9]+) at segment 2; \"abc\" does not match"),
        ("/user/:uid/orders", "/user", "expects :uid at segment 2; the path has only 1 segment"),
    ])
    func aMissSaysWhichSegmentDiffers(pattern: String, path: String, reason: String) throws {
        let catalog = try RouteCatalog.load(Data("[{\"pattern\": \"\(pattern)\", \"kind\": \"pattern\", \"priority\": 0, \"parameters\": []}]".utf8))
        let result = Explainer.resolve(catalog, url: path, trace: true)
        #expect(result.output.components(separatedBy: "\n").last == "  $[0] \(pattern): does not match: \(reason)")
    }

    @Test func docsAndGraphsListModulesRoutesAndTargets() throws {
        let catalog = try RouteCatalog.load(try Fixtures.example())
        let docs = CatalogWriter.markdown(catalog, file: "example.json")
        #expect(docs.contains("| `/cart/clear` | action | clearCart | yes |  | Cart |"))
        #expect(docs.contains("| `/product/:id` | native | Product/detail |  | 2.3 | Product |"))
        let dot = CatalogWriter.graph(catalog, format: .dot)
        #expect(dot.hasPrefix("digraph routes {\n  rankdir=LR;\n  \"module:Product\" -> \"route:/product/:id\";\n  \"route:/product/:id\" -> \"native:Product/detail\";"))
        let mermaid = CatalogWriter.graph(catalog, format: .mermaid)
        #expect(mermaid.hasPrefix("graph LR\n  n0[\"module:Product\"] --> n1[\"route:/product/:id\"]\n  n1 --> n2[\"native:Product/detail\"]"))
    }

    static let exportForGen = """
        [
          { "pattern": "/product/<int:id>(/:tab)", "kind": "pattern", "priority": 0, "owner": "Product", "parameters": ["id", "tab"] },
          { "pattern": "/product/:slug", "kind": "pattern", "priority": 0, "owner": "Product", "parameters": ["slug"] },
          { "pattern": "myapp://user/:uid/orders", "kind": "pattern", "priority": 0, "owner": "Order", "parameters": ["uid"] },
          { "pattern": "/", "kind": "pattern", "priority": 0, "owner": "Home", "parameters": [] },
          { "pattern": "/help/<path:rest>", "kind": "pattern", "priority": 0, "owner": "Web", "parameters": ["rest"] },
          { "pattern": "/for/:in", "kind": "pattern", "priority": 0, "owner": null, "parameters": ["in"] },
          { "pattern": "/ünïcode/:x", "kind": "pattern", "priority": 0, "owner": null, "parameters": ["x"] },
          { "pattern": "/user_id/:user_id", "kind": "pattern", "priority": 0, "owner": null, "parameters": ["user_id"] },
          { "pattern": "/v2/<uuid:token>/<float:amount>", "kind": "pattern", "priority": 0, "owner": null, "parameters": ["token", "amount"] },
          { "pattern": "/shelf/<sku:code>", "kind": "pattern", "priority": 0, "owner": null, "parameters": ["code"] },
          { "pattern": "/campaign/(?<year>\\\\d{4})", "kind": "regex", "priority": 0, "owner": null, "parameters": ["year"] }
        ]
        """

    /// The generated file is compiled into these tests (`GeneratedRoutes.swift`), so what `gen`
    /// prints compiles with the real macro; this keeps the two the same.
    @Test func genPrintsTheCompiledRouteStructs() throws {
        let source = try CodeGenerator.swift(try RouteCatalog.load(Data(Self.exportForGen.utf8)), file: "routes.json")
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("GeneratedRoutes.swift")
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(source == expected, "regenerate with: swift run switchyard gen routes.json (the export in this test)")
    }

    @Test func generatedRoutesOpenWhatTheirPatternsMatch() throws {
        let table = try table([ProductRoute.pattern, ProductSlugRoute.pattern, HelpRoute.pattern, ÜnïcodeRoute.pattern, V2Route.pattern])
        let values: [any TypedRoute] = [ProductRoute(id: 42, tab: "a/b"), ProductSlugRoute(slug: "trail shoes"), HelpRoute(rest: ["faq", "a b"]),
                                       ÜnïcodeRoute(x: "é"), V2Route(token: UUID(), amount: 2.5)]
        #expect(values.map(\.path).prefix(4) == ["/product/42/a%2Fb", "/product/trail%20shoes", "/help/faq/a%20b", "/%C3%BCn%C3%AFcode/%C3%A9"])
        #expect(try HelpRoute(request: table.resolve(HelpRoute(rest: ["faq", "a b"]).path).request) == HelpRoute(rest: ["faq", "a b"]))
        #expect(ForRoute(in: "x").path == "/for/x")
        #expect(MyappUserOrdersRoute(uid: "u 1").path == "myapp://user/u%201/orders")
        #expect(RootRoute().path == "/")
    }

    /// Found in review: keywords, `_` and what a manifest puts in comments.
    @Test func genWritesKeywordsInBackticksAndEscapesWhatItQuotes() throws {
        let export = #"[{ "pattern": "/a/:internal/:init", "kind": "pattern", "priority": 0, "owner": "x\nfunc evil() {}", "parameters": [] }]"#
        let source = try CodeGenerator.swift(try RouteCatalog.load(Data(export.utf8)), file: "routes.json")
        #expect(source.contains("    public let `internal`: String\n    public let `init`: String\n"))
        #expect(source.contains("        self.`init` = `init`\n"))
        #expect(source.contains(#"registered by x\u{A}func evil() {}"#))
        #expect(!source.contains("\nfunc evil"))
        let underscore = #"[{ "pattern": "/a/:_", "kind": "pattern", "priority": 0, "owner": null, "parameters": [] }]"#
        #expect(throws: ToolError("routes.json: $[0]: the parameter _ of /a/:_ cannot be a Swift property")) {
            try CodeGenerator.swift(try RouteCatalog.load(Data(underscore.utf8)), file: "routes.json")
        }
    }

    @Test func genStopsAtAnInvalidPatternNamingIt() throws {
        let export = #"[{ "pattern": "/user/:id(/:tab", "kind": "pattern", "priority": 0, "owner": null, "parameters": [] }]"#
        #expect(throws: ToolError(#"routes.json: $[0]: invalid route pattern "/user/:id(/:tab" at offset 9: unbalanced parentheses: "(" is never closed"#)) {
            try CodeGenerator.swift(try RouteCatalog.load(Data(export.utf8)), file: "routes.json")
        }
    }
}
