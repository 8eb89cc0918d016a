import Switchyard
import Testing

/// `webHostIsFirstSegment`: an associated domain's host read as the first path segment, as
/// JLRoutes' `alwaysTreatsHostAsPathComponent` does.
@Suite("A web URL's host as a path segment")
struct WebHostSegmentTests {
    static func routes(hostIsSegment: Bool) throws -> RouteTable<String> {
        var configuration = RouterConfiguration(associatedDomains: ["www.example.com", "*.example.org"])
        configuration.webHostIsFirstSegment = hostIsSegment
        return try table(["/www.example.com/sign_in", "/:site/product/:id", "/sign_in"], configuration: configuration)
    }

    @Test(arguments: [
        ("https://www.example.com/sign_in", "/www.example.com/sign_in", "/www.example.com/sign_in"),
        ("https://www.example.com:443/sign_in?next=1", "/www.example.com/sign_in", "/www.example.com/sign_in"),
        ("https://shop.example.org/product/7", "/:site/product/:id", "/shop.example.org/product/7"),
        ("myapp://www.example.com/sign_in", "/www.example.com/sign_in", "/www.example.com/sign_in"),
        ("/sign_in", "/sign_in", "/sign_in"),
    ])
    func onTheHostIsTheFirstSegment(url: String, pattern: String, path: String) throws {
        let match = try Self.routes(hostIsSegment: true).resolve(url)
        #expect(match.route.pattern == pattern)
        #expect(match.request.path == path)
    }

    @Test func theHostIsAValueLikeAnyOther() throws {
        let match = try Self.routes(hostIsSegment: true).resolve("https://shop.example.org/product/7")
        #expect(match.request.string("site") == "shop.example.org")
        #expect(match.request.host == "shop.example.org")
    }

    @Test func offByDefaultTheHostIsDropped() throws {
        #expect(RouterConfiguration().webHostIsFirstSegment == false)
        let routes = try Self.routes(hostIsSegment: false)
        #expect(routes.winner("https://www.example.com/sign_in") == "/sign_in")
        #expect(routes.winner("https://shop.example.org/product/7") == nil)
    }

    @Test func aHostThatIsNotAssociatedIsStillRefused() throws {
        let url = "https://evil.example.com/sign_in"
        #expect(try Self.routes(hostIsSegment: true).failure(url) == .hostNotAssociated(host: "evil.example.com", url: url))
    }
}
