import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// Path smuggling: encoded slashes and dots, doubled and trailing slashes, case, overlong
/// UTF-8 and NUL. Segments are split before they are decoded and dot segments are values,
/// never navigation, so no spelling reaches a route its plain form would not.
@Suite("Security battery: path smuggling")
@MainActor
struct PathSmugglingBattery {
    static func router() throws -> (Router, RecordingNavigator) {
        let (router, navigator) = try hostileShop()
        router.addInterceptor(try SourcePolicyInterceptor(internalOnly: ["/admin/panel"]))
        return (router, navigator)
    }

    /// What each URL resolves to: the winning pattern and its values, or the error.
    nonisolated static let resolutions: [(url: String, expected: String)] = [
        ("/files/a%2Fb", "/files/:name name=a/b"),
        ("/files/..%2F..%2Fetc%2Fpasswd", "/files/:name name=../../etc/passwd"),
        ("/files/%2e%2e", "/files/:name name=.."),
        ("/files/..", "/files/:name name=.."),
        ("/admin%2Fpanel", "/* "),
        ("/admin/%2e%2e/admin/panel", "/* "),
        ("/files/../admin/panel", "/* "),
        ("/ADMIN/PANEL", "/admin/panel "),
        ("//admin//panel//", "/admin/panel "),
        ("/admin/panel/", "/admin/panel "),
        ("/admin/panel?x=1#/files/a", "/admin/panel "),
        ("/files/a#/admin/panel", "/files/:name name=a"),
        ("/files/caf%C3%A9", "/files/:name name=café"),
        ("/files/%C0%AF", #"malformed URL "/files/%C0%AF" at offset 7: percent-escapes do not decode to valid UTF-8"#),
        ("/files/%C0%AE%C0%AE", #"malformed URL "/files/%C0%AE%C0%AE" at offset 7: percent-escapes do not decode to valid UTF-8"#),
        ("/files/%E0%80%AF", #"malformed URL "/files/%E0%80%AF" at offset 7: percent-escapes do not decode to valid UTF-8"#),
        ("/files/%ED%A0%80", #"malformed URL "/files/%ED%A0%80" at offset 7: percent-escapes do not decode to valid UTF-8"#),
        ("/files/a%00.png", #"malformed URL "/files/a%00.png" at offset 8: NUL character"#),
        ("/files/a?name=%00", #"malformed URL "/files/a?name=%00" at offset 14: NUL character"#),
        ("/files/a\u{0}", #"malformed URL "/files/a\u{0}" at offset 8: NUL character"#),
        ("/files/%", #"malformed URL "/files/%" at offset 7: "%" must be followed by two hexadecimal digits"#),
        ("/files/%2", #"malformed URL "/files/%2" at offset 7: "%" must be followed by two hexadecimal digits"#),
        ("/files/%zz", #"malformed URL "/files/%zz" at offset 7: "%" must be followed by two hexadecimal digits"#),
    ]

    @Test("each spelling resolves where its plain form would, or is refused", arguments: resolutions)
    func resolves(url: String, expected: String) throws {
        let (router, _) = try Self.router()
        do {
            let match = try router.resolve(url)
            let values = match.request.pathParameters.items.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            #expect("\(match.route.pattern) \(values)" == expected)
        } catch {
            #expect(error.description == expected)
        }
    }

    /// However the internal-only route is spelled, a link from outside cannot open it.
    @Test("an internal-only route stays internal whatever the spelling", arguments: [
        "shop://admin/panel", "SHOP://ADMIN/PANEL", "shop://admin//panel/", "shop:///admin/panel", "shop://admin/panel?x=1",
        "https://shop.example.com/admin/panel", "https://SHOP.example.com//Admin/Panel/", "/admin/panel",
    ])
    func internalOnlyWhateverTheSpelling(url: String) async throws {
        let (router, navigator) = try Self.router()
        for source in [RouteSource.deepLink, .universalLink, .push, .h5, .custom("widget")] {
            let result = await router.open(url, source: source)
            #expect(result.outcome == .rejected(.rejected(by: "source policy", reason: SecurityError.internalOnly(pattern: "/admin/panel", source: source).description)))
        }
        #expect(navigator.shown.isEmpty)
        #expect(await router.open(url, source: .inApp).outcome == .openedPage(pattern: "/admin/panel", command: .push))
    }

    @Test func aValueWithANULCannotBeBuiltIntoAURL() throws {
        let (router, _) = try Self.router()
        #expect(throws: RoutingError.invalidParameter(name: "name", value: "a\u{0}b", pattern: "/files/:name")) {
            try router.table.url(for: "/files/:name", parameters: ["name": "a\u{0}b"])
        }
        #expect(throws: RoutingError.invalidParameter(name: "q", value: "\u{0}", pattern: "/files/:name")) {
            try router.table.url(for: "/files/:name", parameters: ["name": "a"], query: ["q": "\u{0}"])
        }
    }
}
