import Foundation
import SwitchyardRouting
import SwitchyardPipeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 38's bad input, as a run of its own (`--soak OPENS`): opens 64 at a time through
/// interceptors that sleep, block their thread or never finish, while a process of the
/// benchmark's own keeps every other core busy. Fails (exit 1) when an open outlasts its
/// interceptor's timeout by more than ``slack``, or the resident memory grows by more than
/// ``memoryGrowthLimit`` between the first tenth of the opens and the end, or, before all
/// that, when opens through quick interceptors on an idle machine spend more processor time
/// than wall time (``spinningLimit``): a thread that spins while it waits does that.
///
/// CI runs a short one; `Benchmarks/soak.sh` (200,000 opens) is run by hand and reported.
enum Soak {
    static let concurrency = 64
    static let timeout = Duration.milliseconds(20)
    /// What an open may take past its timeout: the watchdog's tick, and a busy machine's delay
    /// in giving the caller a thread again.
    static let slack = Duration.milliseconds(40)
    static let memoryGrowthLimit = 16 << 20

    /// What the interceptor of a route does; the route's first segment is its name.
    enum Kind: String, CaseIterable {
        case quick, sleeps, blocks, stuck
    }

    struct Behaviour: Interceptor {
        let kind: Kind
        var name: String { "soak-" + kind.rawValue }
        var timeout: Duration { Soak.timeout }
        func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
            switch kind {
            case .quick: break
            case .sleeps: try await Task.sleep(for: .milliseconds(2))
            // Holds its worker thread, as app code that waits on a lock or a semaphore does.
            case .blocks: usleep(2_000)
            // Never resumed and never cancelled: the run stays until the process ends, and the
            // router stops starting new ones past `abandonedRunLimit`.
            case .stuck: await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
            }
            return .proceed
        }
    }

    /// Processor time over wall time of one caller's opens through five quick interceptors. Without
    /// spinning it is at most about 1 (one thread runs at a time: the caller, then the worker);
    /// the spinning issue 38 removed made it about 2.
    static let spinningLimit = 1.3

    /// Opens through five no-op interceptors one after another, idle; `false` when they spent
    /// more than ``spinningLimit`` times their wall time in processor time.
    static func checkNothingSpins(opens: Int) async -> Bool {
        let router = Router(settings: PipelineSettings(duplicateWindow: .zero))
        do {
            try router.action("/quick/:n") { _ in }
        } catch {
            print("soak: could not set up the router: \(error)")
            return false
        }
        for index in 0..<5 { router.addInterceptor(OpenScenarios.NoOp(name: "no-op \(index)")) }
        for index in 0..<1_000 { _ = await router.open("/quick/\(index)") }
        let wallStart = ContinuousClock.now
        let cpuStart = BusyNeighbour.processCPUNanoseconds()
        for index in 0..<opens { _ = await router.open("/quick/\(index)") }
        let cpu = BusyNeighbour.processCPUNanoseconds() - cpuStart
        let wall = (ContinuousClock.now - wallStart).seconds * 1e9
        let ratio = cpu / wall
        print(String(format: "soak: %d opens through 5 quick interceptors, one at a time, idle: %.1f µs wall, %.1f µs processor time each (%.2fx; allowed %.1fx)",
                     opens, wall / 1e3 / Double(opens), cpu / 1e3 / Double(opens), ratio, spinningLimit))
        if ratio > spinningLimit {
            print("soak: FAILED: the opens spent \(String(format: "%.2f", ratio))x their wall time in processor time: a thread spins while it waits")
            return false
        }
        return true
    }

    static func run(opens: Int) async -> Int32 {
        let nothingSpins = await checkNothingSpins(opens: min(opens, 20_000))
        let router = Router(settings: PipelineSettings(duplicateWindow: .zero))
        do {
            for kind in Kind.allCases {
                try router.action("/\(kind.rawValue)/:n", interceptors: [Behaviour(kind: kind)]) { _ in }
            }
        } catch {
            print("soak: could not set up the router: \(error)")
            return 2
        }
        let neighbour = BusyNeighbour.start(threads: max(1, ProcessInfo.processInfo.activeProcessorCount - 1))
        defer { neighbour?.stop() }
        var outcomes: [String: Int] = [:]
        var worstOvershoot = Duration.zero
        var worstURL = ""
        var memoryAtTenth = 0
        let wallStart = ContinuousClock.now
        let cpuStart = BusyNeighbour.processCPUNanoseconds()
        var done = 0
        while done < opens {
            let batch = min(concurrency, opens - done)
            let results = await withTaskGroup(of: (String, String, Duration).self) { group in
                for index in 0..<batch {
                    let url = "/\(Kind.allCases[(done + index) % Kind.allCases.count].rawValue)/\(done + index)"
                    group.addTask {
                        let start = ContinuousClock.now
                        let result = await router.open(url)
                        return (url, label(result.outcome), ContinuousClock.now - start)
                    }
                }
                var results: [(String, String, Duration)] = []
                for await result in group { results.append(result) }
                return results
            }
            for (url, outcome, took) in results {
                outcomes[outcome, default: 0] += 1
                if took - timeout > worstOvershoot { (worstOvershoot, worstURL) = (took - timeout, url) }
            }
            done += batch
            if memoryAtTenth == 0, done >= opens / 10 { memoryAtTenth = residentBytes() }
        }
        let wall = ContinuousClock.now - wallStart
        let cpu = BusyNeighbour.processCPUNanoseconds() - cpuStart
        let growth = residentBytes() - memoryAtTenth
        print("soak: \(opens) opens, \(concurrency) at a time, interceptors that \(Kind.allCases.map(\.rawValue).joined(separator: ", ")) (timeout \(timeout)), "
            + (neighbour == nil ? "no busy neighbour (it could not start)" : "every other core busy"))
        print("soak: outcomes " + outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        print(String(format: "soak: wall %.1f s, processor %.1f s (%.0f%% of one core), %.1f µs of processor time per open",
                     wall.seconds, cpu / 1e9, cpu / 1e9 / wall.seconds * 100, cpu / 1e3 / Double(opens)))
        print("soak: longest open past its timeout: \(worstOvershoot) (\(worstURL)); allowed \(slack)")
        print("soak: resident memory from the first tenth to the end: \(growth >= 0 ? "+" : "")\(growth / 1024) KiB; allowed \(memoryGrowthLimit / 1024) KiB")
        var failed = !nothingSpins
        if worstOvershoot > slack {
            print("soak: FAILED: an open outlasted its interceptor's timeout by \(worstOvershoot)")
            failed = true
        }
        if growth > memoryGrowthLimit {
            print("soak: FAILED: resident memory grew by \(growth / 1024) KiB")
            failed = true
        }
        return failed ? 1 : 0
    }

    private static func label(_ outcome: OpenResult.Outcome) -> String {
        switch outcome {
        case .performedAction: "performed"
        case .rejected(let error): "rejected " + error.code
        default: "other"
        }
    }

    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
