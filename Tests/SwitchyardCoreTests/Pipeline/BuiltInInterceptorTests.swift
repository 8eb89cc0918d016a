import Foundation
import Switchyard
import SwitchyardTesting
import Testing

struct FixedLogin: LoginState {
    let state: Shared<Bool>
    func isLoggedIn() async -> Bool { state.current }
}

@Suite("Built-in interceptors", .timeLimit(.minutes(1)))
@MainActor
struct BuiltInInterceptorTests {
    func shop(_ configuration: RouterConfiguration = .quiet) throws -> (Router, RecordingNavigator) {
        let (router, navigator) = try pipeline(configuration: configuration)
        try router.page("/order/:id") { request in Destination("order", name: "Order(\(request.string("id") ?? ""))") }
        try router.page("/web") { request in Destination("web", name: "Web(\(request.string("url") ?? ""))") }
        try router.page("/settings/payment") { _ in Destination("pay", name: "Payment") }
        try router.page("/coupon/:id") { request in Destination("coupon", name: "Coupon(\(request.string("id") ?? ""))") }
        return (router, navigator)
    }

    @Test func loginRedirectsRemembersAndResumesAcrossRouters() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-pending-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let store = FilePendingRouteStore(file: file)
        let loggedIn = Shared(false)
        let login = try LoginInterceptor(protected: ["/order/*"], whitelist: ["/order/help"], loginURL: "/login",
                                         state: FixedLogin(state: loggedIn), store: store)
        let (router, navigator) = try shop()
        router.addInterceptor(login)

        let result = await router.open("myapp://order/42?from=push")
        #expect(result.redirects == ["/login?redirect=myapp%3A%2F%2Forder%2F42%3Ffrom%3Dpush"])
        #expect(navigator.shown.last?.request.string("redirect") == "myapp://order/42?from=push")
        _ = await router.open("/order/7")
        #expect(store.load() == "inApp\n/order/7", "the latest target wins, with where it came from")

        // The app restarts: a new router on the same store resumes after login.
        loggedIn.withLock { $0 = true }
        let (restarted, restartedNavigator) = try shop()
        restarted.addInterceptor(login)
        let resumed = await restarted.resumeAfterLogin(using: store)
        #expect(resumed?.outcome == .openedPage(pattern: "/order/:id", command: .push))
        #expect(restartedNavigator.shown.map(\.destination.name) == ["Order(7)"])
        #expect(store.load() == nil)
        #expect(await restarted.resumeAfterLogin(using: store) == nil)
    }

    @Test func degradeRulesBlockRedirectFallBackOrWarnAndCanBeReplaced() async throws {
        let warnings = Shared<[String]>([])
        let degrade = try DegradeInterceptor(rules: [
            .init(pattern: "/order/:id", action: .block(message: "Orders are down for maintenance")),
            .init(pattern: "/coupon/:id", action: .fallbackToH5("https://m.example.com/coupon")),
            .init(pattern: "/settings/payment", action: .warn(message: "slow provider")),
        ]) { message in warnings.withLock { $0.append(message) } }
        let (router, navigator) = try shop()
        router.addInterceptor(degrade)

        #expect(await router.open("/order/1").outcome == .rejected(.rejected(by: "degrade", reason: "Orders are down for maintenance")))
        #expect(await router.open("/coupon/9").succeeded)
        #expect(navigator.shown.last?.destination.name == "Web(https://m.example.com/coupon)")
        #expect(await router.open("/settings/payment").succeeded)
        #expect(warnings.current == ["/settings/payment: slow provider"])

        try degrade.replaceRules([.init(pattern: "/order/:id", action: .redirect("/product/1"))])
        #expect(await router.open("/order/2").outcome == .openedPage(pattern: "/product/:id", command: .push))
        #expect(await router.open("/coupon/8").outcome == .openedPage(pattern: "/coupon/:id", command: .push))
        #expect(throws: PatternError.self) { try degrade.replaceRules([.init(pattern: "/bad/:", action: .warn(message: ""))]) }
        #expect(await router.open("/order/3").outcome == .openedPage(pattern: "/product/:id", command: .push), "a bad rule set changes nothing")
    }

    @Test func analyticsReportsWithoutDelayingTheOpen() async throws {
        struct Tracker: PageTracker {
            let seen: Shared<[String]>
            func trackOpen(url: String, pattern: String?, source: RouteSource) { seen.withLock { $0.append("\(pattern ?? "-") \(source)") } }
        }
        let seen = Shared<[String]>([])
        let (router, navigator) = try shop()
        defer { withExtendedLifetime(navigator) {} }
        router.addInterceptor(AnalyticsInterceptor(tracker: Tracker(seen: seen)))
        #expect(await router.open("/order/5", source: .push).succeeded)
        while seen.current.isEmpty { await Task.yield() }
        #expect(seen.current == ["/order/:id push"])
    }

    @Test func abVariantsAreStableAcrossRoutersAndValidated() async throws {
        let experiment = try Experiment(name: "checkout", pattern: "/order/:id", variants: [
            .init(name: "control", share: 0.5),
            .init(name: "new", share: 0.5, redirect: "/coupon/new"),
        ])
        var variants: [String: String] = [:]
        for user in ["alice", "bob", "carol", "dave", "erin", "frank"] {
            let first = experiment.variant(for: user)?.name
            let (router, navigator) = try shop()
            router.addInterceptor(try ABTestInterceptor(experiments: [experiment]) { user })
            _ = await router.open("/order/1")
            let shown = navigator.shown.last?.destination.name
            #expect(shown == (first == "new" ? "Coupon(new)" : "Order(1)"), "\(user)")
            if first == "control" { #expect(navigator.shown.last?.request.native("experiment.checkout", as: String.self) == "control") }
            variants[user] = first
        }
        #expect(Set(variants.values) == ["control", "new"], "six users should not all land in one half")
        #expect(variants.allSatisfy { experiment.variant(for: $0.key)?.name == $0.value })
        #expect(throws: Experiment.ValidationError.sharesAboveOne(experiment: "x", total: 1.2)) {
            try Experiment(name: "x", pattern: "/a", variants: [.init(name: "a", share: 0.6), .init(name: "b", share: 0.6)])
        }
        #expect(throws: Experiment.ValidationError.shareOutOfRange(experiment: "y", variant: "a", share: -0.1)) {
            try Experiment(name: "y", pattern: "/a", variants: [.init(name: "a", share: -0.1)])
        }
    }

    @Test func internalOnlyRoutesRefuseExternalSources() async throws {
        let (router, navigator) = try shop()
        router.addInterceptor(try SourcePolicyInterceptor(internalOnly: ["/settings/payment"]))
        let refused = await router.open("myapp://settings/payment", source: .deepLink)
        #expect(refused.outcome.description
            == "rejected: interceptor source policy rejected the open: /settings/payment can only be opened from inside the app, not from a deep link")
        #expect(navigator.shown.isEmpty)
        #expect(await router.open("/settings/payment", source: .inApp).succeeded)
        #expect(await router.open("myapp://order/1", source: .push).succeeded)
    }

    @Test func signedLinks() async throws {
        let signer = try LinkSigner(secret: Data("top secret".utf8), validity: .seconds(600))
        let (router, navigator) = try shop()
        router.addInterceptor(try SignedLinkInterceptor(signer: signer, routes: ["/coupon/:id"]))
        let now = Date()
        let signed = try signer.sign("myapp://coupon/7?amount=5", at: now)
        #expect(await router.open(signed, source: .deepLink).succeeded)
        #expect(navigator.shown.last?.destination.name == "Coupon(7)")

        let cases: [(String, String)] = [
            ("myapp://coupon/7?amount=5", "myapp://coupon/7 requires a signed link"),
            (signed.replacingOccurrences(of: "amount=5", with: "amount=500"), "the signature of myapp://coupon/7 does not match"),
            (try signer.sign("myapp://coupon/7?amount=5", at: now.addingTimeInterval(-3_600)), "the signature of myapp://coupon/7 has expired"),
            (try LinkSigner(secret: Data("other".utf8)).sign("myapp://coupon/7?amount=5"), "the signature of myapp://coupon/7 does not match"),
        ]
        for (url, reason) in cases {
            let result = await router.open(url, source: .deepLink)
            #expect(result.outcome == .rejected(.rejected(by: "signed links", reason: reason)), "\(url)")
        }
        #expect(await router.open("/order/1").succeeded, "routes that need no signature are untouched")
        // The canonical form ignores query order and encoding details.
        let reordered = signed.replacingOccurrences(of: "?amount=5&", with: "?") + "&amount=5"
        #expect(throws: Never.self) { try signer.verify(reordered) }
    }

    @Test func redirectsMustStayInsideTheApp() async throws {
        let (router, navigator) = try shop(RouterConfiguration(associatedDomains: ["app.example.com"], logger: RouterConfiguration.quiet.logger))
        router.addInterceptor(OpenRedirectGuard { [router] in router.allowsRedirect(to: $0) })
        let foreign = await router.open("/login?redirect=https://evil.example.org/phish")
        #expect(foreign.outcome == .rejected(.rejected(by: "open-redirect guard",
                                                        reason: "redirect to https://evil.example.org/phish is not an internal route or an allowed host")))
        #expect(await router.open("/login?redirect=/order/1").succeeded)
        #expect(await router.open("/login?redirect=https://app.example.com/order/2").succeeded)
        #expect(!(await router.open("/login?redirect=//evil.example.org").succeeded))

        router.addInterceptor(Step(name: "hijack", only: "/order") { _ in .redirect("https://evil.example.org/") })
        let hijacked = await router.open("/order/3")
        #expect(hijacked.outcome == .rejected(.invalidRedirect(
            target: "https://evil.example.org/", reason: "host evil.example.org is not an associated domain or an allowed redirect host")))
        #expect(navigator.shown.count == 2)
    }
}
