/// JLRoutes (joeldev/JLRoutes): the examples of its README, ported to Switchyard and rewritten,
/// with values from JLRoutes' own test suite where the README names a setting
/// (`setShouldDecodePlusSymbols:`, `setAlwaysTreatsHostAsPathComponent:`) without an example.
///
/// Each example runs with the settings of the migration guide (`MigratingFromJLRoutes.md`):
/// `caseSensitive`, `plusDecoding = .pathAndQuery`, scheme namespaces for `routesForScheme:`,
/// and `webHostIsFirstSegment` where the example turns the host into a path component. A test
/// whose name starts with `differs` asserts Switchyard's answer where it deliberately departs
/// from JLRoutes, and says why.
import Switchyard
import SwitchyardTesting
import Testing

@Suite("Ported from JLRoutes' README", .timeLimit(.minutes(1)))
@MainActor
struct JLRoutesExamplesTests {
    /// The settings the JLRoutes guide lists, with a logger that drops everything.
    static func guideSettings(thingFallsBack: Bool = false) throws -> RouterConfiguration {
        var configuration = RouterConfiguration.quiet
        configuration.schemes = ["myapp", "thing", "stuff", "tests"]
        configuration.associatedDomains = ["www.mydomain.com", "www.mydomain2.com"]
        configuration.caseSensitive = true                 // JLRoutes compares literal segments exactly
        configuration.plusDecoding = .pathAndQuery         // decodePlusSymbols, on by default in JLRoutes
        try configuration.namespace("thing", fallsBackToGlobalRoutes: thingFallsBack)   // routesForScheme:@"thing"
        try configuration.namespace("stuff")                                            // routesForScheme:@"stuff"
        return configuration
    }

    /// A router for `configuration`; the duplicate guard is off so an example may open a URL twice.
    static func router(_ configuration: RouterConfiguration) -> Router {
        var settings = PipelineSettings()
        settings.duplicateWindow = .zero
        return Router(configuration: configuration, settings: settings)
    }

    // MARK: - Same answer as JLRoutes

    /// "Getting started": `/user/view/:userID`, opened by `myapp://user/view/joeldev`, hands its
    /// handler the user id; the URL and pattern keys (`JLRouteURL`, `JLRoutePattern`) are the
    /// request's `url` and `pattern`. (`JLRouteScheme` names the route's namespace; Switchyard's
    /// `request.scheme` is the URL's scheme.)
    @Test func theUserRouteReceivesItsIdentifierAndTheURL() async throws {
        let router = Self.router(try Self.guideSettings())
        let seen = Shared<[String]>([])
        try router.action("/user/view/:userID") { request in
            let received = [request.string("userID") ?? "", request.url, request.pattern?.description ?? "", request.scheme ?? ""]
            seen.withLock { $0 = received }
        }
        let result = await router.open("myapp://user/view/joeldev")
        #expect(result.outcome == .performedAction(pattern: "/user/view/:userID"))
        #expect(seen.current == ["joeldev", "myapp://user/view/joeldev", "/user/view/:userID", "myapp"])
    }

    /// "More complex example": `/:object/:action/:primaryKey` takes `/post/edit/123` and
    /// `/user/view/joeldev`, and the query items join the path values.
    @Test(arguments: [
        ("myapp://post/edit/123?debug=true&foo=bar", ["object": "post", "action": "edit", "primaryKey": "123"], ["debug": "true", "foo": "bar"]),
        ("myapp://user/view/joeldev", ["object": "user", "action": "view", "primaryKey": "joeldev"], [:]),
    ] as [(String, [String: String], [String: String])])
    func theGenericRouteReadsPathAndQueryValues(url: String, path: [String: String], query: [String: String]) throws {
        let match = try table(["/:object/:action/:primaryKey"], configuration: Self.guideSettings()).resolve(url)
        #expect(match.route.pattern == "/:object/:action/:primaryKey")
        #expect(match.request.url == url)
        #expect(match.request.pathParameters.dictionary == path)
        #expect(match.request.query.dictionary == query)
        if !query.isEmpty {
            #expect(match.request.bool("debug") == true)
            #expect(match.request.string("foo") == "bar")
        }
    }

    /// The README's two routes together, and "route prioritization" (`addRoute:priority:handler:`):
    /// the route JLRoutes would try first wins here too. `/user/view/:userID` was added before the
    /// generic route; `/test/priority/high` has priority 20 over `/test/priority/:level`.
    @Test(arguments: [
        ("myapp://user/view/joeldev", "/user/view/:userID"),
        ("myapp://post/edit/123", "/:object/:action/:primaryKey"),
        ("tests://test/priority/high", "/test/priority/high"),
        ("tests://test/priority/low", "/test/priority/:level"),
    ])
    func theRouteJLRoutesTriesFirstWins(url: String, pattern: String) throws {
        let routes = RouteTable<String>(configuration: try Self.guideSettings())
        try routes.register([
            RouteSpec("/user/view/:userID", target: "/user/view/:userID"),
            RouteSpec("/:object/:action/:primaryKey", target: "/:object/:action/:primaryKey"),
            RouteSpec("/test/priority/:level", target: "/test/priority/:level"),
            RouteSpec("/test/priority/high", priority: 20, target: "/test/priority/high"),
        ])
        #expect(routes.jlRoute(url) == pattern)
    }

    /// "Schemes": `/foo` in the global scheme and in `thing` and `stuff`; `/global` reaches
    /// `thing://global` only once `shouldFallbackToGlobalRoutes` is set for `thing`.
    @Test(arguments: [
        ("myapp://foo", "/foo", "/foo"),
        ("thing://foo", "thing://foo", "thing://foo"),
        ("stuff://foo", "stuff://foo", "stuff://foo"),
        ("thing://global", nil, "/global"),
        ("stuff://global", nil, nil),
        ("myapp://global", "/global", "/global"),
    ] as [(String, String?, String?)])
    func eachSchemeHasRoutesOfItsOwnAndMayFallBack(url: String, alone: String?, fallingBack: String?) throws {
        let patterns = ["/foo", "thing://foo", "stuff://foo", "/global"]
        #expect(try table(patterns, configuration: Self.guideSettings(thingFallsBack: false)).jlRoute(url) == alone, "\(url)")
        #expect(try table(patterns, configuration: Self.guideSettings(thingFallsBack: true)).jlRoute(url) == fallingBack, "\(url)")
    }

    /// "Wildcards": `/wildcard/*` gets the extra components, and its handler says no (returns
    /// `NO`, here throws `RouteDeclined`) unless the first one is `joker`; then nothing handles
    /// the URL.
    @Test func aWildcardHandlerDeclinesUnlessTheJokerIsInIt() async throws {
        let router = Self.router(try Self.guideSettings())
        let handled = Shared<[[String]]>([])
        try router.action("/wildcard/*") { request in
            let components = request.remainder ?? []
            guard components.first == "joker" else { throw RouteDeclined("no joker") }
            handled.withLock { $0.append(components) }
        }
        let joker = await router.open("myapp://wildcard/joker/card")
        #expect(joker.outcome == .performedAction(pattern: "/wildcard/*"))
        for url in ["myapp://wildcard/batman", "myapp://wildcard"] {
            let other = await router.open(url)
            guard case .notFound = other.outcome else {
                Issue.record("\(url): \(other.outcome)")
                continue
            }
            #expect(other.declined == ["/wildcard/* (no joker)"], "\(url)")
        }
        #expect(handled.current == [["joker", "card"]])
    }

    /// "Handler block chaining": a handler that returns `NO` makes JLRoutes look for the next
    /// matching route. Here the user route declines `admin` and the generic route takes it.
    @Test func aHandlerThatSaysNoPassesTheURLToTheNextRoute() async throws {
        let router = Self.router(try Self.guideSettings())
        let log = Shared<[String]>([])
        try router.action("/user/view/:userID") { request in
            let userID = request.string("userID") ?? ""
            guard userID != "admin" else { throw RouteDeclined() }
            log.withLock { $0.append("user \(userID)") }
        }
        try router.action("/:object/:action/:primaryKey") { request in
            let key = "\(request.string("object") ?? "")/\(request.string("primaryKey") ?? "")"
            log.withLock { $0.append("generic \(key)") }
        }
        let mine = await router.open("myapp://user/view/joeldev")
        #expect(mine.outcome == .performedAction(pattern: "/user/view/:userID") && mine.declined.isEmpty)
        let passed = await router.open("myapp://user/view/admin")
        #expect(passed.outcome == .performedAction(pattern: "/:object/:action/:primaryKey"))
        #expect(passed.declined == ["/user/view/:userID"])
        #expect(log.current == ["user joeldev", "generic user/admin"])
    }

    /// Chaining through a scheme that falls back to the global routes: a route that declines
    /// passes the URL to the next one, whether that is the scheme's own or a global one. The
    /// search of the scheme's own routes must not leave the global ones passed over for the
    /// search that falls back to them.
    @Test(arguments: [
        // (routes, the routes that decline admin, URL, what takes it, who declined)
        (["/user/view/:userID", "/:object/:action/:primaryKey"], ["/user/view/:userID"], "thing://user/view/admin",
         "/:object/:action/:primaryKey", ["/user/view/:userID"]),
        (["thing://user/view/:userID", "/user/view/:userID", "/:object/:action/:primaryKey"],
         ["thing://user/view/:userID", "/user/view/:userID"], "thing://user/view/admin",
         "/:object/:action/:primaryKey", ["thing://user/view/:userID", "/user/view/:userID"]),
        (["thing://user/view/:userID", "/user/view/:userID"], ["thing://user/view/:userID"], "thing://user/view/admin",
         "/user/view/:userID", ["thing://user/view/:userID"]),
        (["/user/view/:userID", "thing://:object/:action/:primaryKey"], ["thing://:object/:action/:primaryKey"], "thing://user/view/admin",
         "/user/view/:userID", ["thing://:object/:action/:primaryKey"]),
        (["/user/view/:userID", "/:object/:action/:primaryKey"], ["/user/view/:userID"], "myapp://user/view/admin",
         "/:object/:action/:primaryKey", ["/user/view/:userID"]),
    ] as [([String], [String], String, String, [String])])
    func aDeclineInASchemeThatFallsBackPassesTheURLToTheGlobalRoutes(
        routes: [String], declining: [String], url: String, taker: String, declined: [String]
    ) async throws {
        let router = Self.router(try Self.guideSettings(thingFallsBack: true))
        for pattern in routes {
            let declines = declining.contains(pattern)
            try router.action(pattern) { request in
                if declines, request.string("userID") == "admin" || request.string("primaryKey") == "admin" { throw RouteDeclined() }
            }
        }
        let result = await router.open(url)
        #expect(result.outcome == .performedAction(pattern: taker), "\(url): \(result.outcome)")
        #expect(result.declined == declined)
    }

    /// "Optional routes": `/the(/foo/:a)(/bar/:b)` stands for `/the/foo/:a/bar/:b`,
    /// `/the/foo/:a`, `/the/bar/:b` and `/the`, and for nothing else.
    @Test(arguments: [
        ("myapp://the", [String: String]?.some([:])),
        ("myapp://the/foo/1", ["a": "1"]),
        ("myapp://the/bar/2", ["b": "2"]),
        ("myapp://the/foo/1/bar/2", ["a": "1", "b": "2"]),
        ("myapp://the/bar/2/foo/1", nil),
    ])
    func optionalGroupsStandForEachCombination(url: String, values: [String: String]?) throws {
        let routes = try table(["/the(/foo/:a)(/bar/:b)"], configuration: Self.guideSettings())
        #expect((try? routes.resolve(url))?.request.pathParameters.dictionary == values, "\(url)")
    }

    /// "Global configuration", `setShouldDecodePlusSymbols:` (values from JLRoutes' tests): on,
    /// as by default, `+` is a space in path and query values; off, it stays a plus.
    @Test(arguments: [
        (PlusDecoding.pathAndQuery, "joel levin", ["joel levin", "foo bar"]),
        (.never, "joel+levin", ["joel+levin", "foo+bar"]),
    ])
    func plusSymbolsFollowTheDecodePlusSymbolsSetting(plus: PlusDecoding, decoded: String, people: [String]) throws {
        var configuration = try Self.guideSettings()
        configuration.plusDecoding = plus
        let routes = try table(["/user/view/:userID"], configuration: configuration)
        #expect(try routes.resolve("tests://user/view/joel+levin").request.string("userID") == decoded)
        let request = try routes.resolve("tests://user/view/test?name=joel+levin&people=joel+levin&people=foo+bar").request
        #expect(request.string("name") == decoded)
        #expect(request.query.values(for: "people") == people)
    }

    /// "Global configuration", `setAlwaysTreatsHostAsPathComponent:` (values from JLRoutes'
    /// tests): off, `https://www.mydomain.com/sign_in` is `/sign_in`; on, the host is the first
    /// segment and only routes that spell it match.
    @Test func theHostIsAPathComponentOnlyWhenAsked() throws {
        var configuration = try Self.guideSettings()
        configuration.webHostIsFirstSegment = false
        let hostDropped = try table(["/sign_in", "/path/:pathid"], configuration: configuration)
        #expect(hostDropped.jlRoute("https://www.mydomain.com/sign_in") == "/sign_in")
        let dropped = try hostDropped.resolve("https://www.mydomain.com/path/3")
        #expect(dropped.target == "/path/:pathid")
        #expect(dropped.request.string("pathid") == "3")

        configuration.webHostIsFirstSegment = true
        let hostKept = try table(["/sign_in", "/path/:pathid"], configuration: configuration)
        #expect(hostKept.jlRoute("https://www.mydomain2.com/sign_in") == nil)
        #expect(hostKept.jlRoute("https://www.mydomain2.com/path/3") == nil)

        let spelled = try table(["/sign_in", "/path/:pathid", "/www.mydomain2.com/sign_in", "/www.mydomain2.com/path/:pathid"],
                                configuration: configuration)
        #expect(spelled.jlRoute("https://www.mydomain2.com/sign_in") == "/www.mydomain2.com/sign_in")
        let kept = try spelled.resolve("https://www.mydomain2.com/path/3")
        #expect(kept.target == "/www.mydomain2.com/path/:pathid")
        #expect(kept.request.string("pathid") == "3")
    }

    /// The parameters dictionary (values from JLRoutes' tests): a path value wins over a query
    /// item of the same name, and a repeated query key keeps every value in order.
    @Test func pathValuesWinOverTheQueryAndRepeatedKeysKeepEveryValue() throws {
        let routes = try table(["/user/view/:userID", "/test/foo"], configuration: Self.guideSettings())
        let evil = try routes.resolve("tests://user/view/joeldev?userID=evilPerson").request
        #expect(evil.string("userID") == "joeldev")
        #expect(evil.query.values(for: "userID") == ["evilPerson"])
        let arrays = try routes.resolve("tests://test/foo?key=1&key=2&key=3&text=hi&text=there").request
        #expect(arrays.query.values(for: "key") == ["1", "2", "3"])
        #expect(arrays.query.values(for: "text") == ["hi", "there"])
        #expect(arrays.string("key") == "1", "one value reads the first; JLRoutes hands the handler the array")
    }

    /// The URL spellings JLRoutes' tests route: a scheme without `//`, a trailing slash, and a
    /// percent-encoded value, decoded once.
    @Test(arguments: [
        ("tests:/test", "/test", nil as String?),
        ("tests://test/", "/test", nil),
        ("tests://user/view/joeldev/", "/user/view/:userID", "joeldev"),
        ("tests://user/view/joel%20levin", "/user/view/:userID", "joel levin"),
    ])
    func urlSpellingsRouteAsInJLRoutes(url: String, pattern: String, userID: String?) throws {
        let match = try table(["/test", "/user/view/:userID"], configuration: Self.guideSettings()).resolve(url)
        #expect(match.target == pattern)
        #expect(match.request.string("userID") == userID)
    }

    // MARK: - Where Switchyard deliberately differs

    /// Precedence by shape: JLRoutes tries routes in priority, then registration order, so a
    /// generic `/:object/:action/:primaryKey` added first takes `/post/edit/123`. Switchyard
    /// ranks a static segment above a parameter, so the answer never depends on the order in
    /// which modules register.
    @Test func differsPrecedenceIsByShapeNotRegistrationOrder() throws {
        let routes = try table(["/:object/:action/:primaryKey", "/post/edit/:id"], configuration: Self.guideSettings())
        #expect(routes.jlRoute("myapp://post/edit/123") == "/post/edit/:id")          // JLRoutes: /:object/:action/:primaryKey
        #expect(routes.jlRoute("myapp://user/view/joeldev") == "/:object/:action/:primaryKey")
    }

    /// Case: with the guide's `caseSensitive = true` a differently cased segment misses, as in
    /// JLRoutes; Switchyard's default compares static segments without regard to case (links
    /// typed by people still open), and values keep their case either way.
    @Test func differsStaticSegmentsIgnoreCaseByDefault() throws {
        let strict = try table(["/user/view/:userID"], configuration: Self.guideSettings())
        #expect(strict.jlRoute("myapp://USER/view/JoelDev") == nil)
        let byDefault = try table(["/user/view/:userID"]).resolve("myapp://USER/View/JoelDev")     // JLRoutes: no match
        #expect(byDefault.target == "/user/view/:userID")
        #expect(byDefault.request.string("userID") == "JoelDev")
    }

    /// Fragments: JLRoutes' README says it parses fragment parameters into the dictionary.
    /// Switchyard keeps the fragment, decoded, in `request.fragment` and never reads values
    /// from it, so a fragment cannot inject parameters.
    @Test func differsFragmentsAreNotParsedIntoParameters() throws {
        let routes = try table(["/user/view/:userID"], configuration: Self.guideSettings())
        let request = try routes.resolve("tests://user/view/joeldev#foo=bar&thing=stuff").request
        #expect(request.string("userID") == "joeldev")
        #expect(request.string("foo") == nil)                          // JLRoutes: "bar"
        #expect(request.fragment == "foo=bar&thing=stuff")
    }

    /// Extra parameters (`routeURL:withParameters:`) override the query in JLRoutes. In
    /// Switchyard a URL's query comes before native parameters in `request.value(_:)`, and
    /// native ones are read with `request.native(_:as:)`, which no URL can reach.
    @Test func differsExtraParametersComeAfterTheQuery() throws {
        let routes = try table(["/user/view/:userID"], configuration: Self.guideSettings())
        let request = try routes.resolve("tests://user/view/joeldev?evilThing=evil", nativeParameters: ["evilThing": "notEvil"]).request
        #expect(request.string("evilThing") == "evil")                 // JLRoutes: "notEvil"
        #expect(request.native("evilThing", as: String.self) == "notEvil")
    }

    /// An escaped plus (`%2B`) is a plus under every `plusDecoding`: JLRoutes with
    /// `decodePlusSymbols` on turns `joel%2Blevin` into `joel levin` (from its tests), so a
    /// value could never hold a `+`. Off, both give `joel+levin`.
    @Test(arguments: [PlusDecoding.pathAndQuery, .never])
    func differsAnEscapedPlusStaysAPlus(plus: PlusDecoding) throws {
        var configuration = try Self.guideSettings()
        configuration.plusDecoding = plus
        let routes = try table(["/user/view/:userID"], configuration: configuration)
        #expect(try routes.resolve("tests://user/view/joel%2Blevin").request.string("userID") == "joel+levin")
    }
}

extension RouteTable where Target == String {
    /// The pattern, as registered, of the route `url` opens; `nil` when none matches.
    fileprivate func jlRoute(_ url: String) -> String? {
        (try? resolve(url))?.target
    }
}

// Ported examples: 16.
//   Same answer as JLRoutes: 11 — the user route and its URL/pattern keys; the generic
//   /:object/:action/:primaryKey route with query values; which of the README's routes wins
//   (registration order and priority 20); scheme namespaces and shouldFallbackToGlobalRoutes;
//   the /wildcard/* joker handler returning NO; a handler returning NO passing the URL on;
//   optional routes; decodePlusSymbols on and off; alwaysTreatsHostAsPathComponent off and on;
//   path over query and repeated query keys; URL spellings (tests:/test, trailing slash, %20).
//   Deliberately different: 5 —
//   1. precedence by shape, not registration order (the answer must not depend on module load order);
//   2. static segments ignore case by default (caseSensitive = true restores JLRoutes' answer);
//   3. fragments are kept in request.fragment, not parsed into parameters (no injection via #);
//   4. native (extra) parameters come after the query and are read with native(_:as:);
//   5. %2B is always a plus (decodePlusSymbols also turned an escaped plus into a space).
