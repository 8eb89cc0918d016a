import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardNavigation
import SwitchyardMediator
import SwitchyardPipeline
import SwitchyardManifest
import SwitchyardApp

/// Prepares every scenario for every table size, then times them all together.
struct BenchmarkRun {
    static let sizes = [10, 100, 1_000, 10_000]
    static let regexRouteCounts = [10, 100]
    /// Table sizes timed for one-at-a-time against batch registration.
    static let registrationSizes = [1_000, 10_000]
    static let inputCount = 4096

    let settings: MeasureSettings
    let counting: AllocationCounting
    private var cases: [TimedCase] = []

    init(settings: MeasureSettings, counting: AllocationCounting) {
        self.settings = settings
        self.counting = counting
    }

    /// Builds each implementation's table (measuring the bytes it keeps), checks that they
    /// agree, and queues the build, lookup, resolve and parse timings.
    mutating func prepareTableScenarios(size: Int) throws {
        let table = RouteTableGenerator.make(routeCount: size, inputCount: Self.inputCount)
        let forms = TableForms(table.routes)

        let (switchyard, switchyardBytes) = try Measure.retainedBytes(counting) { try SwitchyardRouter.build(forms.switchyard) }
        if size == Self.sizes.last { printStorage(switchyard, forms.switchyard) }
        let (routingKit, routingKitBytes) = Measure.retainedBytes(counting) { RoutingKitRouter.build(forms.routingKit) }
        let (linear, linearBytes) = try Measure.retainedBytes(counting) { try LinearRegexRouter(forms.linearRegex) }
        func buildRecord(_ implementation: Implementation, _ bytes: Int?) -> Record {
            Record(scenario: .build, implementation: implementation, routes: size, bytesPerRoute: bytes.map { Double($0) / Double(size) })
        }
        cases.append(Measure.buildCase(buildRecord(.switchyard, switchyardBytes)) { try SwitchyardRouter.build(forms.switchyard) })
        cases.append(Measure.buildCase(buildRecord(.routingKit, routingKitBytes)) { RoutingKitRouter.build(forms.routingKit) })
        cases.append(Measure.buildCase(buildRecord(.linearRegex, linearBytes)) { try LinearRegexRouter(forms.linearRegex) })
        if Self.registrationSizes.contains(size) {
            for (scenario, oneAtATime) in [(Scenario.registerBatch, false), (.registerOneByOne, true)] {
                var timed = Measure.buildCase(Record(scenario: scenario, implementation: .switchyard, routes: size)) {
                    try SwitchyardRouter.build(forms.switchyard, oneAtATime: oneAtATime)
                }
                timed.routesPerBuild = size
                cases.append(timed)
            }
        }

        let paths = table.inputs.map(\.path)
        let components = table.inputs.map(\.components)
        let urls = table.inputs.map(\.url)
        let linearInputs = Self.mixedSample(table.inputs, count: linearSampleSize(routes: size)).map(\.path)
        Correctness.check(size: size, table: table, linearPaths: linearInputs,
                          switchyard: switchyard, routingKit: routingKit, linear: linear).print()

        addLookup(.lookup, .switchyard, size, paths) { switchyard.lookup($0) }
        addLookup(.lookup, .routingKit, size, components) { routingKit.lookup($0) }
        addLookup(.lookup, .linearRegex, size, linearInputs) { linear.lookup($0) }
        addLookup(.resolveURL, .switchyard, size, urls) { switchyard.resolve($0) }
        addLookup(.foundationParse, .foundationParse, size, urls) { FoundationParse.parse($0) }
    }

    /// Whole-path regex routes are tried one by one after the trie misses; these inputs all
    /// miss the 100 pattern routes and fall through to the regexes.
    mutating func prepareRegexScenario(regexCount: Int) throws {
        let base = RouteTableGenerator.make(routeCount: 100, inputCount: 0)
        var specs = TableForms(base.routes).switchyard
        for index in 0..<regexCount {
            specs.append(.regex(#"/legacy/r\#(index)/(?<id>\d+)"#, target: 100_000 + index))
        }
        let router = try SwitchyardRouter.build(specs)
        var random = SplitMix64(seed: RouteTableGenerator.seed ^ 0xBEEF ^ UInt64(regexCount))
        let hitCount = Self.inputCount * RouteTableGenerator.hitPercent / 100
        var inputs = (0..<Self.inputCount).map { index in
            let route = random.below(regexCount)
            let value = 1 + random.below(999_999)
            return index < hitCount ? "/legacy/r\(route)/\(value)" : "/legacy/r\(route)/x-\(value)"
        }
        random.shuffle(&inputs)
        let hits = inputs.filter { router.target($0) != nil }.count
        print("correctness @ \(regexCount) regex routes (\(inputs.count) inputs): \(hits) hits, expected \(hitCount)")
        addLookup(.regexLookup, .switchyard, regexCount, inputs) { router.lookup($0) }
    }

    /// Times every queued case; see ``Measure/run(_:_:progress:)``.
    func measure(only: Scenario? = nil, progress: (String) -> Void) -> Report {
        var report = Report()
        let chosen = only.map { scenario in cases.filter { $0.record.scenario == scenario } } ?? cases
        let (records, unsteady) = Measure.run(settings, chosen, progress: progress)
        for record in records { report.add(record) }
        if unsteady > 0 {
            report.notes.append("\(unsteady) of \(chosen.count) timings moved more than 25% (interquartile range) between rounds: the machine was busy; medians are reported, rerun to confirm")
        }
        return report
    }

    mutating func addLookup<Input>(
        _ scenario: Scenario, _ implementation: Implementation, _ routes: Int, _ inputs: [Input],
        _ operation: @escaping (Input) -> Int
    ) {
        let record = Record(scenario: scenario, implementation: implementation, routes: routes)
        cases.append(Measure.lookupCase(record, counting, inputs: inputs, operation))
    }

    /// The linear router tries every regex per lookup, so big tables get fewer inputs per
    /// batch; ns/op is still per lookup.
    private func linearSampleSize(routes: Int) -> Int {
        min(Self.inputCount, max(settings.linearSample, Self.inputCount * 10 / routes))
    }

    /// The first inputs in order, keeping the table's hit/miss proportion exactly.
    static func mixedSample(_ inputs: [LookupInput], count: Int) -> [LookupInput] {
        var hitsLeft = count * RouteTableGenerator.hitPercent / 100
        var missesLeft = count - hitsLeft
        return inputs.filter { input in
            if input.expectedTarget != nil, hitsLeft > 0 { hitsLeft -= 1; return true }
            if input.expectedTarget == nil, missesLeft > 0 { missesLeft -= 1; return true }
            return false
        }
    }
}

/// Hit/miss agreement between the implementations on the generated inputs, checked before timing.
struct Correctness {
    let size: Int
    let inputs: Int
    /// The mean depth of the inputs, the same at every size by construction.
    var segmentsPerPath = 0.0
    var switchyardVersusGenerator = 0
    var routingKitHitMiss = 0
    var routingKitTarget = 0
    var linearInputs = 0
    var linearHitMiss = 0
    var resolveVersusLookup = 0
    var examples: [String] = []

    static func check(size: Int, table: GeneratedTable, linearPaths: [String], switchyard: SwitchyardRouter,
                      routingKit: RoutingKitRouter, linear: LinearRegexRouter) -> Correctness {
        var result = Correctness(size: size, inputs: table.inputs.count)
        result.segmentsPerPath = Double(table.inputs.map(\.components.count).reduce(0, +)) / Double(max(1, table.inputs.count))
        for input in table.inputs {
            let found = switchyard.target(input.path)
            let other = routingKit.target(input.components)
            if (found == nil) != (input.expectedTarget == nil) {
                result.switchyardVersusGenerator += 1
                result.note("switchyard \(found.map(String.init) ?? "miss") for \(input.path)")
            }
            if (found == nil) != (other == nil) {
                result.routingKitHitMiss += 1
                result.note("routingkit \(other.map(String.init) ?? "miss") vs switchyard \(found.map(String.init) ?? "miss") for \(input.path)")
            } else if found != other {
                result.routingKitTarget += 1
            }
            if (found == nil) != (switchyard.resolve(input.url) < 0) {
                result.resolveVersusLookup += 1
                result.note("resolve disagrees with lookup for \(input.url)")
            }
        }
        result.linearInputs = linearPaths.count
        for path in linearPaths where (switchyard.target(path) == nil) != (linear.target(path) == nil) {
            result.linearHitMiss += 1
            result.note("linear-regex disagrees for \(path)")
        }
        return result
    }

    private mutating func note(_ example: String) {
        if examples.count < 5 { examples.append(example) }
    }

    func print() {
        Swift.print("correctness @ \(grouped(Double(size), decimals: 0)) routes (\(inputs) inputs, "
            + "\(grouped(segmentsPerPath, decimals: 2)) segments/path): "
            + "switchyard vs generator \(switchyardVersusGenerator), "
            + "routingkit vs switchyard hit/miss \(routingKitHitMiss) (other target \(routingKitTarget)), "
            + "linear-regex vs switchyard \(linearHitMiss) of \(linearInputs), resolve vs lookup \(resolveVersusLookup)")
        for example in examples { Swift.print("  disagreement: \(example)") }
    }
}
