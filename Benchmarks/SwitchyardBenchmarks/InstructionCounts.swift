import Foundation
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// `switchyard-benchmarks --count SCENARIO SIZE ITERATIONS`: runs one operation ITERATIONS times
/// and nothing else, for `Benchmarks/instruction-counts.sh`, which runs it under callgrind at two
/// iteration counts and divides the difference: instructions per operation, the setup taken out,
/// the same on a loaded machine as on an idle one.
///
/// Synchronous from start to end (opens wait on a semaphore), and it exits before the rest of
/// the benchmark, its interposer and its top-level `await`, so callgrind sees one plain run.
enum InstructionCounts {
    static let scenarios = ["lookup", "resolve", "register", "open-0", "open-5", "json-string", "service", "register-one-by-one", "register-owned", "router-resolve"]
    static let usage = "usage: switchyard-benchmarks --count \(scenarios.joined(separator: "|")) SIZE ITERATIONS"

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, scenarios.contains(arguments[0]), let size = Int(arguments[1]), let iterations = Int(arguments[2]),
              size > 0, iterations >= 0 else {
            FileHandle.standardError.write(Data("\(usage)\n".utf8))
            return 2
        }
        do {
            try run(arguments[0], size: size, iterations: iterations)
            return 0
        } catch {
            FileHandle.standardError.write(Data("count failed: \(error)\n".utf8))
            return 1
        }
    }

    /// One iteration is one operation, except `register`, `register-one-by-one` and `register-owned` (a whole table of SIZE routes: divide
    /// by SIZE for a route) and `json-string` (one string of SIZE bytes: divide by SIZE for a byte).
    private static func run(_ scenario: String, size: Int, iterations: Int) throws {
        switch scenario {
        case "lookup", "resolve":
            let table = RouteTableGenerator.make(routeCount: size, inputCount: BenchmarkRun.inputCount)
            let router = try SwitchyardRouter.build(TableForms(table.routes).switchyard)
            var sum = 0
            if scenario == "lookup" {
                let paths = table.inputs.map(\.path)
                for index in 0..<iterations { sum &+= router.lookup(paths[index % paths.count]) }
            } else {
                let urls = table.inputs.map(\.url)
                for index in 0..<iterations { sum &+= router.resolve(urls[index % urls.count]) }
            }
            blackHole(sum)
        case "register":
            let specs = TableForms(RouteTableGenerator.make(routeCount: size, inputCount: 1).routes).switchyard
            for _ in 0..<iterations { blackHole(try SwitchyardRouter.build(specs)) }
        case "register-one-by-one":
            let specs = TableForms(RouteTableGenerator.make(routeCount: size, inputCount: 1).routes).switchyard
            for _ in 0..<iterations { blackHole(try SwitchyardRouter.build(specs, oneAtATime: true)) }
        case "register-owned":
            // One call per route, every route under one owner, as a manifest registers its routes:
            // an owner's bookkeeping that copied its list per route would be quadratic here.
            let specs = TableForms(RouteTableGenerator.make(routeCount: size, inputCount: 1).routes).switchyard.map { spec in
                var owned = spec
                owned.owner = "manifest"
                return owned
            }
            for _ in 0..<iterations { blackHole(try SwitchyardRouter.build(specs, oneAtATime: true)) }
        case "router-resolve":
            // The open rows' denominator: Router.resolve of the same URLs, among the same action routes.
            let table = RouteTableGenerator.make(routeCount: size, inputCount: BenchmarkRun.inputCount)
            let specs = TableForms(table.routes).switchyard.map { RouteSpec<RouteTarget>($0.pattern, priority: $0.priority, target: RouteTarget(.action { _ in })) }
            let router = Router(settings: PipelineSettings(duplicateWindow: .zero))
            try router.register(specs)
            let urls = table.inputs.map(\.url)
            var hits = 0
            for index in 0..<iterations where (try? router.resolve(urls[index % urls.count])) != nil { hits += 1 }
            blackHole(hits)
        case "open-0", "open-5":
            let table = RouteTableGenerator.make(routeCount: size, inputCount: BenchmarkRun.inputCount)
            let specs = TableForms(table.routes).switchyard.map { RouteSpec<RouteTarget>($0.pattern, priority: $0.priority, target: RouteTarget(.action { _ in })) }
            let router = Router(settings: PipelineSettings(duplicateWindow: .zero))
            try router.register(specs)
            if scenario == "open-5" {
                for index in 0..<5 { router.addInterceptor(OpenScenarios.NoOp(name: "no-op \(index)")) }
            }
            let urls = table.inputs.map(\.url)
            let done = DispatchSemaphore(value: 0)
            Task {
                for index in 0..<iterations { blackHole(await router.open(urls[index % urls.count]).succeeded) }
                done.signal()
            }
            done.wait()
        case "service":
            // SIZE is ServiceScenarios.registeredServices' role: the looked-up service and SIZE - 1 named variants.
            let services = try ServiceScenarios.switchyardRegistry(count: size)
            var sum = 0
            for _ in 0..<iterations { sum &+= (try? services.require((any BenchService).self).number) ?? -1 }
            blackHole(sum)
        case "json-string":
            let text = Array(("[\"" + String(repeating: "a", count: size) + "\"]").utf8)
            for _ in 0..<iterations { blackHole(try JSONReader.read(text, maximumDepth: 8, depthSetting: "count").get()) }
        default:
            throw BenchmarkFailure(description: usage)
        }
    }
}
