import Foundation

// Compares Switchyard's matcher with Vapor's RoutingKit, a WLRRoute-style linear regex
// router and Foundation's URL parsing, and its service registry with Swinject's container;
// also times the mediator's calls by name. See the README section on benchmarks.
//
//   SWITCHYARD_BENCHMARKS=1 swift run -c release switchyard-benchmarks [--quick] [--json FILE]

let usage = "usage: switchyard-benchmarks [--quick] [--json FILE] [--only SCENARIO] [--size ROUTES] (for profiling one scenario, at one table size)\n"
    + "       switchyard-benchmarks --count SCENARIO SIZE ITERATIONS (one operation, for Benchmarks/instruction-counts.sh)\n"
    + "       switchyard-benchmarks --soak OPENS (64 opens at a time through interceptors that sleep, block or never finish, beside a busy neighbour)"

// The busy neighbour's own process (see BusyNeighbour): nothing else runs in it.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--burn", let threads = Int(CommandLine.arguments[2]) {
    BusyNeighbour.burn(threads: threads)
}

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--soak", let opens = Int(CommandLine.arguments[2]), opens > 0 {
    exit(await Soak.run(opens: opens))
}

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "--count" {
    exit(InstructionCounts.run(Array(CommandLine.arguments.dropFirst(2))))
}

var quick = false
var jsonPath: String?
var only: Scenario?
var onlySize: Int?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick":
        quick = true
    case "--json":
        guard let path = arguments.popFirst() else {
            FileHandle.standardError.write(Data("--json needs a file name\n\(usage)\n".utf8))
            exit(2)
        }
        jsonPath = path
    case "--only":
        guard let name = arguments.popFirst(), let scenario = Scenario(rawValue: name) else {
            FileHandle.standardError.write(Data("--only needs one of: \(Scenario.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        only = scenario
    case "--size":
        guard let text = arguments.popFirst(), let size = Int(text), BenchmarkRun.sizes.contains(size) else {
            FileHandle.standardError.write(Data("--size needs one of: \(BenchmarkRun.sizes.map(String.init).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        onlySize = size
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n\(usage)\n".utf8))
        exit(2)
    }
}

// May re-execute the program with the interposer preloaded, so it runs before any output.
let counting = AllocationCounting.activate()
let settings = quick ? MeasureSettings.quick : MeasureSettings.full
let started = ContinuousClock.now

#if DEBUG
print("WARNING: debug build; run with -c release for meaningful figures")
#endif
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ")
print("Switchyard benchmarks (\(quick ? "quick" : "full")): \(ProcessInfo.processInfo.activeProcessorCount) cores"
    + (load.map { ", load average \($0)" } ?? "") + "; \(counting.note)")
print("bytes/route: requested heap bytes allocated minus freed while building (interposer counters), builders dropped")

var run = BenchmarkRun(settings: settings, counting: counting)
do {
    for size in BenchmarkRun.sizes where onlySize == nil || onlySize == size { try run.prepareTableScenarios(size: size) }
    for count in BenchmarkRun.regexRouteCounts { try run.prepareRegexScenario(regexCount: count) }
    try run.prepareServiceScenarios()
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
}
var report = run.measure(only: only) { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
if only == nil || OpenScenarios.scenarios.contains(only!) {
    do {
        for record in try await OpenScenarios.measure(settings: settings, counting: counting, only: only) { report.add(record) }
    } catch {
        FileHandle.standardError.write(Data("open benchmark failed: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil || ScalingScenarios.scenarios.contains(only!) {
    do {
        for record in try await ScalingScenarios.measure(quick: quick, only: only) { report.add(record) }
    } catch {
        FileHandle.standardError.write(Data("scaling benchmark failed: \(error)\n".utf8))
        exit(1)
    }
}
if only == nil {
do {
    let (records, unsteady) = try await MediatorScenarios.measure(settings: settings, counting: counting) {
        FileHandle.standardError.write(Data("\($0)\n".utf8))
    }
    for record in records { report.add(record) }
    if unsteady > 0 {
        report.notes.append("\(unsteady) of \(records.count) mediator timings moved more than 25% (interquartile range) between rounds: the machine was busy; medians are reported, rerun to confirm")
    }
} catch {
    FileHandle.standardError.write(Data("mediator benchmark failed: \(error)\n".utf8))
    exit(1)
}
}

let linearNote = "linear-regex uses \(settings.linearSample)+ inputs per batch at 1,000+ routes; ns/op is per lookup"
report.printTables(scenarioNotes: [
    .lookup: "\(BenchmarkRun.inputCount) paths, \(RouteTableGenerator.hitPercent)% hits; \(linearNote)",
    .resolveURL: "Switchyard full resolve of myapp://…?source=…&ref=banner URL strings",
    .foundationParse: "URLComponents(string:) + host, path, queryItems on the same URL strings",
    .build: "one table per size; bytes/route measured on a separate build",
    .regexLookup: "routes = whole-path regex routes behind 100 pattern routes; every input falls through to them",
    .resolve: "Router.resolve of the URL strings below, for the open scenarios",
    .open0: "Router.open through the pipeline, action routes, no interceptor",
    .open5: "Router.open with 5 no-op interceptors",
    .open5Quick: "Router.open with 5 no-op QuickInterceptors (synchronous decisions)",
    .open0Busy: "open-0-interceptors while a process of the benchmark's own keeps every other core busy; cpu ns/op is this process's processor time",
    .openBuiltinPoliciesBusy: "open-builtin-policies with every other core busy",
    .open5Busy: "open-5-interceptors with every other core busy",
    .threadRoundTrip: "a task resumed by a parked thread it woke (two wake-ups, no spinning): the floor under an open with app interceptors",
    .threadRoundTripBusy: "thread-round-trip with every other core busy",
    .openBuiltinPolicies: "Router.open through login (logged in), degrade, A/B, source policy and signed links, all letting it through",
    .startup: "a fresh Router, N Router.page calls one at a time, then the first open; ns/op per route, build ms the whole launch",
    .mediatorCached: "routes = 1 target; perform(target: \"\(MediatorScenarios.cachedTarget)\", action:, parameters:) of an isCached target found through the runtime",
    .mediatorUncached: "the same, a target made anew per call; the name lookup is cached either way",
    .registerBatch: "RouteTable.register([RouteSpec]) of the generated table, then the trie build the first resolve does; ns/op per route",
    .registerOneByOne: "the same routes, one RouteTable.register call each, then the first build; ns/op per route",
    .declines: "routes = routes that decline one open (PipelineSettings.declineLimit raised to match); ns/op per decline, build ms the whole open",
    .registerSchemes: "routes = ns1://x/:id … nsN://x/:id in one batch, then the build; ns/op per route",
    .registerSameShape: "routes = /x/:p1 … /x/:pN (each conflicts with every other) in one batch, then the build; ns/op per route",
    .jsonRead: "routes = elements of one JSON array of {\"id\": n} objects read by JSONReader (manifests, web pages' messages); ns/op per element",
    .serviceSingleton: "routes = services registered; ServiceRegistry.require vs Swinject Container.resolve (not synchronize()d) of one shared service",
])
report.printTargets(sizes: BenchmarkRun.sizes)

if let jsonPath {
    do {
        try report.writeJSON(to: jsonPath)
        print("\nwrote \(report.records.count) records to \(jsonPath)")
    } catch {
        FileHandle.standardError.write(Data("could not write \(jsonPath): \(error)\n".utf8))
        exit(1)
    }
}
print(String(format: "\ntotal time %.1f s", (ContinuousClock.now - started).nanoseconds / 1e9))
