import Foundation
import Switchyard
import SwitchyardTools
import Testing

/// What configuration and input accepted but should not (issue 29, item 13): each refused
/// where it enters, naming what was wrong, changing nothing.
@Suite("Configuration and input that can never be right")
struct ConfigurationInputTests {
    static let publicSuffix = "would take every site under"

    @Test(arguments: [
        ("*.com", "\"*.com\" would take every site under .com, a public suffix"),
        ("*.co.uk", "\"*.co.uk\" would take every site under .co.uk, a public suffix"),
        ("*.github.io", "\"*.github.io\" would take every site under .github.io, a public suffix"),
        ("*", "\"*\" may only begin an entry, as \"*.example.com\""),
        ("a.*.example.com", "\"*\" may only begin an entry, as \"*.example.com\""),
        ("*.", "what follows \"*.\" is not a host name: it is empty"),
        ("a..example.com", "it is not a host name: it has an empty label"),
        ("shop.example.com/", "it is not a host name: it holds \"/\", which no host name does"),
    ])
    func anAssociatedDomainThatCanNeverBeRightIsNamedAndMatchesNothing(entry: String, why: String) throws {
        let configuration = RouterConfiguration(associatedDomains: [entry, "shop.example.com"], logger: RouterConfiguration.quiet.logger)
        let expected = ConfigurationError.invalidHostEntry(setting: "associatedDomains", entry: entry, reason: why)
        #expect(configuration.problems == [expected])
        #expect(throws: expected) { try configuration.validate() }
        #expect(expected.description == "associatedDomains entry \"\(entry)\" matches nothing: \(why)")
        let table = RouteTable<String>(configuration: configuration)
        try table.register("/x", target: "x")
        #expect(table.failure("https://evil.com/x") == .hostNotAssociated(host: "evil.com", url: "https://evil.com/x"))
        #expect(try table.resolve("https://shop.example.com/x").target == "x", "the good entry still works")
    }

    @Test func aWildcardOfTwoLabelsThatIsNotAPublicSuffixIsFine() {
        #expect(RouterConfiguration(associatedDomains: ["*.example.com", "*.shop.example.co.uk", "example.com"]).problems.isEmpty)
    }

    /// Hosts that are not host names are never one of a wildcard's subdomains: the URL is malformed.
    @Test(arguments: [
        ("https://a..example.com/x", 8, MalformedURLError.Reason.invalidHost("it has an empty label")),
        ("https://.example.com/x", 8, .invalidHost("it has an empty label")),
        ("https://*.example.com/x", 8, .invalidHost("it holds \"*\", which no host name does")),
        ("https://a%2Fb.example.com/x", 8, .invalidHost("it holds \"%\", which no host name does")),
        ("https://a;b.example.com/x", 8, .invalidHost("it holds \";\", which no host name does")),
        ("https://evil.com@a.example.com/x", 16, .credentials),
        ("https://:pw@a.example.com/x", 11, .credentials),
        ("https://a.example.com:99999/x", 21, .invalidPort),
        ("https://a.example.com:65536/x", 21, .invalidPort),
        ("https://a.example.com:8o/x", 21, .invalidPort),
        ("https://a.example.com:-1/x", 21, .invalidPort),
        ("https://a.example.com.:443/x", 8, .invalidHost("it has an empty label")),
        ("https://xn--bcher-kva.example.com:65535/x", nil, nil),
        ("https://a.example.com:/x", nil, nil),
    ] as [(String, Int?, MalformedURLError.Reason?)])
    func hostsThatAreNotHostNames(url: String, offset: Int?, reason: MalformedURLError.Reason?) throws {
        let table = RouteTable<String>(configuration: RouterConfiguration(associatedDomains: ["*.example.com"], logger: RouterConfiguration.quiet.logger))
        try table.register("/x", target: "x")
        if let offset, let reason {
            #expect(table.failure(url) == .malformedURL(MalformedURLError(url: url, offset: offset, reason: reason)))
        } else {
            #expect(try table.resolve(url).target == "x")
        }
    }

    @MainActor
    @Test func webViewsAndRedirectsRefuseThemToo() {
        let router = Router(configuration: RouterConfiguration(associatedDomains: ["*.example.com"], webViewHosts: ["*.com"],
                                                               logger: RouterConfiguration.quiet.logger))
        #expect(router.webPageDecision(for: "https://a..example.com/") == .refused(reason: "a web URL's host must be a host name: it has an empty label"))
        #expect(router.webPageDecision(for: "https://news.com/") == .external, "*.com lets no site into the web view")
        #expect(!router.allowsRedirect(to: "https://a;b.example.com/"))
        #expect(router.allowsRedirect(to: "https://a.example.com/"))
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("a/b", "only letters, digits, \"+\", \"-\" and \".\" may follow its first letter"),
        ("a\u{0}b", "only letters, digits, \"+\", \"-\" and \".\" may follow its first letter"),
        ("9lives", "it does not start with a letter"),
        (String(repeating: "a", count: 100_000), "it is 100000 bytes long; the limit is 64"),
    ])
    func aNamespaceNameNoURLCanCarryIsRefused(name: String, why: String) {
        var configuration = RouterConfiguration()
        #expect(throws: ConfigurationError.invalidScheme(name, reason: why)) { try configuration.namespace(name) }
        #expect(configuration.schemeNamespaces.isEmpty, "nothing changed")
        var atLimit = RouterConfiguration()
        #expect(throws: Never.self) { try atLimit.namespace(String(repeating: "a", count: RouterConfiguration.maximumSchemeLength)) }
    }

    @Test func anEmptySigningSecretIsRefusedNamingTheKey() {
        #expect(throws: SecurityError.emptySecret(keyID: nil)) { try LinkSigner(secret: Data()) }
        #expect(throws: SecurityError.emptySecret(keyID: "2025")) {
            try LinkSigner(keys: ["2025": Data(), "2026": Data("new".utf8)], signingKeyID: "2026")
        }
        #expect(SecurityError.emptySecret(keyID: "2025").description == "the signing key \"2025\" is empty: anyone could sign links that verify with it")
        #expect(throws: Never.self) { try LinkSigner(secret: Data([0])) }
    }

    @MainActor
    @Test func aSavedWindowMadeByAnyDecoderIsHeldToTheLimits() async throws {
        let router = Router(configuration: .quiet)
        let navigator = HeadlessNavigator()
        router.navigator = navigator
        try router.page("/p/:n") { _ in Destination("p") }
        let screens = { (count: Int) in (0..<count).map { "/p/\($0)" } }
        // As an app's own JSONDecoder would make it: no limit applied on the way in.
        let huge = try JSONDecoder().decode(SavedWindow.self, from: Data(#"{"version": 1, "tabs": [], "modals": [], "root": \#(screens(5_000).description)}"#.utf8))
        let refused = await router.restore(huge)
        #expect(refused.refused == .tooMany("screens in the root stack", count: 5_000, limit: 32))
        #expect(refused.opened.isEmpty && navigator.isEmpty, "nothing opened")
        #expect(await router.restore(SavedWindow(root: screens(32))).opened.count == 32, "at the limit")
        let pastLimit = await router.restore(SavedWindow(root: screens(33)))
        #expect(pastLimit.refused == .tooMany("screens in the root stack", count: 33, limit: 32))
    }

    @Test func anAppProfileWithAnEntryThatCanNeverBeRightIsRefusedNamingTheFile() throws {
        let file = try temporaryFile(#"{"schemes": ["shop"], "associatedDomains": ["*.com"]}"#)
        #expect(throws: ToolError.self) { try AppProfile.load(file) }
        do {
            _ = try AppProfile.load(file)
        } catch {
            #expect(error.description.hasPrefix("\(file): not an app profile"))
            #expect(error.description.contains("associatedDomains entry \"*.com\" matches nothing: \"*.com\" would take every site under .com, a public suffix"))
        }
    }
}
