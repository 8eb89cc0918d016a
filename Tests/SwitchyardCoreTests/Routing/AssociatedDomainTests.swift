import Switchyard
import Testing

/// Associated domains with a leading `*.`, as Apple's entitlement has them
/// (`applinks:*.example.com`): every subdomain, never the bare parent unless listed, never a
/// look-alike.
@Suite("Wildcard associated domains")
struct AssociatedDomainTests {
    static let configuration = RouterConfiguration(associatedDomains: ["*.example.com", "shop.example.org"])

    @Test(arguments: [
        "https://apps.example.com/product/1",
        "https://public-api.example.com/product/1",
        "https://en.blog.example.com/product/1",
        "https://APPS.Example.COM/product/1",
        "http://apps.example.com:8080/product/1",
        "https://shop.example.org/product/1",
    ])
    func subdomainsOfAWildcardAndListedHostsRoute(url: String) throws {
        let routes = try table(["/product/:id"], configuration: Self.configuration)
        #expect(routes.winner(url) == "/product/:id")
    }

    @Test(arguments: [
        ("https://example.com/product/1", "example.com"),              // the bare parent is not listed
        ("https://evilexample.com/product/1", "evilexample.com"),      // a look-alike that ends the same
        ("https://example.com.evil.net/product/1", "example.com.evil.net"),
        ("https://www.shop.example.org/product/1", "www.shop.example.org"), // an exact entry has no subdomains
    ])
    func otherHostsAreNotAssociated(url: String, host: String) throws {
        let routes = try table(["/product/:id"], configuration: Self.configuration)
        #expect(routes.failure(url) == .hostNotAssociated(host: host, url: url))
    }

    /// A trailing dot, or no label before the suffix: not a host name at all (issue 29, item 13).
    @Test(arguments: ["https://apps.example.com./product/1", "https://.example.com/product/1"])
    func hostsWithAnEmptyLabelAreMalformed(url: String) throws {
        let routes = try table(["/product/:id"], configuration: Self.configuration)
        #expect(routes.failure(url) == .malformedURL(MalformedURLError(url: url, offset: 8, reason: .invalidHost("it has an empty label"))))
    }

    @Test func listingTheParentToo() throws {
        let routes = try table(["/product/:id"], configuration: RouterConfiguration(associatedDomains: ["*.example.com", "example.com"]))
        #expect(routes.winner("https://example.com/product/1") == "/product/:id")
        #expect(routes.winner("https://www.example.com/product/1") == "/product/:id")
    }

    /// The router's other host checks read the same list: a wildcard domain's links open in the
    /// app and may be redirected to; a look-alike goes to the browser.
    @Test @MainActor func redirectsAndTheBrowserAgreeWithTheMatcher() async throws {
        var configuration = Self.configuration
        configuration.webRoute = "/web"
        let router = Router(configuration: configuration)
        let navigator = HeadlessNavigator()
        router.navigator = navigator
        try router.page("/web") { request in Destination("web", name: "Web(\(request.string("url") ?? ""))") }
        try router.redirect("/go", to: "https://apps.example.com/product/1")
        try router.page("/product/:id") { request in Destination("product", name: "Product(\(request.string("id") ?? ""))") }
        #expect(await router.open("https://en.blog.example.com/product/2").outcome == .openedPage(pattern: "/product/:id", command: .push))
        let redirected = await router.open("/go")
        #expect(redirected.outcome == .openedPage(pattern: "/product/:id", command: .push))
        #expect(redirected.redirects == ["https://apps.example.com/product/1"])
        #expect(await router.open("https://evilexample.com/product/3").outcome == .openedExternally(url: "https://evilexample.com/product/3"))
        #expect(navigator.state.outline == ["root: Product(2) > Product(1)"])
    }
}
