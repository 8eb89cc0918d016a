import Foundation
import SwitchyardNavigation
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// Work that must grow linearly with the input, timed at sizes ten times apart: one open
/// whose matching routes all decline, and registrations of routes that share one shape (in one
/// scheme, or each in a scheme of its own), and reading JSON arrays and objects (manifests and
/// web pages' messages). ns/op is per decline, per route or per element: flat when linear.
enum ScalingScenarios {
    static let scenarios: Set<Scenario> = [.declines, .registerSchemes, .registerSameShape, .jsonRead]

    static func measure(quick: Bool, only: Scenario?) async throws -> [Record] {
        var records: [Record] = []
        let declineSizes = quick ? [70, 1_034] : [70, 264, 1_034, 10_340]
        let registrationSizes = quick ? [2_000] : [1_000, 2_000, 5_000, 20_000]
        if only == nil || only == .declines {
            for count in declineSizes { records.append(try await declines(count)) }
        }
        if only == nil || only == .registerSchemes {
            for count in registrationSizes {
                records.append(try registration(.registerSchemes, count) { "ns\($0)://x/:id" })
            }
        }
        if only == nil || only == .registerSameShape {
            for count in registrationSizes {
                records.append(try registration(.registerSameShape, count) { "/x/:p\($0)" })
            }
        }
        if only == nil || only == .jsonRead {
            for count in quick ? [10_000] : [1_000, 10_000, 100_000] { records.append(try jsonRead(count)) }
        }
        return records
    }

    /// One array of `count` objects of one member each, as a manifest's route list is read.
    private static func jsonRead(_ count: Int) throws -> Record {
        let text = Array(("[" + (0..<count).map { "{\"id\":\($0)}" }.joined(separator: ",") + "]").utf8)
        var samples: [Double] = []
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let value = try JSONReader.read(text, maximumDepth: 8, depthSetting: "benchmark").get()
            samples.append((ContinuousClock.now - start).nanoseconds)
            guard case .array(let items) = value, items.count == count else { throw BenchmarkFailure(description: "\(count) elements expected") }
        }
        let total = Measure.median(samples)
        return Record(scenario: .jsonRead, implementation: .switchyard, routes: count, nsPerOp: total / Double(count), buildMs: total / 1e6)
    }

    /// One open of `/d/1` over `count` routes that decline it, then the catch-all that takes it.
    private static func declines(_ count: Int) async throws -> Record {
        let router = Router(configuration: quiet, settings: PipelineSettings(declineLimit: count, duplicateWindow: .zero))
        for priority in 0..<count {
            try router.action("/d/:n", priority: priority + 1) { _ in throw RouteDeclined() }
        }
        try router.action("/d/*") { _ in }
        blackHole(await router.open("/d/0"))
        var samples: [Double] = []
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let result = await router.open("/d/1")
            samples.append((ContinuousClock.now - start).nanoseconds)
            guard result.declined.count == count else { throw BenchmarkFailure(description: "\(count) declines expected, got \(result.declined.count)") }
        }
        let total = Measure.median(samples)
        return Record(scenario: .declines, implementation: .switchyard, routes: count, nsPerOp: total / Double(count), buildMs: total / 1e6)
    }

    /// A configuration that logs no conflict: the same-shape tables conflict by design.
    private static var quiet: RouterConfiguration {
        var configuration = RouterConfiguration()
        configuration.logger.logLevel = .critical
        return configuration
    }

    /// One batch of `count` patterns, then the first read's build.
    private static func registration(_ scenario: Scenario, _ count: Int, pattern: (Int) -> String) throws -> Record {
        let specs = (1...count).map { RouteSpec<Int>(pattern($0), target: $0) }
        var samples: [Double] = []
        for _ in 0..<3 {
            let start = ContinuousClock.now
            let table = RouteTable<Int>(configuration: quiet)
            try table.register(specs)
            table.prepare()
            samples.append((ContinuousClock.now - start).nanoseconds)
        }
        let total = Measure.median(samples)
        return Record(scenario: scenario, implementation: .switchyard, routes: count, nsPerOp: total / Double(count), buildMs: total / 1e6)
    }
}
