import Switchyard
import Testing

@Suite("Reverse routing")
struct ReverseRoutingTests {
    static let hostileValues = [
        "plain", "你好世界", "emoji 🚀 ok", "a/b", "a?b", "a&b=c", "100%", "%2F", "a+b", "c++", "x:y",
        " leading and trailing ", "#hash", "semi;colon", "quote\"s'", "tab\tand\nnewline", "..", ".", "~user",
        "%", "%%41", "<>[]{}|\\^`", "é\u{301}", "\u{FEFF}bom", "€uro",
    ]

    @Test("resolve(url(for: p, v)) gives back v exactly", arguments: hostileValues)
    func roundTrip(value: String) throws {
        let routes = try table(["/product/:id", "/search"])
        let url = try routes.url(for: "/product/:id", parameters: ["id": value], query: ["q": value, "also": value])
        let match = try routes.resolve(url)
        #expect(match.request.string("id") == value)
        #expect(match.request.query["q"] == value)
        #expect(match.request.query["also"] == value)
    }

    @Test func builtURLs() throws {
        let routes = try table([])
        #expect(try routes.url(for: "/product/:id", parameters: ["id": "a/b c"]) == "/product/a%2Fb%20c")
        #expect(try routes.url(for: "/user/:id(/:tab)", parameters: ["id": "7"]) == "/user/7")
        #expect(try routes.url(for: "/user/:id(/:tab)", parameters: ["id": "7", "tab": "orders"]) == "/user/7/orders")
        #expect(try routes.url(for: "myapp://user/:uid/orders", parameters: ["uid": "9"]) == "myapp://user/9/orders")
        #expect(try routes.url(for: "/product/:id", parameters: ["id": "1"], scheme: "myapp") == "myapp://product/1")
        #expect(try routes.url(for: "/files/<path:rest>", parameters: ["rest": "a/b c/d"]) == "/files/a/b%20c/d")
        #expect(try routes.url(for: "/help/*", parameters: ["*": "x/y"]) == "/help/x/y")
        #expect(try routes.url(for: "/café") == "/caf%C3%A9")
        #expect(try routes.url(for: "/list", query: ["tag": "a", "tag": "b"]) == "/list?tag=a&tag=b")
    }

    @Test func catchAllRoundTrip() throws {
        let routes = try table(["/files/<path:rest>"])
        let url = try routes.url(for: "/files/<path:rest>", parameters: ["rest": "docs/你好/a b"])
        let match = try routes.resolve(url)
        #expect(match.request.string("rest") == "docs/你好/a b")
        #expect(match.request.remainder == ["docs", "你好", "a b"])
    }

    /// The same family as the fuzzer's finding in patterns and signed links: what reverse
    /// routing prints must resolve, so a URL over a limit that resolving enforces is refused
    /// here, naming the limit; at the limit it resolves.
    @Test func aBuiltURLOverALimitOfResolvingIsRefused() throws {
        let routes = try table(["/files/<path:rest>", "/q"])
        func exceeded(_ build: () throws(RoutingError) -> String) -> LimitExceeded? {
            do {
                _ = try build()
                return nil
            } catch {
                guard case .malformedURL(let malformed) = error, case .limitExceeded(let exceeded) = malformed.reason else { return nil }
                return exceeded
            }
        }
        // 128 path segments resolve; 129 would not.
        let parts = (0..<127).map { "p\($0)" }
        let atLimit = try routes.url(for: "/files/<path:rest>", parameters: ["rest": parts.joined(separator: "/")])
        #expect(try routes.resolve(atLimit).request.remainder == parts)
        #expect(exceeded { () throws(RoutingError) in
            try routes.url(for: "/files/<path:rest>", parameters: ["rest": (parts + ["one more"]).joined(separator: "/")])
        } == LimitExceeded(.pathSegments, value: 129, maximum: 128))
        // A custom scheme's host is a segment when resolving, so it counts here too (found in review).
        let schemed = try routes.url(for: "/files/<path:rest>", parameters: ["rest": parts.joined(separator: "/")], scheme: "myapp")
        #expect(try routes.resolve(schemed).request.remainder == parts)
        #expect(exceeded { () throws(RoutingError) in
            try routes.url(for: "/files/<path:rest>", parameters: ["rest": (parts + ["x"]).joined(separator: "/")], scheme: "myapp")
        } == LimitExceeded(.pathSegments, value: 129, maximum: 128))
        // 256 query items resolve; 257 would not.
        let items = RouteParameters((0..<256).map { RouteParameter(name: "k\($0)", value: "v") })
        #expect(try routes.resolve(try routes.url(for: "/q", query: items)).request.query == items)
        #expect(exceeded { () throws(RoutingError) in
            try routes.url(for: "/q", query: RouteParameters(items.items + [RouteParameter(name: "k", value: "v")]))
        } == LimitExceeded(.queryItems, value: 257, maximum: 256))
        // A value that percent-encodes to exactly the URL length resolves; one byte more would not.
        let longest = String(repeating: "?", count: 21_842) + "ab"          // "/q?text=" + 65,528 bytes
        let atLength = try routes.url(for: "/q", query: ["text": longest])
        #expect(atLength.utf8.count == 65_536)
        #expect(try routes.resolve(atLength).request.query["text"] == longest)
        #expect(exceeded { () throws(RoutingError) in
            try routes.url(for: "/q", query: ["text": longest + "c"])
        } == LimitExceeded(.urlLength, value: 65_537, maximum: 65_536))
        #expect(exceeded { () throws(RoutingError) in
            try routes.url(for: "/q", query: ["text": String(repeating: "?", count: 22_000)])
        } == LimitExceeded(.urlLength, value: 66_008, maximum: 65_536))
    }

    @Test func typedRoundTrip() throws {
        let routes = try table(["/p/<int:id>/<uuid:u>/:code([a-z]+)"])
        let parameters = ["id": "-42", "u": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "code": "abc"]
        let url = try routes.url(for: "/p/<int:id>/<uuid:u>/:code([a-z]+)", parameters: parameters)
        #expect(try routes.resolve(url).request.pathParameters.dictionary == parameters)
    }

    @Test func badInputsAreErrors() throws {
        let routes = try table([])
        #expect(throws: RoutingError.missingParameter(name: "id", pattern: "/product/:id")) {
            try routes.url(for: "/product/:id")
        }
        #expect(throws: RoutingError.invalidParameter(name: "id", value: "x", pattern: "/p/<int:id>")) {
            try routes.url(for: "/p/<int:id>", parameters: ["id": "x"])
        }
        #expect(throws: RoutingError.invalidParameter(name: "id", value: "", pattern: "/product/:id")) {
            try routes.url(for: "/product/:id", parameters: ["id": ""])
        }
        #expect(throws: RoutingError.invalidPattern(PatternError(pattern: "/p/:", offset: 3, reason: .emptyParameterName))) {
            try routes.url(for: "/p/:")
        }
        #expect(RoutingError.missingParameter(name: "id", pattern: "/product/:id").description
            == #"missing parameter "id" for /product/:id"#)
        #expect(RoutingError.invalidParameter(name: "id", value: "x", pattern: "/p/<int:id>").description
            == #"value "x" for parameter "id" does not match its segment in /p/<int:id>"#)
    }
}
