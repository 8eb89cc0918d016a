/// URLNavigator (devxoul/URLNavigator): the examples of its README, and the URL map of its
/// example app, ported to Switchyard and rewritten.
///
/// Each example runs with the settings of the migration guide (`MigratingFromURLNavigator.md`):
/// the `myapp` and `navigator` schemes, `caseSensitive` as URLNavigator compares components,
/// and the README's `region` value converter as a `ParameterConverter`. `register` becomes a
/// page, `handle` an action, `push`/`present`/`open` are `router.open`. A test whose name
/// starts with `differs` asserts Switchyard's answer where it deliberately departs from
/// URLNavigator, and says why.
import Switchyard
import SwitchyardTesting
import Testing

@Suite("Ported from URLNavigator's README", .timeLimit(.minutes(1)))
@MainActor
struct URLNavigatorExamplesTests {
    /// The settings the URLNavigator guide lists, with a logger that drops everything.
    static func guideSettings() throws -> RouterConfiguration {
        var configuration = RouterConfiguration.quiet
        configuration.schemes = ["myapp", "navigator"]
        configuration.caseSensitive = true                  // URLNavigator compares static components exactly
        // navigator.matcher.valueConverters["region"]: accepts the three regions, refuses the rest.
        let allowedRegions: Set<String> = ["us-west-1", "ap-northeast-2", "eu-west-3"]
        try configuration.register(ParameterConverter(name: "region", accepts: { allowedRegions.contains($0) }))
        return configuration
    }

    /// The README's map: a user page, a post page and an alert handler, on a router whose
    /// navigator records what it shows. The third value collects the alerts "presented".
    static func app() throws -> (Router, RecordingNavigator, Shared<[String]>) {
        var settings = PipelineSettings()
        settings.duplicateWindow = .zero
        let router = Router(configuration: try guideSettings(), settings: settings)
        let navigator = RecordingNavigator()
        router.navigator = navigator
        let alerts = Shared<[String]>([])
        // The README registers a user view controller factory for this pattern.
        try router.page("myapp://user/<int:id>") { request in
            let id = try request.value("id", as: Int.self)
            return Destination("user", name: "User(\(id))")
        }
        // ... and a post view controller factory for this one.
        try router.page("myapp://post/<title>") { request in
            Destination("post", name: "Post(\(request.string("title") ?? ""))")
        }
        // `handle` for the alert: it reads title and message from the query and presents an alert.
        try router.action("myapp://alert") { request in
            let alert = "\(request.query["title"] ?? "")|\(request.query["message"] ?? "")"
            alerts.withLock { $0.append(alert) }
        }
        return (router, navigator, alerts)
    }

    // MARK: - Same answer as URLNavigator

    /// "Understanding URL patterns": `myapp://user/<int:id>` matches `myapp://user/123` and
    /// `myapp://user/87`, with an `Int`; not `devxoul` (not an int), not `123/posts` (another
    /// structure), and not `/user/devxoul` (no scheme).
    @Test(arguments: [
        ("myapp://user/123", 123 as Int?),
        ("myapp://user/87", 87),
        ("myapp://user/devxoul", nil),
        ("myapp://user/123/posts", nil),
        ("/user/devxoul", nil),
        ("/user/123", nil),
    ])
    func anIntPlaceholderMatchesOnlyIntegersOfItsScheme(url: String, id: Int?) throws {
        let routes = try table(["myapp://user/<int:id>"], configuration: Self.guideSettings())
        let match = try? routes.resolve(url)
        #expect((match != nil) == (id != nil), "\(url)")
        #expect(match.flatMap { try? $0.request.value("id", as: Int.self) } == id, "\(url)")
    }

    /// "Pushing": `push("myapp://user/123")` builds the registered view controller and pushes it.
    @Test func pushingAUserURLShowsTheUserPage() async throws {
        let (router, navigator, _) = try Self.app()
        let result = await router.open("myapp://user/123")
        #expect(result.outcome == .openedPage(pattern: "myapp://user/<int:id>", command: .push))
        #expect(navigator.shown.map(\.destination.name) == ["User(123)"])
        #expect(navigator.shown.last?.command == .push)
    }

    /// "Presenting": `present("myapp://post/54321", wrap: UINavigationController.self)` is an
    /// open with the `.presentInNavigation` command. `<title>` is a string placeholder, which
    /// the canonical pattern spells `<string:title>`.
    @Test func presentingWrappedInANavigationControllerIsACommand() async throws {
        let (router, navigator, _) = try Self.app()
        let result = await router.open("myapp://post/54321", options: OpenOptions(command: .presentInNavigation))
        #expect(result.outcome == .openedPage(pattern: "myapp://post/<string:title>", command: .presentInNavigation))
        #expect(navigator.shown.map(\.destination.name) == ["Post(54321)"])
        #expect(navigator.shown.last?.command == .presentInNavigation)
    }

    /// "Opening": `open("myapp://alert?title=Hello&message=World")` runs the alert handler, which
    /// reads `title` and `message` from the query; nothing is pushed.
    @Test func openingTheAlertURLRunsItsHandler() async throws {
        let (router, navigator, alerts) = try Self.app()
        let result = await router.open("myapp://alert?title=Hello&message=World")
        #expect(result.outcome == .performedAction(pattern: "myapp://alert"))
        #expect(result.succeeded)
        #expect(alerts.current == ["Hello|World"])
        #expect(navigator.shown.isEmpty)
    }

    /// "Passing extra values": the `context` of `push` (`["fromViewController": self]`) is the
    /// open's native parameters, read with `request.native(_:as:)`.
    @Test func theContextTravelsAsNativeParameters() async throws {
        let (router, navigator, _) = try Self.app()
        let result = await router.open("myapp://user/10", parameters: ["fromViewController": "FeedViewController"])
        #expect(result.outcome == .openedPage(pattern: "myapp://user/<int:id>", command: .push))
        #expect(navigator.shown.last?.request.native("fromViewController", as: String.self) == "FeedViewController")
        #expect(navigator.shown.map(\.destination.name) == ["User(10)"])
    }

    /// `viewController(for:)` (the launch-options tip sets the result as the root) builds the
    /// page without showing it: `router.destination(for:)`.
    @Test func aPageIsBuiltWithoutBeingShown() throws {
        let (router, navigator, _) = try Self.app()
        let page = try router.destination(for: "myapp://user/123")
        #expect(page.name == "User(123)")
        #expect(navigator.shown.isEmpty)
    }

    /// "Defining custom URL value converters": `myapp://region/<region:_>` matches the three
    /// allowed regions and not `ca-central-1`.
    @Test(arguments: [("us-west-1", true), ("ap-northeast-2", true), ("eu-west-3", true), ("ca-central-1", false)])
    func aCustomConverterDecidesWhatMatches(region: String, matches: Bool) throws {
        let routes = try table(["myapp://region/<region:_>"], configuration: Self.guideSettings())
        let match = try? routes.resolve("myapp://region/\(region)")
        #expect((match != nil) == matches)
        if matches {
            #expect(try match?.request.value("_", as: String.self) == region)
        }
    }

    /// The example app's map: a user page by name, an alert handler, and `navigator://<path:_>`
    /// as the fallback for every other `navigator` URL.
    @Test(arguments: [
        ("navigator://user/devxoul", "navigator://user/<username>"),
        ("navigator://alert?title=Hi", "navigator://alert"),
        ("navigator://somewhere/else", "navigator://<path:_>"),
    ])
    func theExampleAppsMapWithItsFallback(url: String, pattern: String) throws {
        let routes = try table(["navigator://user/<username>", "navigator://alert", "navigator://<path:_>"], configuration: Self.guideSettings())
        #expect(routes.navRoute(url) == pattern)
        if pattern == "navigator://<path:_>" {
            #expect(try routes.resolve(url).request.string("_") == "somewhere/else")
        }
    }

    /// "Simplify URL mapping with a global URL scheme" (`defaultSchemeString = "myapp"`): a
    /// pattern without a scheme matches every scheme the router accepts, and a bare path.
    @Test(arguments: ["/post/12345", "myapp://post/12345", "navigator://post/12345"])
    func aPatternWithoutASchemeServesEveryAcceptedScheme(url: String) throws {
        let routes = try table(["/user/<int:id>", "/post/<title>"], configuration: Self.guideSettings())
        let match = try routes.resolve(url)
        #expect(match.target == "/post/<title>")
        #expect(match.request.string("title") == "12345")
    }

    // MARK: - Where Switchyard deliberately differs

    /// Percent-decoding: URLNavigator's matcher hands values over as written (`hello%20world`).
    /// Switchyard decodes path values once, so handlers read the text the link stands for.
    @Test func differsPathValuesArePercentDecoded() throws {
        let routes = try table(["myapp://post/<title>"], configuration: Self.guideSettings())
        #expect(try routes.resolve("myapp://post/hello%20world").request.string("title") == "hello world")   // URLNavigator: "hello%20world"
    }

    /// Case: with the guide's `caseSensitive = true`, `myapp://USER/123` misses as it does in
    /// URLNavigator; Switchyard's default matches static segments without regard to case.
    @Test func differsStaticSegmentsIgnoreCaseByDefault() throws {
        #expect(try table(["myapp://user/<int:id>"], configuration: Self.guideSettings()).navRoute("myapp://USER/123") == nil)
        #expect(try table(["myapp://user/<int:id>"]).navRoute("myapp://USER/123") == "myapp://user/<int:id>")   // URLNavigator: no match
    }

    /// Precedence: URLNavigator keeps patterns in a dictionary, so between the README's
    /// `myapp://user/<int:id>` and the example app's `<username>` placeholder, which one takes
    /// `myapp://user/123` is not defined. In Switchyard typed placeholders rank alike and the
    /// one registered first is tried first: a defined answer, the same on every launch.
    @Test func differsEqualRankPlaceholdersGoByRegistrationOrder() throws {
        let intFirst = try table(["myapp://user/<int:id>", "myapp://user/<username>"], configuration: Self.guideSettings())
        #expect(intFirst.navRoute("myapp://user/123") == "myapp://user/<int:id>")
        #expect(intFirst.navRoute("myapp://user/devxoul") == "myapp://user/<username>")
        let nameFirst = try table(["myapp://user/<username>", "myapp://user/<int:id>"], configuration: Self.guideSettings())
        #expect(nameFirst.navRoute("myapp://user/123") == "myapp://user/<username>")
    }

    /// Wildcards: `<path:_>` takes zero or more segments, so the example app's fallback also
    /// takes the bare `navigator://`, with an empty value. URLNavigator's matcher (from its
    /// source, per the guide) wants at least one component there.
    @Test func differsAPathPlaceholderTakesZeroSegmentsToo() throws {
        let routes = try table(["navigator://user/<username>", "navigator://<path:_>"], configuration: Self.guideSettings())
        let bare = try routes.resolve("navigator://")
        #expect(bare.target == "navigator://<path:_>")
        #expect(bare.request.string("_") == "")
    }

    /// Web URLs: the example app maps `http://<path:_>` and `https://<path:_>` to a web view.
    /// Switchyard routes `http(s)` links of the app's associated domains like its own, sends
    /// every other web URL to `webRoute` (with the URL in `url`), and refuses them when no web
    /// route is set: a link to any web host cannot reach an arbitrary app route.
    @Test func differsOtherWebURLsGoToTheWebRoute() throws {
        var configuration = try Self.guideSettings()
        configuration.associatedDomains = ["app.example.com"]
        configuration.webRoute = "/web"
        let routes = try table(["/web", "/user/<username>"], configuration: configuration)
        let page = try routes.resolve("https://github.com/devxoul")
        #expect(page.target == "/web")
        #expect(page.request.string("url") == "https://github.com/devxoul")
        #expect(routes.navRoute("https://app.example.com/user/devxoul") == "/user/<username>")
        let noWebRoute = try table(["/web"], configuration: Self.guideSettings())
        #expect(noWebRoute.failure("http://example.com/x") == .hostNotAssociated(host: "example.com", url: "http://example.com/x"))
        // The example's own patterns could never match here, so registering them says so.
        #expect(throws: PatternError.self) { try table(["http://<path:_>"], configuration: Self.guideSettings()) }
        do {
            _ = try table(["https://<path:_>"], configuration: Self.guideSettings())
        } catch {
            #expect("\(error)".contains("RouterConfiguration.associatedDomains is empty; list the app's domains there, or send every web URL to one page with RouterConfiguration.webRoute"))
        }
    }
}

extension RouteTable where Target == String {
    /// The pattern, as registered, of the route `url` opens; `nil` when none matches.
    fileprivate func navRoute(_ url: String) -> String? {
        (try? resolve(url))?.target
    }
}

// Ported examples: 14.
//   Same answer as URLNavigator: 9 — which URLs myapp://user/<int:id> matches (and not);
//   push of the user URL; present with wrap (.presentInNavigation); open of the alert handler
//   with its query; the context as native parameters; viewController(for:) as
//   destination(for:); the custom `region` converter; the example app's map with its
//   navigator://<path:_> fallback; patterns without a scheme (defaultSchemeString).
//   Deliberately different: 5 —
//   1. path values are percent-decoded (URLNavigator hands them over still encoded);
//   2. static segments ignore case by default (caseSensitive = true restores URLNavigator's answer);
//   3. equal-rank placeholders go by registration order (URLNavigator's winner is undefined);
//   4. <path:_> also takes zero segments (URLNavigator wants at least one);
//   5. web URLs only route for associated domains, others go to webRoute or are refused.
