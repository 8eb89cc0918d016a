import Switchyard
import Testing

@Suite("URL parsing")
struct URLParsingTests {
    let configuration = RouterConfiguration(schemes: ["myapp"], associatedDomains: ["app.example.com"], webRoute: "/web")

    @Test("URLs map to the same path", arguments: [
        "myapp://product/1",
        "MYAPP://product/1",
        "/product/1",
        "product/1",
        "/product/1/",
        "//product//1//",
        "https://app.example.com/product/1",
        "http://APP.example.com:8080/product/1",
        "https://app.example.com:443/product/1/?x=1#top",
        "myapp://product/1#reviews",
    ])
    func mapsToProduct(url: String) throws {
        let routes = try table(["/product/:id", "/web"], configuration: configuration)
        let match = try routes.resolve(url)
        #expect(match.route.pattern == "/product/:id")
        #expect(match.request.string("id") == "1")
        #expect(match.request.path == "/product/1")
    }

    @Test func otherWebURLsGoToTheWebRoute() throws {
        let routes = try table(["/product/:id", "/web"], configuration: configuration)
        let match = try routes.resolve("https://example.org/product/1?a=b&c=d")
        #expect(match.route.pattern == "/web")
        #expect(match.request.string("url") == "https://example.org/product/1?a=b&c=d")
        #expect(match.request.url == "https://example.org/product/1?a=b&c=d")
    }

    @Test func refusedSchemesAndHosts() throws {
        let routes = try table(["/product/:id"], configuration: RouterConfiguration(schemes: ["myapp"]))
        #expect(routes.failure("evil://product/1")?.description == #"scheme "evil" is not accepted (evil://product/1)"#)
        #expect(routes.failure("https://example.org/product/1")?.description
            == #"host "example.org" is not an associated domain and no web route is configured (https://example.org/product/1)"#)
        #expect(routes.failure("evil://product/1") == .schemeNotAccepted(scheme: "evil", url: "evil://product/1"))
    }

    @Test func anySchemeWhenNoneConfigured() throws {
        let routes = try table(["/product/:id"])
        #expect(routes.winner("whatever://product/1") == "/product/:id")
    }

    @Test func encodedSlashNeverMakesASegment() throws {
        let routes = try table(["/search/:term", "/search/:a/:b"])
        let match = try routes.resolve("/search/a%2Fb")
        #expect(match.route.pattern == "/search/:term")
        #expect(match.request.string("term") == "a/b")
        #expect(try routes.resolve("/search/a/b").route.pattern == "/search/:a/:b")
    }

    @Test func plusIsLiteralInThePathAndASpaceInTheQuery() throws {
        let match = try table(["/tag/:name"]).resolve("/tag/c++?q=a+b%2Bc&empty=&flag")
        #expect(match.request.string("name") == "c++")
        #expect(match.request.query["q"] == "a b+c")
        #expect(match.request.query["empty"] == "")
        #expect(match.request.query["flag"] == "")
    }

    @Test func repeatedQueryKeysKeepEveryValueInOrder() throws {
        let match = try table(["/list"]).resolve("/list?tag=a&tag=b&x=1&tag=c")
        #expect(match.request.query.values(for: "tag") == ["a", "b", "c"])
        #expect(match.request.query.map(\.name) == ["tag", "tag", "x", "tag"])
    }

    @Test func fragmentIsKeptButNotMatched() throws {
        let match = try table(["/page"]).resolve("/page?a=1#section%202?x")
        #expect(match.request.fragment == "section 2?x")
        #expect(match.request.query["a"] == "1")
    }

    @Test func requestRecordsSchemeHostAndSource() throws {
        let routes = try table(["/product/:id"], configuration: configuration)
        let deepLink = try routes.resolve("myapp://product/1", source: .deepLink)
        #expect(deepLink.request.scheme == "myapp")
        #expect(deepLink.request.host == nil)
        #expect(deepLink.request.source == .deepLink)
        let universal = try routes.resolve("https://app.example.com/product/1", source: .universalLink)
        #expect(universal.request.scheme == "https")
        #expect(universal.request.host == "app.example.com")
    }

    @Test("malformed URLs say what and where", arguments: [
        ("", #"malformed URL "" at offset 0: the URL is empty"#),
        ("/product/%G1", #"malformed URL "/product/%G1" at offset 9: "%" must be followed by two hexadecimal digits"#),
        ("/product/1%", #"malformed URL "/product/1%" at offset 10: "%" must be followed by two hexadecimal digits"#),
        ("/product/1?q=%4", #"malformed URL "/product/1?q=%4" at offset 13: "%" must be followed by two hexadecimal digits"#),
        ("/product/%FF", #"malformed URL "/product/%FF" at offset 9: percent-escapes do not decode to valid UTF-8"#),
        ("/product/%C3%28", #"malformed URL "/product/%C3%28" at offset 9: percent-escapes do not decode to valid UTF-8"#),
        ("/p?q=%ED%A0%80", #"malformed URL "/p?q=%ED%A0%80" at offset 5: percent-escapes do not decode to valid UTF-8"#),
        ("/p#%FE", #"malformed URL "/p#%FE" at offset 3: percent-escapes do not decode to valid UTF-8"#),
        // The URL is quoted with its control characters escaped: a raw newline or NUL in a
        // message would forge or cut a log line.
        ("/pro\u{0}duct", #"malformed URL "/pro\u{0}duct" at offset 4: NUL character"#),
        ("/product\n/1", #"malformed URL "/product\u{A}/1" at offset 8: control character 0xA"#),
        ("/café/\u{7F}", #"malformed URL "/café/\u{7F}" at offset 6: control character 0x7F"#),
    ])
    func malformed(url: String, message: String) throws {
        let routes = try table(["/product/:id", "/p", "/café/:x"])
        #expect(routes.failure(url)?.description == message)
    }

    @Test func noMatchNamesTheNearestPattern() throws {
        let routes = try table(["/product/:id", "/user/:id/orders", "/settings"])
        #expect(routes.failure("myapp://prodcut/1")?.description == "no route matches /prodcut/1; nearest: /product/:id")
        #expect(routes.failure("/user/7/order")?.description == "no route matches /user/7/order; nearest: /user/:id/orders")
        #expect(routes.failure("/setting")?.description == "no route matches /setting; nearest: /settings")
        #expect(try table([]).failure("/x")?.description == "no route matches /x; no registered route is like it")
    }

    @Test func canOpen() throws {
        let routes = try table(["/product/:id"])
        #expect(routes.canOpen("myapp://product/1"))
        #expect(!routes.canOpen("myapp://product"))
        #expect(!routes.canOpen("/product/%ZZ"))
    }
}
