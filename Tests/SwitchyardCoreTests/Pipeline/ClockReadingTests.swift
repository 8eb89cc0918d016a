import Foundation
import SwitchyardSupport
import Testing

/// The clock an open keeps its times by: a plain number of nanoseconds, on the clock
/// `ContinuousClock` reads, with arithmetic that cannot overflow into the past.
@Suite struct ClockReadingTests {
    @Test func itKeepsTimeWithTheContinuousClock() {
        let (reading, instant) = (ClockReading.now, ContinuousClock.now)
        Thread.sleep(forTimeInterval: 0.02)
        let (byReading, byInstant) = (ClockReading.now - reading, ContinuousClock.now - instant)
        #expect(byReading >= .milliseconds(20))
        // The two are read one after the other, so they differ by the time between the reads.
        #expect(abs((byReading - byInstant).wholeNanoseconds) < 5_000_000)
    }

    @Test(arguments: [
        (Duration.zero, Int64(0)),
        (.nanoseconds(1), 1),
        (.nanoseconds(-1), -1),
        (.milliseconds(1_500), 1_500_000_000),
        (.seconds(-3), -3_000_000_000),
        (.seconds(Int64.max / 1_000_000_000), Int64.max / 1_000_000_000 * 1_000_000_000),
        (.seconds(Int64.max / 1_000_000_000 + 1), .max),
        (.seconds(Int64.min / 1_000_000_000 - 1), .min),
        (.seconds(Int64.max), .max),
        (.seconds(Int64.min), .min),
    ])
    func aDurationIsWholeNanosecondsHeldToSixtyFourBits(duration: Duration, nanoseconds: Int64) {
        #expect(duration.wholeNanoseconds == nanoseconds)
    }

    @Test func addingAndSubtractingDurationsSaturatesAtTheEnds() {
        let reading = ClockReading(nanoseconds: 1_000)
        #expect(reading + .nanoseconds(5) == ClockReading(nanoseconds: 1_005))
        #expect(reading - .nanoseconds(5) == ClockReading(nanoseconds: 995))
        #expect((reading + .milliseconds(2)) - reading == .milliseconds(2))
        #expect(reading + .seconds(Int64.max) == ClockReading(nanoseconds: .max), "a deadline past the clock's end stays at its end")
        #expect(ClockReading(nanoseconds: .max - 1) + .nanoseconds(5) == ClockReading(nanoseconds: .max))
        #expect(ClockReading(nanoseconds: .min + 1) - .nanoseconds(5) == ClockReading(nanoseconds: .min))
        // The duration is first held to 64 bits of nanoseconds, then taken from the reading.
        #expect(reading - .seconds(Int64.max) == ClockReading(nanoseconds: .min + 1_000))
        #expect(ClockReading(nanoseconds: 1) < ClockReading(nanoseconds: 2))
    }
}
