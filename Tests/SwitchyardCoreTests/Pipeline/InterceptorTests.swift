import Foundation
import Logging
import Switchyard
import SwitchyardTesting
import Testing

/// An interceptor built from a closure, for tests.
struct Step: Interceptor {
    let name: String
    var priority = 0
    var timeout: Duration = .seconds(10)
    var only: String?
    var appliesWhen: (@Sendable (RouteRequest) -> Bool)?
    let decide: @Sendable (RouteRequest) async throws -> InterceptorDecision

    func applies(to request: RouteRequest) -> Bool {
        if let appliesWhen { return appliesWhen(request) }
        return only.map { request.path.hasPrefix($0) } ?? true
    }
    func intercept(_ request: RouteRequest) async throws -> InterceptorDecision { try await decide(request) }
}

@Suite("Interceptors")
@MainActor
struct InterceptorTests {
    @Test func runInPriorityOrderThenRegistrationOrder() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        let order = Shared<[String]>([])
        for (name, priority) in [("low", 0), ("high", 5), ("low2", 0), ("mid", 3)] {
            router.addInterceptor(Step(name: name, priority: priority) { _ in
                order.withLock { $0.append(name) }
                return .proceed
            })
        }
        let result = await router.open("/product/1")
        #expect(order.current == ["high", "mid", "low", "low2"])
        #expect(result.interceptors == ["high", "mid", "low", "low2"])
    }

    /// The worker marks the interceptors that ran with a bit each for the first 64 of the
    /// chain and lists the rest: past the 64th the names still come back, in order.
    @Test func aChainLongerThan64ReportsEveryInterceptorThatRanInOrder() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        let applying: Set<Int> = [0, 3, 63, 64, 66, 69]
        for index in 0..<70 {
            router.addInterceptor(Step(name: "i\(index)", appliesWhen: { _ in applying.contains(index) }) { _ in .proceed })
        }
        let result = await router.open("/product/1")
        #expect(result.succeeded, "\(result)")
        #expect(result.interceptors == ["i0", "i3", "i63", "i64", "i66", "i69"])
    }

    @Test func aTimeoutPastThe64thInterceptorNamesItAndWhatRanBefore() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        for index in 0..<70 {
            let stuck = index == 66
            router.addInterceptor(Step(name: "i\(index)", timeout: stuck ? .milliseconds(20) : .seconds(10),
                                       appliesWhen: { _ in index % 2 == 0 || index > 64 }) { _ in
                if stuck { try await Task.sleep(for: .seconds(30)) }
                return .proceed
            })
        }
        let result = await router.open("/product/1")
        #expect(result.outcome == .rejected(.interceptorTimedOut(name: "i66", seconds: 0.02)))
        let expected = (0...64).filter { $0 % 2 == 0 }.map { "i\($0)" } + ["i65", "i66"]
        #expect(result.interceptors == expected)
    }

    @Test func routeInterceptorsJoinTheGlobalOnesByPriority() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        router.addInterceptor(Step(name: "global") { _ in .proceed })
        try router.page("/secret", interceptors: [Step(name: "route", priority: 1) { _ in .proceed }]) { _ in Destination("s") }
        #expect(await router.open("/secret").interceptors == ["route", "global"])
        #expect(await router.open("/product/1").interceptors == ["global"])
    }

    @Test func onlyInterceptorsThatApplyRun() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        router.addInterceptor(Step(name: "orders", only: "/order") { _ in .reject(Failure(description: "no")) })
        let result = await router.open("/product/1")
        #expect(result.succeeded, "\(result)")
    }

    @Test func decisions() async throws {
        let (router, navigator) = try pipeline()
        router.addInterceptor(Step(name: "tagger", priority: 9) { request in
            var changed = request
            changed.nativeParameters["tag"] = "added"
            return .proceedWith(changed)
        })
        router.addInterceptor(Step(name: "gate", only: "/product/2") { _ in .redirect("/login") })
        router.addInterceptor(Step(name: "bouncer", only: "/product/3") { _ in .reject(Failure(description: "banned")) })
        router.addInterceptor(Step(name: "taker", only: "/product/4") { _ in .handled })

        #expect(await router.open("/product/1").succeeded)
        #expect(navigator.shown.last?.request.string("tag") == "added")

        let redirected = await router.open("/product/2")
        #expect(redirected.outcome == .openedPage(pattern: "/login", command: .presentInNavigation))
        #expect(redirected.redirects == ["/login"])
        #expect(redirected.interceptors == ["tagger", "gate", "tagger"])

        #expect(await router.open("/product/3").outcome == .rejected(.rejected(by: "bouncer", reason: "banned")))
        #expect(await router.open("/product/4").outcome == .handled(by: "taker"))
        #expect(navigator.shown.count == 2)
    }

    @Test func aThrowingInterceptorFailsTheOpenNamingIt() async throws {
        let (router, navigator) = try pipeline()
        router.addInterceptor(Step(name: "flaky") { _ in throw Failure(description: "database locked") })
        let result = await router.open("/product/1")
        #expect(result.outcome == .rejected(.interceptorFailed(name: "flaky", reason: "database locked")))
        #expect(result.outcome.description == "rejected: interceptor flaky failed: database locked")
        #expect(navigator.shown.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func anInterceptorThatNeverFinishesTimesOut() async throws {
        let (router, navigator) = try pipeline()
        // Ignores cancellation on purpose: the open must still end at the timeout.
        router.addInterceptor(CallbackInterceptor(name: "stuck", timeout: .milliseconds(50)) { _, _ in })
        let result = await router.open("/product/1")
        // The interceptor's own 50 ms fired, not the 10 s default: the error names which. (No
        // clock is read: on a loaded machine a resumption can come seconds late.)
        #expect(result.outcome == .rejected(.interceptorTimedOut(name: "stuck", seconds: 0.05)))
        #expect(result.outcome.description == "rejected: interceptor stuck did not finish within 0.05 s")
        #expect(navigator.shown.isEmpty)
    }

    @Test func finishingTwiceIsReportedAndIgnored() async throws {
        let recorder = LogCapture()
        let (router, navigator) = try pipeline(configuration: RouterConfiguration(logger: Logger(label: "t") { _ in recorder }))
        router.addInterceptor(CallbackInterceptor(name: "double") { _, finish in
            finish(.proceed)
            finish(.reject(Failure(description: "too late")))
        })
        #expect(await router.open("/product/1").succeeded)
        #expect(navigator.shown.count == 1)
        #expect(recorder.lines == ["warning: interceptor double finished more than once; the later decision was ignored"])
    }

    @Test func redirectLoopsStopWithTheWholeChain() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        try router.redirect("/a", to: "/b")
        try router.redirect("/b", to: "/c")
        try router.redirect("/c", to: "/a")
        let result = await router.open("/a")
        #expect(result.outcome == .rejected(.redirectLoop(["/a", "/b", "/c", "/a"])))
        #expect(result.outcome.description == "rejected: redirect loop: /a → /b → /c → /a")
    }

    @Test func redirectsStopAtTheLimit() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(redirectLimit: 2))
        try router.redirect("/r/<int:n>", to: "/s/:n")
        try router.action("/s/<int:n>") { _ in }
        router.addInterceptor(Step(name: "hop", only: "/s") { request in
            .redirect("/r/\((request.int("n") ?? 0) + 1)")
        })
        #expect(await router.open("/r/0").outcome == .rejected(.tooManyRedirects(["/r/0", "/s/0", "/r/1", "/s/1"], limit: 2)))
    }

    @Test func theGreenChannelSkipsInterceptors() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        router.addInterceptor(Step(name: "wall") { _ in .reject(Failure(description: "closed")) })
        #expect(!(await router.open("/product/1").succeeded))
        let result = await router.open("/product/2", options: OpenOptions(skipsInterceptors: true))
        #expect(result.succeeded && result.interceptors.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheCallerCancelsTheChain() async throws {
        let (router, navigator) = try pipeline()
        router.addInterceptor(Step(name: "slow") { _ in
            try await Task.sleep(for: .seconds(30))
            return .proceed
        })
        let task = Task { await router.open("/product/1") }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        #expect(await task.value.outcome == .rejected(.cancelled))
        #expect(navigator.shown.isEmpty)
    }
}
