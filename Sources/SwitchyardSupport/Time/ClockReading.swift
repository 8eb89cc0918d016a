#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A reading of the clock `ContinuousClock` reads, as nanoseconds: the same time in a layout the
/// compiler knows.
///
/// The standard library keeps `ContinuousClock.Instant`'s layout to itself, so a value of it, and
/// any struct holding one, is handled through runtime metadata: an async function that keeps one
/// across a call allocates it on the task and copies it through value witnesses. An open keeps its
/// arrival time and its interceptors' deadlines across its whole chain; these are those times.
package struct ClockReading: Comparable, Hashable, Sendable {
    /// Nanoseconds since the clock's own origin (the machine's boot on Linux).
    package var nanoseconds: Int64

    package init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// Now, by the clock that keeps counting while the machine sleeps, as `ContinuousClock` does.
    package static var now: ClockReading {
        var time = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_MONOTONIC_RAW, &time)
        #elseif os(Linux)
        clock_gettime(CLOCK_BOOTTIME, &time)
        #else
        clock_gettime(CLOCK_MONOTONIC, &time)
        #endif
        return ClockReading(nanoseconds: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
    }

    package static func < (left: ClockReading, right: ClockReading) -> Bool { left.nanoseconds < right.nanoseconds }

    /// The time from `right` to `left`.
    package static func - (left: ClockReading, right: ClockReading) -> Duration {
        .nanoseconds(left.nanoseconds &- right.nanoseconds)
    }

    /// `duration` later; a duration past what 64 bits of nanoseconds hold (about 292 years) ends at the last reading.
    package static func + (reading: ClockReading, duration: Duration) -> ClockReading {
        reading.adding(nanoseconds: duration.wholeNanoseconds)
    }

    /// `nanoseconds` later (earlier when negative), held to the first and last readings.
    package func adding(nanoseconds delta: Int64) -> ClockReading {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(delta)
        return ClockReading(nanoseconds: overflow ? (delta < 0 ? .min : .max) : sum)
    }

    /// `duration` earlier.
    package static func - (reading: ClockReading, duration: Duration) -> ClockReading {
        reading + (.zero - duration)
    }
}

extension Duration {
    /// The duration in whole nanoseconds, rounded toward zero and held to what an `Int64` holds.
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowAgain { return seconds < 0 ? .min : .max }
        return total
    }
}
