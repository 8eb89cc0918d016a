import Switchyard
import SwitchyardTesting
import Testing

@Suite("Matching")
struct MatchingTests {
    @Test("each syntax element", arguments: [
        // (pattern, url, expected path parameters or nil for no match)
        ("/product", "/product", [String: String]?.some([:])),
        ("/product", "/PRODUCT", [:]),
        ("/product", "/products", nil),
        ("/product/:id", "/product/42", ["id": "42"]),
        ("/product/:id", "/product", nil),
        ("/product/:id", "/product/42/x", nil),
        ("/login/:phone([0-9]+)", "/login/13800000000", ["phone": "13800000000"]),
        ("/login/:phone([0-9]+)", "/login/abc", nil),
        ("/login/:phone([0-9]+)", "/login/138x", nil),
        ("/a/<int:id>", "/a/-12", ["id": "-12"]),
        ("/a/<int:id>", "/a/1.5", nil),
        ("/a/<float:x>", "/a/1.5", ["x": "1.5"]),
        ("/a/<uuid:u>", "/a/E621E1F8-C36C-495A-93FC-0C247A3E6E5F", ["u": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]),
        ("/a/<uuid:u>", "/a/not-a-uuid", nil),
        ("/a/<string:s>", "/a/Hello", ["s": "Hello"]),
        ("/files/<path:rest>", "/files/a/b/c", ["rest": "a/b/c"]),
        ("/files/<path:rest>", "/files", ["rest": ""]),
        ("/files/*", "/files/a/b", [:]),
        ("/files/*", "/files", [:]),
        ("/user/:id(/:tab)", "/user/7", ["id": "7"]),
        ("/user/:id(/:tab)", "/user/7/orders", ["id": "7", "tab": "orders"]),
        ("/user/:id(/:tab)", "/user/7/orders/x", nil),
        ("/a(/b(/c))", "/a/b/c", [:]),
        ("/a(/b(/c))", "/a/c", nil),
        ("/", "/", [:]),
        ("/", "myapp://", [:]),
    ])
    func syntax(pattern: String, url: String, expected: [String: String]?) throws {
        let routes = try table([pattern])
        let match = try? routes.resolve(url)
        #expect(match?.request.pathParameters.dictionary == expected)
    }

    @Test func catchAllRemainderKeepsEncodedSlashesApart() throws {
        let routes = try table(["/files/<path:rest>", "/help/*"])
        let files = try routes.resolve("/files/a%2Fb/c")
        #expect(files.request.remainder == ["a/b", "c"])
        #expect(try routes.resolve("/help").request.remainder == [])
        #expect(try routes.resolve("/help/x/y").request.remainder == ["x", "y"])
        #expect(try routes.resolve("/help/x/y").request.pathParameters.isEmpty)
    }

    @Test("precedence holds in both registration orders", arguments: [
        (["/product/list", "/product/:id"], "/product/list", "/product/list"),
        (["/product/<int:id>", "/product/:slug"], "/product/42", "/product/<int:id>"),
        (["/product/<int:id>", "/product/:slug"], "/product/abc", "/product/:slug"),
        (["/p/:code([a-z]+)", "/p/:any"], "/p/abc", "/p/:code([a-z]+)"),
        (["/p/:any", "/p/*"], "/p/x", "/p/:any"),
        (["/p/<path:rest>", "/p/:a/:b"], "/p/x/y", "/p/:a/:b"),
        (["/p/<path:rest>", "/p/:a/:b"], "/p/x/y/z", "/p/<path:rest>"),
        (["/a/:x/c", "/:y/b/c"], "/a/b/c", "/a/:x/c"),
        (["/files/*", "/files"], "/files", "/files"),
        (["myapp://user/:id", "/user/:id"], "myapp://user/1", "myapp://user/:id"),
    ])
    func precedence(patterns: [String], url: String, winner: String) throws {
        #expect(try table(patterns).winner(url) == winner)
        #expect(try table(patterns.reversed()).winner(url) == winner)
    }

    @Test func priorityBreaksTiesThenRegistrationOrder() throws {
        let routes = RouteTable<String>(configuration: .quiet)
        try routes.register("/p/:a", target: "first")
        try routes.register("/p/:b", target: "second")
        #expect(try routes.resolve("/p/1").target == "first")
        try routes.register("/p/:c", priority: 5, target: "urgent")
        #expect(try routes.resolve("/p/1").target == "urgent")
    }

    @Test func priorityDecidesBetweenEqualRankConstraints() throws {
        let routes = RouteTable<String>(configuration: .quiet)
        try routes.register("/p/<int:id>", target: "int")
        try routes.register("/p/:code([0-9a-f]+)", priority: 1, target: "hex")
        #expect(try routes.resolve("/p/42").target == "hex")
        #expect(try routes.resolve("/p/ff").target == "hex")
        // An unrelated deeper route does not change who wins /p/42.
        try routes.register("/p/<int:id>/reviews", priority: 9, target: "reviews")
        #expect(try routes.resolve("/p/42").target == "hex")
        #expect(try routes.resolve("/p/42/reviews").target == "reviews")
    }

    @Test func equalRankConstraintsFallBackToRegistrationOrder() throws {
        #expect(try table(["/p/<int:id>", "/p/:code([0-9]+)"]).winner("/p/42") == "/p/<int:id>")
        #expect(try table(["/p/:code([0-9]+)", "/p/<int:id>"]).winner("/p/42") == "/p/:code([0-9]+)")
    }

    @Test("backtracking tries the next candidate when a specific branch fails deeper", arguments: [
        (["/a/b/c", "/a/:x/d"], "/a/b/d", "/a/:x/d"),
        (["/a/<int:n>/x", "/a/:s/y"], "/a/1/y", "/a/:s/y"),
        (["/a/b/c", "/a/*"], "/a/b/z", "/a/*"),
        (["/a/:x([0-9]+)/c", "/a/:y/d", "/*"], "/a/1/e", "/*"),
        (["/a/b(/c)", "/a/:x/d"], "/a/b/d", "/a/:x/d"),
    ])
    func backtracking(patterns: [String], url: String, winner: String) throws {
        #expect(try table(patterns).winner(url) == winner)
        #expect(try table(patterns.reversed()).winner(url) == winner)
    }

    @Test func winnerDoesNotDependOnTableSize() throws {
        let core = ["/product/list", "/product/:id", "/product/<int:id>/reviews", "/product/*"]
        let small = try table(core)
        var many = core
        for index in 0..<2_000 { many.append("/module\(index)/:id/detail") }
        let large = try table(many.shuffledDeterministically())
        for url in ["/product/list", "/product/7", "/product/7/reviews", "/product/a/b", "/module5/x/detail"] {
            if url.hasPrefix("/module") {
                #expect(large.winner(url) == "/module5/:id/detail")
            } else {
                #expect(small.winner(url) == large.winner(url), "\(url)")
            }
        }
    }

    @Test func seedExamples() throws {
        let routes = try table(["/login/:phone([0-9]+)", "/product/:id", "/product/list"])
        let login = try routes.resolve("myapp://login/13800000000")
        #expect(login.request.string("phone") == "13800000000")
        #expect(routes.winner("/login/abc") == nil)
        let product = try routes.resolve("myapp://product/123?source=home")
        #expect(product.request.string("id") == "123")
        #expect(product.request.string("source") == "home")
        #expect(routes.winner("/product/list") == "/product/list")
        #expect(try table(["/product/list", "/product/:id"]).winner("/product/list") == "/product/list")
    }

    @Test func staticSegmentsIgnoreCaseButValuesKeepIt() throws {
        let routes = try table(["/Product/:id"])
        #expect(try routes.resolve("/PRODUCT/AbC").request.string("id") == "AbC")
        var configuration = RouterConfiguration()
        configuration.caseSensitive = true
        let strict = try table(["/Product/:id"], configuration: configuration)
        #expect(strict.winner("/product/1") == nil)
        #expect(strict.winner("/Product/1") == "/Product/:id")
    }

    @Test func unicodeAndEncodedLiterals() throws {
        let routes = try table(["/café/:name", "/a%2Fb"])
        #expect(try routes.resolve("/caf%C3%A9/%E4%BD%A0%E5%A5%BD").request.string("name") == "你好")
        #expect(try routes.resolve("/café/x").route.pattern == "/café/:name")
        #expect(routes.winner("/a%2Fb") == "/a%2Fb")
        #expect(routes.winner("/a/b") == nil)
    }

    @Test func customConverter() throws {
        var configuration = RouterConfiguration()
        try configuration.register(ParameterConverter(name: "sku") { $0.count == 8 && $0.allSatisfy(\.isNumber) })
        let routes = try table(["/item/<sku:code>", "/item/:other"], configuration: configuration)
        #expect(routes.winner("/item/12345678") == "/item/<sku:code>")
        #expect(routes.winner("/item/42") == "/item/:other")
    }

    @Test func schemeSpecificPatternsMatchOnlyTheirScheme() throws {
        let routes = try table(["myapp://user/:uid/orders"])
        #expect(try routes.resolve("myapp://user/9/orders").request.string("uid") == "9")
        #expect(routes.winner("/user/9/orders") == nil)
        #expect(routes.winner("other://user/9/orders") == nil)
    }
}

extension Array {
    /// A fixed permutation, so the test is repeatable.
    func shuffledDeterministically() -> [Element] {
        var generator = SplitMix64(seed: 42)
        return shuffled(using: &generator)
    }
}
