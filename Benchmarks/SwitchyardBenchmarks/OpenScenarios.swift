import Foundation
import MallocInterposerSwift
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// The open pipeline against a bare resolve of the same URLs: what interceptors cost.
///
/// Every route is an action, so the figures are the pipeline's own cost rather than a hop
/// to the main actor for a UI that a benchmark does not have.
enum OpenScenarios {
    static let routes = 1_000
    /// What ``measure(settings:counting:only:)`` times; `--only` one of them times it (and the bare resolve) alone.
    static let scenarios: Set<Scenario> = [.resolve, .open0, .openBuiltinPolicies, .open5, .open5Quick, .open0Busy, .openBuiltinPoliciesBusy, .open5Busy,
                                              .threadRoundTrip, .threadRoundTripBusy, .startup]

    struct NoOp: Interceptor {
        let name: String
        func intercept(_ request: RouteRequest) async throws -> InterceptorDecision { .proceed }
    }

    struct QuickNoOp: QuickInterceptor {
        let name: String
        func decide(_ request: RouteRequest) throws -> InterceptorDecision { .proceed }
    }

    struct LoggedIn: LoginState {
        func isLoggedIn() async -> Bool { true }
    }

    /// The policies apps stack, each configured for some of the generated routes and letting
    /// every open through: login (logged in), degrade (no rule matches), an A/B split, an
    /// internal-only route, signed links (for a scheme no input uses).
    static func builtInPolicies() throws -> [any Interceptor] {
        let experiment = try Experiment(name: "product-page", pattern: "/market/product/:id",
                                        variants: [.init(name: "a", share: 0.5), .init(name: "b", share: 0.5)])
        return [
            try LoginInterceptor(protected: ["/market/order/:id", "/market/wallet/list"], loginURL: "/login",
                                 state: LoggedIn(), store: MemoryPendingRouteStore()),
            try DegradeInterceptor(rules: [.init(pattern: "/legacy/:page", action: .warn(message: "old"))]),
            try ABTestInterceptor(experiments: [experiment], userID: { "user-1" }),
            try SourcePolicyInterceptor(internalOnly: ["/market/settings/privacy"]),
            try SignedLinkInterceptor(signer: LinkSigner(secret: Data(repeating: 7, count: 32)), schemes: ["signed"]),
        ]
    }

    static func measure(settings: MeasureSettings, counting: AllocationCounting, only: Scenario? = nil) async throws -> [Record] {
        let table = RouteTableGenerator.make(routeCount: routes, inputCount: BenchmarkRun.inputCount)
        let urls = table.inputs.map(\.url)
        let specs = TableForms(table.routes).switchyard.map { spec in
            RouteSpec<RouteTarget>(spec.pattern, priority: spec.priority, target: RouteTarget(.action { _ in }))
        }
        func router(interceptors: Int, quick: Bool = false) throws -> Router {
            let router = Router(settings: PipelineSettings(duplicateWindow: .zero))
            try router.register(specs)
            for index in 0..<interceptors {
                router.addInterceptor(quick ? QuickNoOp(name: "quick no-op \(index)") as any Interceptor : NoOp(name: "no-op \(index)"))
            }
            return router
        }
        let bare = try router(interceptors: 0)
        let plain = try router(interceptors: 0)
        let intercepted = try router(interceptors: 5)
        let quick = try router(interceptors: 5, quick: true)
        let policed = try router(interceptors: 0)
        for policy in try builtInPolicies() { policed.addInterceptor(policy) }

        // Every figure here is a ratio to the bare resolve, so their passes take turns, round
        // by round: a slow spell of the machine lands on the resolve and the opens alike.
        let busyOf: [Scenario: Scenario] = [.open0: .open0Busy, .openBuiltinPolicies: .openBuiltinPoliciesBusy, .open5: .open5Busy]
        let opens = [(Scenario.open0, plain), (.openBuiltinPolicies, policed), (.open5, intercepted), (.open5Quick, quick)]
            .filter { only == nil || only == $0.0 || only == busyOf[$0.0] }
        var passes: [() async -> Void] = [{
            var hits = 0
            for url in urls where (try? bare.resolve(url)) != nil { hits += 1 }
            blackHole(hits)
        }]
        for (_, router) in opens {
            passes.append { for url in urls { blackHole(await router.open(url).succeeded) } }
        }
        // The floor under open-5: what handing a job to another thread and waiting costs here.
        let roundTrip = ThreadRoundTrip()
        let measuresRoundTrip = only == nil || [.open5, .open5Busy, .threadRoundTrip, .threadRoundTripBusy].contains(only)
        if measuresRoundTrip {
            passes.append { for _ in urls { await roundTrip.ask() } }
        }
        let idle = await timeInTurns(settings, urls.count, passes)
        // The busy neighbour: every other core kept busy by a process of the benchmark's own, so
        // its processor time is not this process's.
        let neighbour = BusyNeighbour.start(threads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
        let busy = await timeInTurns(settings, urls.count, passes)
        neighbour?.stop()
        if neighbour == nil { FileHandle.standardError.write(Data("busy neighbour could not start; busy figures left out\n".utf8)) }
        var records: [Record] = []
        let resolveAllocs = allocations(counting, urls.count) {
            for url in urls { blackHole(try? bare.resolve(url)) }
        }
        records.append(Record(scenario: .resolve, implementation: .switchyard, routes: routes, nsPerOp: idle[0].wall, allocsPerOp: resolveAllocs,
                              cpuNsPerOp: idle[0].cpu))
        for (index, (scenario, router)) in opens.enumerated() {
            let allocs = await allocationsAsync(counting, urls.count) {
                for url in urls { blackHole(await router.open(url).succeeded) }
            }
            records.append(Record(scenario: scenario, implementation: .switchyard, routes: routes, nsPerOp: idle[index + 1].wall, allocsPerOp: allocs,
                                  cpuNsPerOp: idle[index + 1].cpu))
            if neighbour != nil, let busyScenario = busyOf[scenario] {
                records.append(Record(scenario: busyScenario, implementation: .switchyard, routes: routes, nsPerOp: busy[index + 1].wall,
                                      cpuNsPerOp: busy[index + 1].cpu))
            }
        }
        if measuresRoundTrip, let (idleTrip, busyTrip) = idle.last.flatMap({ trip in busy.last.map { (trip, $0) } }) {
            records.append(Record(scenario: .threadRoundTrip, implementation: .switchyard, routes: routes, nsPerOp: idleTrip.wall, cpuNsPerOp: idleTrip.cpu))
            if neighbour != nil {
                records.append(Record(scenario: .threadRoundTripBusy, implementation: .switchyard, routes: routes, nsPerOp: busyTrip.wall, cpuNsPerOp: busyTrip.cpu))
            }
        }
        for size in BenchmarkRun.registrationSizes where only == nil || only == .startup {
            records.append(try await startup(routes: size, settings: settings))
        }
        return records
    }

    /// A launch: `routes` pages registered one `Router.page` call each, as modules do, then
    /// the first open, which builds the table.
    private static func startup(routes count: Int, settings: MeasureSettings) async throws -> Record {
        let table = RouteTableGenerator.make(routeCount: count, inputCount: 1)
        let patterns = TableForms(table.routes).switchyard.map(\.pattern)
        let url = table.inputs[0].url
        func launch() async throws {
            let router = Router(settings: PipelineSettings(duplicateWindow: .zero))
            for pattern in patterns { try router.page(pattern) { _ in Destination("page") } }
            blackHole(await router.open(url))
        }
        try await launch()
        var samples: [Double] = []
        for _ in 0..<settings.runs {
            let start = ContinuousClock.now
            try await launch()
            samples.append((ContinuousClock.now - start).nanoseconds)
        }
        let total = Measure.median(samples)
        return Record(scenario: .startup, implementation: .switchyard, routes: count, nsPerOp: total / Double(count), buildMs: total / 1e6)
    }

    /// Median wall and processor nanoseconds per operation of each pass, over the settings'
    /// runs; in each run every pass goes once, in turn, after one warm-up pass each.
    private static func timeInTurns(_ settings: MeasureSettings, _ operations: Int, _ passes: [() async -> Void]) async -> [(wall: Double, cpu: Double)] {
        for pass in passes { await pass() }
        var wall = Array(repeating: [Double](), count: passes.count)
        var cpu = Array(repeating: [Double](), count: passes.count)
        for _ in 0..<settings.runs {
            for (index, pass) in passes.enumerated() {
                let start = ContinuousClock.now
                let cpuStart = BusyNeighbour.processCPUNanoseconds()
                await pass()
                cpu[index].append((BusyNeighbour.processCPUNanoseconds() - cpuStart) / Double(operations))
                wall[index].append((ContinuousClock.now - start).nanoseconds / Double(operations))
            }
        }
        return zip(wall, cpu).map { (Measure.median($0), Measure.median($1)) }
    }

    private static func allocations(_ counting: AllocationCounting, _ operations: Int, _ pass: () -> Void) -> Double? {
        guard counting.isActive else { return nil }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        pass()
        MallocInterposerSwift.unhook()
        return Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(operations)
    }

    /// Counts every thread's allocations during the pass, the watchdog's and the workers' included.
    private static func allocationsAsync(_ counting: AllocationCounting, _ operations: Int, _ pass: () async -> Void) async -> Double? {
        guard counting.isActive else { return nil }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        await pass()
        MallocInterposerSwift.unhook()
        return Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(operations)
    }
}
