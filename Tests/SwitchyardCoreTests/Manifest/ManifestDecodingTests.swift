import Foundation
import Switchyard
import Testing

@Suite("Manifest: decoding and validation")
struct ManifestDecodingTests {
    @Test func theDocumentedExampleDecodesValidatesAndRoundTrips() throws {
        let manifest = try ManifestDecoder.decode(try Fixtures.example())
        #expect(manifest.manifestVersion == 7)
        #expect(manifest.routes.map(\.kind.name) == ["native", "web", "action", "redirect", "native", "action", "code"])
        #expect(manifest.routes[0].kind == .native(target: "Product", action: "detail", parameters: ["from": "manifest"]))
        #expect(manifest.routes[4].enabled == false)
        #expect(ManifestValidator().problems(in: manifest) == [])
        let again = try ManifestDecoder.decode(try JSONEncoder().encode(manifest))
        #expect(again == manifest)
    }

    @Test(arguments: [
        ("", ManifestError.empty),
        ("  \n\t ", .empty),
        ("{\n  \"schemaVersion\": 1,\n  \"manifestVersion\": 2,,\n}", .malformedJSON(line: 3, column: 24, message: "expected a quoted key")),
        ("{\"schemaVersion\": 1, \"manifestVersion\": 2, \"routes\": [", .malformedJSON(line: 1, column: 55, message: "unexpected end of input; expected a value")),
        ("{\"schemaVersion\": 1} trailing", .malformedJSON(line: 1, column: 22, message: "unexpected text after the JSON value")),
        ("{\"schemaVersion\": \"1\", \"manifestVersion\": 2}", .invalid([ManifestProblem(path: "$.schemaVersion", message: "expected a number")])),
        ("{\"schemaVersion\": 2, \"manifestVersion\": 2}", .invalid([ManifestProblem(path: "$.schemaVersion", message: "unknown schema version 2; this app reads 1")])),
        ("{\"schemaVersion\": 1}", .invalid([ManifestProblem(path: "$.manifestVersion", message: "missing")])),
        ("{\"schemaVersion\": 1, \"manifestVersion\": 2, \"routes\": [{\"pattern\": \"/a\", \"kind\": \"web\", \"url\": \"https://x.com\", \"enabled\": \"yes\"}]}",
         .invalid([ManifestProblem(path: "$.routes[0].enabled", message: "expected true or false")])),
        ("{\"schemaVersion\": 1, \"manifestVersion\": 2, \"routes\": [{\"pattern\": \"/a\", \"kind\": \"teleport\"}]}",
         .invalid([ManifestProblem(path: "$.routes[0].kind", message: "unknown kind \"teleport\"; expected native, web, action or redirect, or no kind for a route registered in code")])),
        ("{\"schemaVersion\": 1, \"manifestVersion\": 2, \"routes\": [{\"pattern\": \"/a\", \"url\": \"https://x.com\"}]}",
         .invalid([ManifestProblem(path: "$.routes[0].url", message: "\"url\" needs a kind; without one the entry only switches the route registered in code")])),
        ("{\"schemaVersion\": 1, \"manifestVersion\": 2, \"routes\": [{\"pattern\": \"/a\", \"kind\": \"native\", \"target\": \"T\"}]}",
         .invalid([ManifestProblem(path: "$.routes[0].action", message: "missing")])),
    ])
    func badFilesFailWithWhereAndWhy(text: String, expected: ManifestError) {
        #expect(throws: expected) { try ManifestDecoder.decode(Data(text.utf8)) }
    }

    @Test func aFileOverTenMegabytesIsRefusedUnread() {
        let limit = InputLimits.default.manifestBytes
        let huge = Data(repeating: 0x20, count: limit + 1)
        #expect(throws: ManifestError.limitExceeded(LimitExceeded(.manifestBytes, value: limit + 1, maximum: limit))) {
            try ManifestDecoder.decode(huge)
        }
    }

    @Test func validationReportsEveryProblemWithItsPath() throws {
        let manifest = try ManifestDecoder.decode(Data("""
            { "schemaVersion": 1, "manifestVersion": 0,
              "routes": [
                { "pattern": "/product/:id", "kind": "native", "target": "Product", "action": "detail" },
                { "pattern": "/product/:slug", "kind": "native", "target": "Ghost", "action": "open" },
                { "pattern": "/user/:id(", "kind": "web", "url": "ftp://files.example.com" },
                { "pattern": "/cart", "kind": "action", "name": "wipe", "minimumAppVersion": "2.x", "fallbackURL": "not a url" },
                { "pattern": "/old", "kind": "redirect", "to": "/new/<nope:x>" },
                { "pattern": "/product/:id", "kind": "web", "url": "https://m.example.com" }
              ],
              "aliases": { "openWeb": "webPage" },
              "experiments": [{ "name": "e", "pattern": "/e", "variants": [{ "name": "a", "share": 0.7 }, { "name": "b", "share": 0.6 }] }],
              "loginRequired": ["/order/:id("]
            }
            """.utf8))
        let validator = ManifestValidator(knownTarget: { target, action in target == "Product" && action == "detail" }, knownActions: ["clearCart"])
        #expect(validator.problems(in: manifest).map(\.description) == [
            "$.manifestVersion: must be at least 1, got 0",
            "$.routes[1].target: no mediator target \"Ghost\" with an action \"open\" is linked into the app",
            "$.routes[2].pattern: invalid route pattern \"/user/:id(\" at offset 9: unbalanced parentheses: \"(\" is never closed",
            "$.routes[2].url: \"ftp://files.example.com\" is not an http(s) URL",
            "$.routes[3].name: no manifest action \"wipe\" is registered; known: clearCart",
            "$.routes[3].minimumAppVersion: \"2.x\" is not a version like 2.3 or 2.3.1",
            "$.routes[3].fallbackURL: \"not a url\" is not an http(s) URL",
            "$.routes[4].to: invalid route pattern \"/new/<nope:x>\" at offset 6: unknown converter \"nope\"; known: float, int, path, string, uuid",
            "$.routes[1].pattern: /product/:slug can never win: it duplicates /product/:id ($.routes[0]), which comes earlier in the file; both match /product/1",
            "$.routes[5].pattern: /product/:id is already the pattern of $.routes[0]",
            "$.aliases.openWeb: \"webPage\" is not Target/action",
            "$.experiments[0].variants: experiment e: shares add up to 1.3; they must not exceed 1",
            "$.loginRequired[0]: invalid route pattern \"/order/:id(\" at offset 10: unbalanced parentheses: \"(\" is never closed",
        ])
        #expect(throws: ManifestError.self) { try validator.validate(manifest) }
    }

    @Test(arguments: [("2.3", "2.3.0", false), ("2.3", "2.10", true), ("2", "2.0.1", true), ("10.0", "9.9.9", false)])
    func appVersionsCompareNumerically(lhs: String, rhs: String, less: Bool) throws {
        let left = try #require(AppVersion(lhs)), right = try #require(AppVersion(rhs))
        #expect((left < right) == less)
    }

    @Test(arguments: ["", "2.", ".3", "2.x", "1.2.3.4.5", "-1", "２.３"])
    func badVersionStringsDoNotParse(text: String) {
        #expect(AppVersion(text) == nil)
    }
}
