import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// A router as an app under attack has it: an app scheme, an associated domain, an allowed
/// redirect host, a login page guarded against open redirects, and a catch-all route, so
/// that no refusal below depends on a target simply not matching.
@MainActor
func hostileShop() throws -> (Router, RecordingNavigator) {
    var configuration = RouterConfiguration.quiet
    configuration.schemes = ["shop"]
    configuration.associatedDomains = ["shop.example.com"]
    configuration.webRoute = "/web"
    configuration.webViewHosts = ["m.shop.example.com"]
    let router = Router(configuration: configuration, settings: PipelineSettings(
        duplicateWindow: .zero, allowedRedirectHosts: ["pay.example.com"]))
    let navigator = RecordingNavigator()
    router.navigator = navigator
    try router.page("/login", command: .presentInNavigation) { _ in Destination("login", name: "Login") }
    try router.page("/order/:id") { request in Destination("order", name: "Order(\(request.string("id") ?? ""))") }
    try router.page("/web") { request in Destination("web", name: "Web(\(request.string("url") ?? ""))") }
    try router.page("/admin/panel") { _ in Destination("admin", name: "Admin") }
    try router.page("/files/:name") { request in Destination("file", name: "File(\(request.string("name") ?? ""))") }
    try router.page("/*") { _ in Destination("anything", name: "Anything") }
    router.addInterceptor(OpenRedirectGuard { [weak router] in router?.allowsRedirect(to: $0) ?? false })
    return (router, navigator)
}

/// Open-redirect variants: where a `redirect=` target or an interceptor's redirect may lead.
@Suite("Security battery: open redirects")
@MainActor
struct OpenRedirectBattery {
    nonisolated static let allowed = [
        "/order/7", "/order/7?from=login", "/%2F%2Fevil.com", "/..%2F..%2Fetc",
        "shop://order/7", "SHOP://order/7", "shop://evil.com/x",
        "https://shop.example.com/order/7", "HTTPS://SHOP.EXAMPLE.COM/order/7", "https://shop.example.com:8443/order/7",
        "https://pay.example.com/return?ok=1",
    ]

    @Test("targets that stay inside the app are followed", arguments: allowed)
    func allowed(target: String) async throws {
        let (router, navigator) = try hostileShop()
        #expect(router.allowsRedirect(to: target))
        let result = await router.open("/login?redirect=" + target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, source: .deepLink)
        #expect(result.outcome == .openedPage(pattern: "/login", command: .presentInNavigation))
        #expect(navigator.shown.count == 1)
    }

    nonisolated static let refused: [(String, String)] = [
        ("https://evil.com/phish", "host evil.com is not an associated domain or an allowed redirect host"),
        ("https://shop.example.com:443@evil.com/phish", "it carries credentials (user@host)"),
        ("https://shop.example.com:1@evil.com/x", "it carries credentials (user@host)"),
        ("https://shop.example.com@evil.com", "it carries credentials (user@host)"),
        ("https://evil.com@shop.example.com/", "it carries credentials (user@host)"),
        ("https://evil.com%2F@shop.example.com/", "it carries credentials (user@host)"),
        (#"https://evil.com\@shop.example.com/"#, #"a backslash in a web URL's host or path (browsers read it as "/")"#),
        (#"https://shop.example.com\evil.com"#, #"a backslash in a web URL's host or path (browsers read it as "/")"#),
        ("https://shop.example.com%2F%2Fevil.com/", "a web URL's host must be a host name: it holds \"%\", which no host name does"),
        ("//evil.com/phish", "a browser reads it as another host (//…)"),
        (#"/\evil.com"#, "a browser reads it as another host (//…)"),
        (#"/order\..\evil"#, "it contains a backslash"),
        (#"\\evil.com"#, "it is not a path, an app URL or an allowed web URL"),
        ("https:evil.com", #"a web URL needs "//" and a host after its scheme"#),
        ("https:/evil.com", #"a web URL needs "//" and a host after its scheme"#),
        ("https:///evil.com", "it has no host"),
        ("evil.com", "it is not a path, an app URL or an allowed web URL"),
        ("javascript:alert(1)", "scheme javascript is never followed"),
        ("JAVASCRIPT:alert(1)", "scheme javascript is never followed"),
        ("data:text/html,x", "scheme data is never followed"),
        ("evil:/order/1", "no route matches it"),
        ("javascript://%0Aalert(1)", "scheme javascript is never followed"),
        ("JavaScript://shop.example.com/%0Aalert(1)", "scheme javascript is never followed"),
        ("data://text/html,x", "scheme data is never followed"),
        ("ftp://shop.example.com/x", "no route matches it"),
        (" https://evil.com", "it is not a path, an app URL or an allowed web URL"),
        ("https://shop.example.com/ x", "a space in a web URL (browsers drop it)"),
        ("https://evil.com/\t", "control character 0x9"),
        ("https://shоp.example.com/", "a web URL's host must be a host name: it is not ASCII (an international name comes as punycode, xn--…)"),
        ("https://xn--shp-hdd.example.com/", "host xn--shp-hdd.example.com is not an associated domain or an allowed redirect host"),
        ("https://shop.example.com./", "a web URL's host must be a host name: it has an empty label"),
        ("https://ｓｈｏｐ.example.com/", "a web URL's host must be a host name: it is not ASCII (an international name comes as punycode, xn--…)"),
        ("https://shop.example.com.evil.com/", "host shop.example.com.evil.com is not an associated domain or an allowed redirect host"),
        ("https://[::1]/", "host [::1] is not an associated domain or an allowed redirect host"),
        ("https://evil.com:443/", "host evil.com is not an associated domain or an allowed redirect host"),
    ]

    @Test("targets that would leave the app are refused, saying why", arguments: refused)
    func refused(target: String, reason: String) async throws {
        let (router, navigator) = try hostileShop()
        #expect(!router.allowsRedirect(to: target))
        // As a `redirect=` item: the guard refuses the open, nothing is shown.
        let login = await router.open("/login?redirect=" + target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!, source: .deepLink)
        #expect(login.outcome == .rejected(.rejected(by: "open-redirect guard", reason: SecurityError.foreignRedirect(target).description)))
        // As an interceptor's redirect: the router refuses to follow it, naming the reason.
        router.addInterceptor(Step(name: "hijack", only: "/order") { _ in .redirect(target) })
        let hijacked = await router.open("/order/1", source: .deepLink)
        #expect(hijacked.outcome == .rejected(.invalidRedirect(target: target, reason: reason)))
        #expect(navigator.shown.isEmpty)
    }

    @Test func anEquivalentURLSpelledDifferentlyIsTheSameHopOfALoop() async throws {
        let (router, navigator) = try hostileShop()
        router.addInterceptor(Step(name: "bounce", only: "/order/1") { _ in .redirect("/order/2") })
        router.addInterceptor(Step(name: "back", only: "/order/2") { _ in .redirect("SHOP://ORDER/%31?") })
        let result = await router.open("/order/1")
        #expect(result.outcome == .rejected(.redirectLoop(["/order/1", "/order/2", "SHOP://ORDER/%31?"])))
        #expect(navigator.shown.isEmpty)
    }
}
