import Switchyard
@testable import SwitchyardRouting
import SwitchyardTesting
import Testing

/// Whole-path regex routes are found through their literal prefixes, with the precedence and
/// results of trying them all in registration order.
@Suite("Regex routes by literal prefix")
struct RegexRouteIndexTests {
    @Test("the literal prefix is what every match starts with", arguments: [
        (#"/legacy/r5/(?<id>\d+)"#, "/legacy/r5/"),
        (#"^/item/(?<id>\d+)$"#, "/item/"),
        (#"/ab?c"#, "/a"),
        (#"/ab*c"#, "/a"),
        (#"/ab+c"#, "/a"),
        (#"/a{2}"#, "/"),
        (#"/a\.b/(x)"#, "/a.b/"),
        (#"/a\d"#, "/a"),
        (#"/a|x/b"#, ""),
        (#"/a/(b|c)"#, "/a/"),
        (#"/x/[|]y"#, "/x/"),
        (#"(?i)/abc"#, ""),
        (#".*"#, ""),
        (#"/é/x"#, "/"),
        (#"/a b"#, "/a"),
        (#"/p%20q/(\w+)"#, "/p%20q/"),
    ])
    func literalPrefix(source: String, prefix: String) throws {
        #expect(try RegexPattern(source).literalPrefix == prefix)
    }

    @Test func theFirstRegisteredRegexThatMatchesWinsAsInAScan() throws {
        let sources = [#"/a/(?<n>\d+)"#, #"(?<any>/[a-z]+)/x"#, #"/a/1(?<rest>.*)"#, #"/a/(?<w>\w+)"#, #"/b|c"#,
                       #"/legacy/r1/(?<id>\d+)"#, #"/legacy/r10/(?<id>\d+)"#, #"/legacy/r1(?<tail>\d*)/z"#]
        let routes = try sources.enumerated().map { RouteMatcher.RegexRoute(route: $0.offset, pattern: try RegexPattern($0.element)) }
        let index = RegexRouteIndex(routes)
        let paths = ["/a/1", "/a/12", "/a/1x", "/a/word", "/a/2", "/b", "/q/x", "/a/x", "/legacy/r1/5", "/legacy/r10/5",
                     "/legacy/r105/z", "/legacy/r1/z", "/legacy/r2/5", "", "/", "/a"]
        for path in paths {
            let scan = routes.lazy.compactMap { route in route.pattern.match(path).map { (route.route, $0) } }.first
            let found = index.firstMatch(path)
            #expect(found?.route == scan?.0, "\(path)")
            #expect(found?.parameters == scan?.1, "\(path)")
        }
        #expect(index.firstMatch("/a/12")?.route == 0)
        #expect(index.firstMatch("/a/1x")?.route == 2)
        #expect(index.firstMatch("/legacy/r105/z")?.route == 7)
    }

    @Test func aTableResolvesThroughTheIndex() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register((0..<100).map { RouteSpec.regex(#"/legacy/r\#($0)/(?<id>\d+)"#, target: $0) })
        try table.register(regex: #"/legacy/(?<any>.+)"#, target: 1_000)
        #expect(try table.resolve("/legacy/r42/7").target == 42)
        #expect(try table.resolve("/legacy/r42/7").request.string("id") == "7")
        #expect(try table.resolve("/legacy/r420/7").target == 1_000)
        #expect(!table.canOpen("/other/r42/7"))
    }

    /// Random regexes from pieces of the accepted subset and random paths: the index finds what
    /// a scan in registration order finds, every time.
    @Test func randomRegexesAndPathsAgreeWithAScan() throws {
        let pieces = ["/", "a", "b", "ab", "\\.", ".", "[a-c]", "[^/]", "\\d", "1", "?", "+", "*", "{2}", "(?:/a)?", "(b|c1)", "|x", "(?<n>[0-9]+)", "^", "$"]
        let letters = Array("/ab.c1x2")
        var generator = SplitMix64(seed: 13)
        var tables = 0, matched = 0
        for _ in 0..<400 {
            var routes: [RouteMatcher.RegexRoute] = []
            for _ in 0..<6 {
                let source = (0..<(1 + Int.random(in: 0..<6, using: &generator))).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
                guard let pattern = try? RegexPattern(source) else { continue }
                routes.append(RouteMatcher.RegexRoute(route: routes.count, pattern: pattern))
            }
            guard !routes.isEmpty else { continue }
            tables += 1
            let index = RegexRouteIndex(routes)
            for _ in 0..<25 {
                let path = String((0..<Int.random(in: 0..<7, using: &generator)).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] })
                let scan = routes.lazy.compactMap { route in route.pattern.match(path).map { (route.route, $0) } }.first
                let found = index.firstMatch(path)
                if scan != nil { matched += 1 }
                #expect(found?.route == scan?.0, "\(path) in \(routes.map(\.pattern.source))")
            }
        }
        #expect(tables > 300 && matched > 200)
    }
}
