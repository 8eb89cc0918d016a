/// MGJRouter (meili/MGJRouter): the examples of its README, and of its demo's
/// `objectForURL:` and `deregisterURLPattern:` screens, ported to Switchyard and rewritten.
///
/// Each example runs with the settings of the migration guide (`MigratingFromMGJRouter.md`):
/// the `mgj` scheme, patterns that name it (`mgj://search/:query`) as MGJRouter's do, and
/// `caseSensitive` as MGJRouter compares components. A handler becomes an action, user info the
/// native `parameters:`, the completion block an answer the caller awaits with `router.call`.
/// A test whose name starts with `differs` asserts Switchyard's answer where it deliberately
/// departs from MGJRouter, and says why.
import Switchyard
import SwitchyardTesting
import Testing

/// What the README's `mgj://search_top_bar` object handler returns (a `UIView` there).
struct MGJSearchTopBar {
    let placeholder = "搜索"
}

@Suite("Ported from MGJRouter's README", .timeLimit(.minutes(1)))
@MainActor
struct MGJRouterExamplesTests {
    /// The settings the MGJRouter guide lists, with a logger that drops everything.
    static func guideSettings(caseSensitive: Bool = true) -> RouterConfiguration {
        var configuration = RouterConfiguration.quiet
        configuration.schemes = ["mgj"]
        configuration.caseSensitive = caseSensitive      // MGJRouter compares components exactly
        return configuration
    }

    /// A router with the guide's settings; the duplicate guard is off so an example may open a URL twice.
    static func router() -> Router {
        var settings = PipelineSettings()
        settings.duplicateWindow = .zero
        return Router(configuration: guideSettings(), settings: settings)
    }

    // MARK: - Same answer as MGJRouter

    /// "Basic use": a handler for `mgj://foo/bar` runs when the URL is opened, and sees the URL
    /// (`MGJRouterParameterURL`).
    @Test func theBasicPatternRunsItsHandler() async throws {
        let router = Self.router()
        let urls = Shared<[String]>([])
        try router.action("mgj://foo/bar") { request in urls.withLock { $0.append(request.url) } }
        #expect(await router.open("mgj://foo/bar").outcome == .performedAction(pattern: "mgj://foo/bar"))
        #expect(urls.current == ["mgj://foo/bar"])
    }

    /// "Chinese is no problem": `mgj://category/家居` matches, typed as is or percent-encoded.
    @Test(arguments: ["mgj://category/家居", "mgj://category/%E5%AE%B6%E5%B1%85"])
    func chineseSegmentsMatch(url: String) async throws {
        let router = Self.router()
        try router.action("mgj://category/家居") { _ in }
        #expect(await router.open(url).outcome == .performedAction(pattern: "mgj://category/家居"))
    }

    /// "Pass user info when opening": `openURL:withUserInfo:completion:` with
    /// `@{@"user_id": @1900}` is an open with native parameters.
    @Test func userInfoTravelsAsNativeParameters() async throws {
        let router = Self.router()
        let userIDs = Shared<[Int]>([])
        try router.action("mgj://category/travel") { request in
            if let userID = request.native("user_id", as: Int.self) { userIDs.withLock { $0.append(userID) } }
        }
        let result = await router.open("mgj://category/travel", parameters: ["user_id": 1900])
        #expect(result.outcome == .performedAction(pattern: "mgj://category/travel"))
        #expect(userIDs.current == [1900])
    }

    /// "Variable parameters, including the query, are parsed": `mgj://search/:query` opened by
    /// `mgj://search/bicycle?color=red` gives `query` = bicycle and `color` = red.
    @Test func pathAndQueryValuesAreParsed() throws {
        let request = try table(["mgj://search/:query"], configuration: Self.guideSettings()).resolve("mgj://search/bicycle?color=red").request
        #expect(request.string("query") == "bicycle")
        #expect(request.string("color") == "red")
    }

    /// "A global URL pattern as the fallback": MGJRouter's `mgj://` becomes the catch-all
    /// `mgj://*`, which takes `mgj://search/travel/china?has_travelled=0`; and, from the demo,
    /// `mgj://foo/bar` when only `mgj://foo/bar/none/exists` is registered beside it.
    @Test func aGlobalFallbackTakesWhatNothingElseHandles() async throws {
        let router = Self.router()
        let fallbacks = Shared<[String]>([])
        try router.action("mgj://*") { request in
            let taken = (request.remainder ?? []).joined(separator: "/") + " " + (request.query["has_travelled"] ?? "-")
            fallbacks.withLock { $0.append(taken) }
        }
        try router.action("mgj://foo/bar/none/exists") { _ in }
        #expect(await router.open("mgj://search/travel/china?has_travelled=0").outcome == .performedAction(pattern: "mgj://*"))
        #expect(await router.open("mgj://foo/bar").outcome == .performedAction(pattern: "mgj://*"))
        #expect(fallbacks.current == ["search/travel/china 0", "foo/bar -"])
    }

    /// "Run the completion block when the open ends": the handler of `mgj://detail` finishes a
    /// little later and says so; the caller awaits it with `router.call` instead of passing a
    /// block. A handler that returns without answering ends the call with `.cancelled`.
    @Test func theCallerAwaitsWhatTheHandlerHandsBack() async throws {
        let router = Self.router()
        try router.action("mgj://detail") { request in
            try await Task.sleep(for: .milliseconds(20))      // stands in for pushing a screen
            request.answer("detail shown")
        }
        try router.action("mgj://category/travel") { _ in }
        #expect(try await router.call("mgj://detail").value(as: String.self) == "detail shown")
        #expect(try await router.call("mgj://category/travel", parameters: ["user_id": 1900]).isCancelled)
    }

    /// `objectForURL:` (the 2015-08-22 update and the demo): `mgj://search_top_bar` gives back
    /// the object its handler makes, without showing anything; the README also asks for it by
    /// the bare `search_top_bar`.
    @Test(arguments: ["mgj://search_top_bar", "search_top_bar"])
    func anObjectForAURLIsBuiltWithoutBeingShown(url: String) throws {
        let router = Self.router()
        let navigator = RecordingNavigator()
        router.navigator = navigator
        try router.page("/search_top_bar") { _ in Destination(MGJSearchTopBar(), name: "SearchTopBar") }
        let bar = try router.destination(for: url)
        #expect(bar.content(as: MGJSearchTopBar.self)?.placeholder == "搜索")
        #expect(navigator.shown.isEmpty)
    }

    /// "Generate URLs": `generateURLWithPattern:parameters:` with `mgj://search/:keyword` and
    /// `Hangzhou` gives `mgj://search/Hangzhou`, which opens the same pattern with the same value.
    /// Values are named and encoded, so `Hang zhou` survives the round trip.
    @Test(arguments: [("Hangzhou", "mgj://search/Hangzhou"), ("Hang zhou", "mgj://search/Hang%20zhou")])
    func urlsAreBuiltFromTheirPattern(keyword: String, expected: String) throws {
        let router = Self.router()
        try router.action("mgj://search/:keyword") { _ in }
        let url = try router.table.url(for: "mgj://search/:keyword", parameters: ["keyword": keyword])
        #expect(url == expected)
        #expect(try router.resolve(url).request.string("keyword") == keyword)
    }

    /// `deregisterURLPattern:` (the demo) and `canOpenURL:`: once the registration is taken
    /// back, the URL opens nothing and its handler never runs.
    @Test func aDeregisteredPatternNoLongerOpens() async throws {
        let router = Self.router()
        let ran = Shared(0)
        let registration = try router.action("mgj://search/:keyword") { _ in ran.withLock { $0 += 1 } }
        #expect(router.canOpen("mgj://search/Hangzhou"))
        #expect(router.table.unregister(registration.id))
        #expect(!router.canOpen("mgj://search/Hangzhou"))
        let result = await router.open("mgj://search/Hangzhou")
        guard case .notFound = result.outcome else {
            Issue.record("\(result.outcome)")
            return
        }
        #expect(ran.current == 0)
    }

    // MARK: - Where Switchyard deliberately differs

    /// URLs longer than every pattern: MGJRouter (from its source, per the guide) hands
    /// `mgj://search/travel/china` to `mgj://search/:query`, the deepest pattern it passed with
    /// a handler. Switchyard opens a route only when the whole path matches, so the README's
    /// fallback takes it, and without one nothing does: a handler never sees a path it did not
    /// declare.
    @Test func differsALongerURLIsNotHandedToAShorterPattern() throws {
        let routes = try table(["mgj://search/:query", "mgj://*"], configuration: Self.guideSettings())
        #expect(routes.mgjRoute("mgj://search/travel/china?has_travelled=0") == "mgj://*")      // MGJRouter: mgj://search/:query
        #expect(routes.mgjRoute("mgj://search/travel") == "mgj://search/:query")
        let alone = try table(["mgj://search/:query"], configuration: Self.guideSettings())
        guard case .noMatch = alone.failure("mgj://search/travel/china") else {
            Issue.record("a longer URL matched a shorter pattern")
            return
        }
    }

    /// Case: with the guide's `caseSensitive = true`, `mgj://FOO/bar` misses as it does in
    /// MGJRouter; Switchyard's default matches static segments without regard to case.
    @Test func differsStaticSegmentsIgnoreCaseByDefault() throws {
        #expect(try table(["mgj://foo/bar"], configuration: Self.guideSettings()).mgjRoute("mgj://FOO/bar") == nil)
        #expect(try table(["mgj://foo/bar"], configuration: Self.guideSettings(caseSensitive: false)).mgjRoute("mgj://FOO/bar") == "mgj://foo/bar")   // MGJRouter: no match
    }

    /// Repeated query keys: MGJRouter's source keeps the last value. Switchyard keeps every
    /// value in order and a single read gives the first, as URL parsers and signatures read it.
    @Test func differsARepeatedQueryKeyReadsItsFirstValue() throws {
        let request = try table(["mgj://search/:query"], configuration: Self.guideSettings()).resolve("mgj://search/bicycle?color=red&color=blue").request
        #expect(request.string("color") == "red")                               // MGJRouter: "blue"
        #expect(request.query.values(for: "color") == ["red", "blue"])
    }

    /// Path before query: MGJRouter writes query items after path values, so `?query=car`
    /// overrides the `:query` segment. In Switchyard the path wins, so a query item cannot
    /// replace the value the pattern matched.
    @Test func differsThePathValueWinsOverAQueryItemOfTheSameName() throws {
        let request = try table(["mgj://search/:query"], configuration: Self.guideSettings()).resolve("mgj://search/bicycle?query=car").request
        #expect(request.string("query") == "bicycle")                            // MGJRouter: "car"
        #expect(request.query["query"] == "car")
    }
}

extension RouteTable where Target == String {
    /// The pattern, as registered, of the route `url` opens; `nil` when none matches.
    fileprivate func mgjRoute(_ url: String) -> String? {
        (try? resolve(url))?.target
    }
}

// Ported examples: 13.
//   Same answer as MGJRouter: 9 — the basic mgj://foo/bar handler and its URL; Chinese
//   segments; user info as native parameters; path and query values of mgj://search/:query;
//   the global fallback (mgj:// as mgj://*); the completion block as an awaited answer;
//   objectForURL: as destination(for:); generateURLWithPattern: as table.url(for:);
//   deregisterURLPattern: / canOpenURL: as unregister and canOpen.
//   Deliberately different: 4 —
//   1. a URL longer than every pattern is not handed to a shorter one (whole-path matches only);
//   2. static segments ignore case by default (caseSensitive = true restores MGJRouter's answer);
//   3. a repeated query key reads its first value, and keeps all (MGJRouter keeps the last);
//   4. the path value wins over a query item of the same name (MGJRouter lets the query override).
