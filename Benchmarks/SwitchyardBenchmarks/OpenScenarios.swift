import MallocInterposerSwift
import SwitchyardCore

/// The open pipeline against a bare resolve of the same URLs: what interceptors cost.
///
/// Every route is an action, so the figures are the pipeline's own cost rather than a hop
/// to the main actor for a UI that a benchmark does not have.
enum OpenScenarios {
    static let routes = 1_000

    struct NoOp: Interceptor {
        let name: String
        func intercept(_ request: RouteRequest) async throws -> InterceptorDecision { .proceed }
    }

    static func measure(settings: MeasureSettings, counting: AllocationCounting) async throws -> [Record] {
        let table = RouteTableGenerator.make(routeCount: routes, inputCount: BenchmarkRun.inputCount)
        let urls = table.inputs.map(\.url)
        let specs = TableForms(table.routes).switchyard.map { spec in
            RouteSpec<RouteTarget>(spec.pattern, priority: spec.priority, target: RouteTarget(.action { _ in }))
        }
        func router(interceptors: Int) throws -> Router {
            let router = Router(settings: PipelineSettings(duplicateWindow: .zero))
            try router.register(specs)
            for index in 0..<interceptors { router.addInterceptor(NoOp(name: "no-op \(index)")) }
            return router
        }
        let bare = try router(interceptors: 0)
        let plain = try router(interceptors: 0)
        let intercepted = try router(interceptors: 5)

        var records: [Record] = []
        let resolveNs = time(settings, urls.count) {
            var hits = 0
            for url in urls where (try? bare.resolve(url)) != nil { hits += 1 }
            blackHole(hits)
        }
        let resolveAllocs = allocations(counting, urls.count) {
            for url in urls { blackHole(try? bare.resolve(url)) }
        }
        records.append(Record(scenario: .resolve, implementation: .switchyard, routes: routes, nsPerOp: resolveNs, allocsPerOp: resolveAllocs))
        for (scenario, router) in [(Scenario.open0, plain), (.open5, intercepted)] {
            let ns = await timeAsync(settings, urls.count) {
                for url in urls { blackHole(await router.open(url).succeeded) }
            }
            let allocs = await allocationsAsync(counting, urls.count) {
                for url in urls { blackHole(await router.open(url).succeeded) }
            }
            records.append(Record(scenario: scenario, implementation: .switchyard, routes: routes, nsPerOp: ns, allocsPerOp: allocs))
        }
        return records
    }

    /// Median nanoseconds per operation over the settings' runs of one pass each.
    private static func time(_ settings: MeasureSettings, _ operations: Int, _ pass: () -> Void) -> Double {
        pass()
        let samples = (0..<settings.runs).map { _ in
            let start = ContinuousClock.now
            pass()
            return (ContinuousClock.now - start).nanoseconds / Double(operations)
        }
        return Measure.median(samples)
    }

    private static func timeAsync(_ settings: MeasureSettings, _ operations: Int, _ pass: () async -> Void) async -> Double {
        await pass()
        var samples: [Double] = []
        for _ in 0..<settings.runs {
            let start = ContinuousClock.now
            await pass()
            samples.append((ContinuousClock.now - start).nanoseconds / Double(operations))
        }
        return Measure.median(samples)
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
