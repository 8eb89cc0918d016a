import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another process of the benchmark's own that keeps `threads` cores busy: the "busy neighbour"
/// of issue 38, a phone whose other cores run something else. A process, not threads, so that
/// its processor time is not counted in this one's.
final class BusyNeighbour {
    private let process: Process

    private init(process: Process) {
        self.process = process
    }

    /// Starts the neighbour; `nil` when the executable cannot be started again.
    static func start(threads: Int) -> BusyNeighbour? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--burn", String(threads)]
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        // Let its threads reach the processors before anything is timed.
        Thread.sleep(forTimeInterval: 0.2)
        return BusyNeighbour(process: process)
    }

    /// Ends the neighbour at once. SIGKILL, not `terminate()`: the child of a Foundation
    /// `Process` may have SIGTERM blocked, and `waitUntilExit()` polls a run loop meanwhile.
    func stop() {
        let pid = process.processIdentifier
        kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }

    /// The neighbour's side: `threads` threads that never wait, until the process is ended.
    static func burn(threads: Int) -> Never {
        for _ in 0..<threads {
            Thread {
                var state: UInt64 = 0x9E37_79B9_7F4A_7C15
                while true {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    blackHole(state)
                }
            }.start()
        }
        // Ends with the benchmark, even one that was killed: an orphan is adopted by another process.
        let parent = getppid()
        while getppid() == parent { Thread.sleep(forTimeInterval: 0.1) }
        exit(0)
    }

    /// The processor time of every thread of this process so far, in nanoseconds.
    static func processCPUNanoseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
}
