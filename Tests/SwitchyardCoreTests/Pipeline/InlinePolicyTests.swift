import Dispatch
import Foundation
import Switchyard
@testable import SwitchyardManifest
@testable import SwitchyardPipeline
@testable import SwitchyardRouting
import SwitchyardTesting
import Testing

/// Issue 13, item 4: built-in policies decide inline, with no task, as long as their decision
/// is library code; app code (a login state, a user id, a warning handler, any app
/// interceptor) still runs only on the worker threads, in priority order.
/// (White-box: the count of chains handed to the worker is internal, hence `@testable`.)
@Suite("Inline built-in policies", .timeLimit(.minutes(1)))
@MainActor
struct InlinePolicyTests {
    static let signer = try! LinkSigner(secret: Data(repeating: 7, count: 32))

    static func policed(loggedIn: Bool = true) throws -> Router {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        for pattern in ["/plain/:x", "/market/product/:id", "/market/order/:id", "/settings/privacy", "/coupon/:code", "/legacy/:page"] {
            try router.action(pattern) { _ in }
        }
        let experiment = try Experiment(name: "product", pattern: "/market/product/:id", variants: [.init(name: "a", share: 1)])
        router.addInterceptor(try LoginInterceptor(protected: ["/market/order/:id"], loginURL: "/plain/login",
                                                   state: FixedLogin(state: Shared(loggedIn)), store: MemoryPendingRouteStore()))
        router.addInterceptor(try DegradeInterceptor(rules: [.init(pattern: "/legacy/:page", action: .block(message: "gone"))]))
        router.addInterceptor(try ABTestInterceptor(experiments: [experiment], userID: { "user-1" }))
        router.addInterceptor(try SourcePolicyInterceptor(internalOnly: ["/settings/privacy"]))
        router.addInterceptor(try SignedLinkInterceptor(signer: signer, routes: ["/coupon/:code"]))
        return router
    }

    struct Case: Sendable, CustomStringConvertible {
        let url: String
        var source: RouteSource = .inApp
        var loggedIn = true
        let outcome: OpenResult.Outcome
        let ran: [String]
        /// Whether app code had to run, so the chain went to the worker.
        let onWorker: Bool
        var description: String { "\(url) from \(source)" }
    }

    nonisolated static let cases: [Case] = [
        Case(url: "/plain/1", outcome: .performedAction(pattern: "/plain/:x"), ran: ["degrade", "A/B test"], onWorker: false),
        Case(url: "/plain/1", source: .deepLink, outcome: .performedAction(pattern: "/plain/:x"),
             ran: ["source policy", "degrade", "A/B test"], onWorker: false),
        Case(url: "/settings/privacy", source: .deepLink,
             outcome: .rejected(.rejected(by: "source policy", reason: "/settings/privacy can only be opened from inside the app, not from a deep link")),
             ran: ["source policy"], onWorker: false),
        Case(url: "/coupon/SPRING", outcome: .rejected(.rejected(by: "signed links", reason: "/coupon/SPRING requires a signed link")),
             ran: ["signed links"], onWorker: false),
        Case(url: "/legacy/a", outcome: .rejected(.rejected(by: "degrade", reason: "gone")), ran: ["degrade"], onWorker: false),
        // The user id is the app's code: from the A/B policy on, the chain runs on the worker.
        Case(url: "/market/product/1", outcome: .performedAction(pattern: "/market/product/:id"), ran: ["degrade", "A/B test"], onWorker: true),
        // So is whether the user is logged in.
        Case(url: "/market/order/1", outcome: .performedAction(pattern: "/market/order/:id"), ran: ["degrade", "A/B test", "login"], onWorker: true),
        Case(url: "/market/order/2", loggedIn: false, outcome: .performedAction(pattern: "/plain/:x"), ran: ["degrade", "A/B test", "login", "degrade", "A/B test"], onWorker: true),
    ]

    @Test(arguments: cases)
    func aBuiltInDecisionThatIsLibraryCodeRunsInline(_ test: Case) async throws {
        let router = try Self.policed(loggedIn: test.loggedIn)
        let result = await router.open(test.url, source: test.source)
        #expect(result.outcome == test.outcome)
        #expect(result.interceptors == test.ran)
        #expect((router.chainsOnWorker.load(ordering: .relaxed) > 0) == test.onWorker)
    }

    @Test func aSignedLinkIsVerifiedInline() async throws {
        let router = try Self.policed()
        let result = await router.open(try Self.signer.sign("/coupon/SPRING"))
        #expect(result.outcome == .performedAction(pattern: "/coupon/:code"))
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 0)
    }

    /// A built-in that changes the request inline (none of the shipped ones does yet; the
    /// protocol allows it): the built-ins after it decide on the changed path, split anew,
    /// and the chain still makes no task.
    struct Rewriter: InlineInterceptor {
        let name = "rewriter"
        let priority = 2_000
        func intercept(_ request: RouteRequest) async throws -> InterceptorDecision { .proceed }
        func decideInline(_ request: RouteRequest, path: PolicyPath) -> InlineDecision {
            .decided(.proceedWith(RouteRequest(url: "/legacy/a", path: "/legacy/a", nativeParameters: ["rewritten": true])))
        }
    }

    @Test func aBuiltInThatChangesTheRequestInlineIsSeenByTheBuiltInsAfterIt() async throws {
        let router = try Self.policed()
        router.addInterceptor(Rewriter())
        let result = await router.open("/plain/1")
        #expect(result.outcome == .rejected(.rejected(by: "degrade", reason: "gone")))
        #expect(result.interceptors == ["rewriter", "degrade"])
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 0)
    }

    /// The built-ins split a request's path once per open, with no limit of their own: what
    /// reaches them was held to the router's. At 128 segments they all decide inline; at 129
    /// the open is refused with the limit named, before any of them runs.
    @Test func theBuiltInsSeeAPathAtTheSegmentLimitAndNeverOnePast() async throws {
        let router = try Self.policed()
        try router.action("/deep/*") { _ in }
        let atLimit = "/deep" + String(repeating: "/x", count: 127)
        let passed = await router.open(atLimit)
        #expect(passed.outcome == .performedAction(pattern: "/deep/*"))
        #expect(passed.interceptors == ["degrade", "A/B test"])
        let over = atLimit + "/y"
        let refused = await router.open(over)
        #expect(refused.outcome == .rejected(.invalidURL(.malformedURL(MalformedURLError(
            url: over, offset: 260, reason: .limitExceeded(LimitExceeded(.pathSegments, value: 129, maximum: 128)))))))
        #expect(refused.interceptors.isEmpty)
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 0)
    }

    /// A redirect decided inline runs the same chain again for its target: the open lists
    /// each built-in once per run, in order, and still makes no task.
    @Test func anInlineRedirectListsTheBuiltInsOfBothRuns() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        for pattern in ["/plain/:x", "/old/:x", "/market/product/:id"] { try router.action(pattern) { _ in } }
        router.addInterceptor(try DegradeInterceptor(rules: [.init(pattern: "/old/:x", action: .redirect("/plain/1"))]))
        let experiment = try Experiment(name: "product", pattern: "/market/product/:id", variants: [.init(name: "a", share: 1)])
        router.addInterceptor(try ABTestInterceptor(experiments: [experiment], userID: { "user-1" }))
        let result = await router.open("/old/7")
        #expect(result.outcome == .performedAction(pattern: "/plain/:x"))
        #expect(result.redirects == ["/plain/1"])
        #expect(result.interceptors == ["degrade", "degrade", "A/B test"])
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 0)
    }

    /// An app interceptor of higher priority runs first, on the worker, and the built-ins after it
    /// run there too, in order; one of lower priority never runs when a built-in refuses inline.
    @Test func appInterceptorsKeepTheirPlaceInTheOrder() async throws {
        let router = try Self.policed()
        let seen = Shared<[String]>([])
        router.addInterceptor(Step(name: "first", priority: 2_000) { _ in
            seen.withLock { $0.append("first") }
            return .proceed
        })
        router.addInterceptor(Step(name: "last", priority: -1) { _ in
            seen.withLock { $0.append("last") }
            return .proceed
        })
        let refused = await router.open("/settings/privacy", source: .push)
        #expect(refused.interceptors == ["first", "source policy"])
        #expect(seen.current == ["first"])
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 1)
        let opened = await router.open("/plain/2", source: .push)
        #expect(opened.interceptors == ["first", "source policy", "degrade", "A/B test", "last"])
        #expect(seen.current == ["first", "first", "last"])
    }

    /// A warning's handler is the app's code: it runs on the worker, never on the caller's thread.
    @Test func aWarningHandlerRunsOnTheWorker() async throws {
        let router = Router(configuration: .quiet)
        try router.action("/legacy/:page") { _ in }
        let warnings = Shared<[(String, Bool)]>([])
        router.addInterceptor(try DegradeInterceptor(rules: [.init(pattern: "/legacy/:page", action: .warn(message: "old"))]) { message in
            warnings.withLock { $0.append((message, Thread.isMainThread)) }
        })
        let result = await router.open("/legacy/a")
        #expect(result.outcome == .performedAction(pattern: "/legacy/:page"))
        #expect(warnings.current.map(\.0) == ["/legacy/:page: old"])
        #expect(warnings.current.map(\.1) == [false], "this test opens on the main actor; the handler must not run there")
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 1)
    }

    /// A custom converter is the app's code too (found in review): a policy whose patterns use
    /// one decides on the worker, and the converter never runs on the caller's thread. Also
    /// when it is registered under another name than the one it was made with (found in review).
    @Test(arguments: ["sku", "code"])
    func aPolicyWithACustomConverterDecidesOnTheWorker(key: String) async throws {
        let calls = Shared<[Bool]>([])
        let sku = ParameterConverter(name: "sku") { text in
            calls.withLock { $0.append(Thread.isMainThread) }
            return text.count == 4
        }
        var converters = ParameterConverter.defaultSet
        converters[key] = sku
        let router = Router(configuration: .quiet)
        try router.action("/item/:code") { _ in }
        router.addInterceptor(try SourcePolicyInterceptor(internalOnly: ["/item/<\(key):code>"], converters: converters))
        let result = await router.open("/item/abcd", source: .deepLink)
        #expect(result.outcome == .rejected(.rejected(by: "source policy", reason: "/item/<\(key):code> can only be opened from inside the app, not from a deep link")))
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 1)
        #expect(!calls.current.isEmpty && !calls.current.contains(true), "this test opens on the main actor; the converter must not run there")
    }

    /// The A/B policy asks one set of every experiment's pattern whether a request is in any:
    /// a request in none is decided inline, one in the second experiment only goes to the
    /// worker, and one in two overlapping experiments gets both variants.
    @Test func anABPolicyWithSeveralExperimentsGoesToTheWorkerOnlyForARequestInOne() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        let seen = Shared<[String: [String]]>([:])
        for pattern in ["/plain/:x", "/p/:id", "/p/special", "/q/:id"] {
            try router.action(pattern) { request in
                let variants = request.nativeParameters.filter { $0.key.hasPrefix("experiment.") }
                    .map { "\($0.key)=\($0.value)" }.sorted()
                seen.withLock { $0[request.path] = variants }
            }
        }
        router.addInterceptor(try ABTestInterceptor(experiments: [
            Experiment(name: "first", pattern: "/p/:id", variants: [.init(name: "a", share: 1)]),
            Experiment(name: "second", pattern: "/q/:id", variants: [.init(name: "b", share: 1)]),
            Experiment(name: "third", pattern: "/p/special", variants: [.init(name: "c", share: 1)]),
        ], userID: { "user-1" }))
        _ = await router.open("/plain/1")
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 0)
        #expect(seen.current["/plain/1"] == [])
        _ = await router.open("/q/1")
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 1)
        #expect(seen.current["/q/1"] == ["experiment.second=b"])
        _ = await router.open("/p/special")
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 2)
        #expect(seen.current["/p/special"] == ["experiment.first=a", "experiment.third=c"])
    }

    /// A manifest's switches are decided inline; its login check goes to the worker.
    @Test func aSwitchedOffManifestRouteIsRefusedInline() async throws {
        let router = Router(configuration: .quiet)
        try router.action("/promo/:id") { _ in }
        let policy = ManifestPolicyInterceptor(appVersion: AppVersion("1.0"), login: nil, webRoute: "/web", userID: { "u" },
                                               configuration: .quiet)
        policy.update(try ManifestDecoder.decode(Data(#"{"schemaVersion":1,"manifestVersion":2,"routes":[{"pattern":"/promo/:id","kind":"action","name":"showPromo","enabled":false}]}"#.utf8)))
        router.addInterceptor(policy)
        let result = await router.open("/promo/1")
        #expect(result.outcome == .rejected(.rejected(by: "manifest", reason: "/promo/:id is switched off")))
        #expect(router.chainsOnWorker.load(ordering: .relaxed) == 0)
    }
}

/// The worker threads: a thread stuck in app code holds up only itself, and quick chains
/// hand over without losing a decision. Part of the Thread Sanitizer run (`--filter Concurrency`).
@Suite("Concurrency: worker threads", .timeLimit(.minutes(2)))
struct WorkerThreadConcurrencyTests {
    @Test func threadsStuckInAppCodeDoNotHoldUpOtherOpens() async throws {
        let release = DispatchSemaphore(value: 0)
        let stuck = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try stuck.action("/work/:n") { _ in }
        stuck.addInterceptor(CallbackInterceptor(name: "blocker", timeout: .milliseconds(100)) { _, finish in
            release.wait()
            finish(.proceed)
        })
        let quick = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try quick.action("/work/:n") { _ in }
        quick.addInterceptor(Step(name: "quick") { _ in .proceed })

        let outcomes = await withTaskGroup(of: OpenResult.Outcome.self) { group in
            for index in 0..<6 { group.addTask { await stuck.open("/work/\(index)").outcome } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0 == .rejected(.interceptorTimedOut(name: "blocker", seconds: 0.1)) })
        // Six threads are still blocked: the next opens get threads of their own.
        for index in 0..<20 {
            #expect(await quick.open("/work/\(index)").outcome == .performedAction(pattern: "/work/:n"))
        }
        for _ in 0..<6 { release.signal() }
        #expect(await eventually { stuck.abandonedInterceptorRuns.isEmpty })
    }

    /// Many opens at once through interceptors that finish at once, that suspend, and that
    /// finish from another thread: every open gets its own decision.
    @Test func concurrentChainsEachGetTheirOwnDecision() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        try router.action("/work/:n") { _ in }
        router.addInterceptor(Step(name: "at once") { _ in .proceed })
        router.addInterceptor(Step(name: "suspends") { request in
            await Task.yield()
            return request.int("n").map { $0 % 7 == 0 } == true ? .reject(Failure(description: "seven")) : .proceed
        })
        router.addInterceptor(CallbackInterceptor(name: "elsewhere") { _, finish in
            DispatchQueue.global().async { finish(.proceed) }
        })
        let results = await withTaskGroup(of: (Int, OpenResult.Outcome).self) { group in
            for index in 0..<2_000 { group.addTask { (index, await router.open("/work/\(index)").outcome) } }
            return await group.reduce(into: [Int: OpenResult.Outcome]()) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == 2_000)
        for (index, outcome) in results {
            let expected: OpenResult.Outcome = index % 7 == 0
                ? .rejected(.rejected(by: "suspends", reason: "seven")) : .performedAction(pattern: "/work/:n")
            #expect(outcome == expected, "open \(index)")
        }
    }
}
