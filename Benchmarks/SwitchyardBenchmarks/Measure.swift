import Foundation
import MallocInterposerSwift

/// Keeps a value observable so the optimizer cannot delete the work that produced it.
@_optimize(none)
func blackHole<T>(_ value: T) {}

struct MeasureSettings: Sendable {
    /// Timed batches per figure; the median is reported.
    let runs: Int
    /// Each timed batch grows until it lasts at least this long.
    let minimumBatchNanoseconds: Double
    /// Lookups per batch for the linear regex router, whose lookups take up to milliseconds.
    let linearSample: Int

    static let full = MeasureSettings(runs: 11, minimumBatchNanoseconds: 50_000_000, linearSample: 64)
    static let quick = MeasureSettings(runs: 3, minimumBatchNanoseconds: 5_000_000, linearSample: 8)
}

extension Duration {
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// One figure to time: `batch(n)` runs `n` repetitions of `unitsPerRepetition` operations
/// and returns the elapsed nanoseconds.
struct TimedCase {
    var record: Record
    /// Where the result goes: `nsPerOp` (nanoseconds per unit) or `buildMs` (milliseconds).
    let field: WritableKeyPath<Record, Double?>
    let scale: Double
    let unitsPerRepetition: Int
    let batch: (Int) -> Double
    /// One counted pass, run after timing; `nil` when the figure has no allocation count.
    let allocationsPerUnit: (() -> Double?)?
    /// Routes a build registers, when `nsPerOp` also reports its time per route.
    var routesPerBuild: Int?
}

enum Measure {
    /// A case timing `operation` over `inputs`; a repetition is one whole pass, so every
    /// batch has the same hit/miss mix.
    static func lookupCase<Input>(
        _ record: Record, _ counting: AllocationCounting, inputs: [Input], _ operation: @escaping (Input) -> Int
    ) -> TimedCase {
        TimedCase(record: record, field: \.nsPerOp, scale: 1, unitsPerRepetition: inputs.count, batch: { passes in
            var checksum = 0
            let start = ContinuousClock.now
            for _ in 0..<passes {
                for input in inputs { checksum &+= operation(input) }
            }
            let elapsed = (ContinuousClock.now - start).nanoseconds
            blackHole(checksum)
            return elapsed
        }, allocationsPerUnit: { allocationsPerOperation(counting, inputs: inputs, operation) })
    }

    /// A case timing one table build, reported in milliseconds.
    static func buildCase<Built>(_ record: Record, _ build: @escaping () throws -> Built) -> TimedCase {
        TimedCase(record: record, field: \.buildMs, scale: 1e-6, unitsPerRepetition: 1, batch: { repetitions in
            let start = ContinuousClock.now
            // The same build already succeeded once before timing, so it cannot fail here.
            for _ in 0..<repetitions { blackHole(try? build()) }
            return (ContinuousClock.now - start).nanoseconds
        }, allocationsPerUnit: nil)
    }

    /// Times every case and returns the records with their figures filled in.
    ///
    /// Each case first grows its repetition count until one batch lasts
    /// `minimumBatchNanoseconds` (those batches are the warm-up). Then the cases run
    /// round-robin, one batch each per round, so a transient slowdown of the machine lands
    /// on every implementation and size alike; the median per case is reported.
    static func run(_ settings: MeasureSettings, _ cases: [TimedCase], progress: (String) -> Void) -> (records: [Record], unsteady: Int) {
        let repetitions = cases.map { timed in
            var count = 1
            while true {
                let elapsed = timed.batch(count)
                if elapsed >= settings.minimumBatchNanoseconds { return count }
                let growth = elapsed > 0 ? settings.minimumBatchNanoseconds * 1.2 / elapsed : 10
                count = max(count + 1, Int(Double(count) * min(10, growth)))
            }
        }
        var samples = Array(repeating: [Double](), count: cases.count)
        for round in 1...settings.runs {
            progress("timing round \(round)/\(settings.runs)")
            for (index, timed) in cases.enumerated() {
                let units = Double(repetitions[index] * timed.unitsPerRepetition)
                samples[index].append(timed.batch(repetitions[index]) / units)
            }
        }
        let records = cases.enumerated().map { index, timed in
            var record = timed.record
            record[keyPath: timed.field] = median(samples[index]) * timed.scale
            record.rounds = samples[index]
            if let routes = timed.routesPerBuild, let milliseconds = record.buildMs { record.nsPerOp = milliseconds * 1e6 / Double(routes) }
            if let allocations = timed.allocationsPerUnit { record.allocsPerOp = allocations() }
            return record
        }
        return (records, samples.filter { interquartileSpread($0) > 0.25 }.count)
    }

    /// (Q3 − Q1) / median: how much a figure moved between rounds.
    private static func interquartileSpread(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard sorted.count >= 4 else { return 0 }
        let middle = median(sorted)
        return middle > 0 ? (sorted[sorted.count * 3 / 4] - sorted[sorted.count / 4]) / middle : 0
    }

    /// Heap allocations per call over one pass; `nil` when allocations cannot be counted.
    static func allocationsPerOperation<Input>(_ counting: AllocationCounting, inputs: [Input], _ operation: (Input) -> Int) -> Double? {
        guard counting.isActive, !inputs.isEmpty else { return nil }
        var checksum = 0
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        for input in inputs { checksum &+= operation(input) }
        MallocInterposerSwift.unhook()
        blackHole(checksum)
        return Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(inputs.count)
    }

    /// Heap bytes still held once `build` returns (its temporaries freed), from the
    /// interposer's requested-bytes counters: bytes allocated minus bytes freed.
    ///
    /// A first, uncounted build absorbs one-time costs that would otherwise be charged to
    /// the table: runtime metadata caches, ICU's regex set-up, logging bootstrap.
    static func retainedBytes<Built>(_ counting: AllocationCounting, _ build: () throws -> Built) rethrows -> (built: Built, bytes: Int?) {
        blackHole(try build())
        guard counting.isActive else { return (try build(), nil) }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        let built = try build()
        MallocInterposerSwift.unhook()
        let statistics = MallocInterposerSwift.getStatistics()
        return (built, statistics.mallocBytesCount - statistics.freeBytesCount)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// A ``TimedCase`` whose operation is awaited: `batch(n)` runs `n` repetitions of
/// `unitsPerRepetition` awaited operations and returns the elapsed nanoseconds.
struct AsyncTimedCase {
    var record: Record
    let unitsPerRepetition: Int
    let batch: (Int) async -> Double
    /// One counted pass, run after timing; counts every thread's allocations.
    let allocationsPerUnit: () async -> Double?
}

extension Measure {
    /// ``lookupCase(_:_:inputs:_:)`` for an async operation, reported as `nsPerOp`.
    static func asyncLookupCase<Input>(
        _ record: Record, _ counting: AllocationCounting, inputs: [Input], _ operation: @escaping (Input) async -> Int
    ) -> AsyncTimedCase {
        AsyncTimedCase(record: record, unitsPerRepetition: inputs.count, batch: { passes in
            var checksum = 0
            let start = ContinuousClock.now
            for _ in 0..<passes {
                for input in inputs { checksum &+= await operation(input) }
            }
            let elapsed = (ContinuousClock.now - start).nanoseconds
            blackHole(checksum)
            return elapsed
        }, allocationsPerUnit: {
            guard counting.isActive, !inputs.isEmpty else { return nil }
            var checksum = 0
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
            for input in inputs { checksum &+= await operation(input) }
            MallocInterposerSwift.unhook()
            blackHole(checksum)
            return Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(inputs.count)
        })
    }

    /// ``run(_:_:progress:)`` for async cases: the same warm-up, round-robin rounds and median.
    static func runAsync(
        _ settings: MeasureSettings, _ cases: [AsyncTimedCase], progress: (String) -> Void
    ) async -> (records: [Record], unsteady: Int) {
        var repetitions: [Int] = []
        for timed in cases {
            var count = 1
            while true {
                let elapsed = await timed.batch(count)
                if elapsed >= settings.minimumBatchNanoseconds { break }
                let growth = elapsed > 0 ? settings.minimumBatchNanoseconds * 1.2 / elapsed : 10
                count = max(count + 1, Int(Double(count) * min(10, growth)))
            }
            repetitions.append(count)
        }
        var samples = Array(repeating: [Double](), count: cases.count)
        for round in 1...settings.runs {
            progress("timing async round \(round)/\(settings.runs)")
            for (index, timed) in cases.enumerated() {
                let units = Double(repetitions[index] * timed.unitsPerRepetition)
                samples[index].append(await timed.batch(repetitions[index]) / units)
            }
        }
        var records: [Record] = []
        for (index, timed) in cases.enumerated() {
            var record = timed.record
            record.nsPerOp = median(samples[index])
            record.allocsPerOp = await timed.allocationsPerUnit()
            records.append(record)
        }
        return (records, samples.filter { interquartileSpread($0) > 0.25 }.count)
    }
}

/// Whether the malloc interposer sees this process's allocations.
struct AllocationCounting: Sendable {
    let isActive: Bool
    let note: String

    /// The environment variable that marks the re-executed process, so it never loops.
    private static let reexecMarker = "SWITCHYARD_BENCHMARKS_PRELOADED"
    private static let probeCount = 1000

    /// Counts `probeCount` object allocations. Linking the interposer is enough when the
    /// loader finds its `malloc` before libc's; otherwise re-executes this program with the
    /// library preloaded.
    static func activate() -> AllocationCounting {
        let counted = probe()
        if counted >= probeCount && counted <= probeCount + 10 {
            let how = ProcessInfo.processInfo.environment[reexecMarker] == nil ? "linked" : "preloaded"
            return AllocationCounting(isActive: true, note: "malloc interposer \(how); probe counted \(counted)/\(probeCount)")
        }
        if counted > 0 {
            let note = "WARNING: allocation probe counted \(counted) for \(probeCount) objects; allocs/op may be off"
            return AllocationCounting(isActive: true, note: note)
        }
        if ProcessInfo.processInfo.environment[reexecMarker] == nil, let failure = reexecWithPreload() {
            return AllocationCounting(isActive: false, note: "WARNING: allocations not counted (\(failure))")
        }
        return AllocationCounting(isActive: false, note: "WARNING: allocations not counted even with the interposer preloaded")
    }

    private final class Probe {
        var value = 0
    }

    private static func probe() -> Int {
        var probes: [Probe] = []
        probes.reserveCapacity(probeCount)
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        for _ in 0..<probeCount { probes.append(Probe()) }
        MallocInterposerSwift.unhook()
        blackHole(probes)
        return MallocInterposerSwift.getStatistics().mallocCount
    }

    /// Only returns when the exec failed, with the reason.
    private static func reexecWithPreload() -> String? {
        #if os(Linux)
        let (variable, library) = ("LD_PRELOAD", "libMallocInterposerSwift.so")
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        #elseif canImport(Darwin)
        let (variable, library) = ("DYLD_INSERT_LIBRARIES", "libMallocInterposerSwift.dylib")
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #else
        return "no preload mechanism on this platform"
        #endif
        #if os(Linux) || canImport(Darwin)
        let libraryPath = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(library).path
        guard FileManager.default.fileExists(atPath: libraryPath) else { return "\(libraryPath) not found" }
        let existing = ProcessInfo.processInfo.environment[variable].map { ":" + $0 } ?? ""
        setenv(variable, libraryPath + existing, 1)
        setenv(reexecMarker, "1", 1)
        var arguments = CommandLine.arguments.map { strdup($0) }
        arguments.append(nil)
        execv(executable, &arguments)
        return "exec of \(executable) failed: errno \(errno)"
        #endif
    }
}
