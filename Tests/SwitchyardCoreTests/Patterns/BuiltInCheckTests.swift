@testable import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardTesting
import Testing

/// The `int` check reads a segment's digits a word at a time, with overlapping reads where the
/// bytes do not fill a word. These tests hold it to `Int(_:)` of the same text at every length,
/// inside buffers whose bytes around the segment would change the answer if a read strayed.
@Suite("Patterns: the int check agrees with Int(_:) at every length")
struct BuiltInCheckTests {
    /// Digits mostly, and the bytes next to them in every sense: `/` and `:` on either side of
    /// the digit range, the signs, the digits with their top bit set, a letter, NUL and 0xFF.
    static let pieces: [UInt8] = Array("0123456789".utf8) + Array("0123456789".utf8)
        + [0x2F, 0x3A, 0x2B, 0x2D, 0xB0, 0xB9, 0x80, 0x61, 0x00, 0xFF]

    static func accepts(_ bytes: [UInt8], around: UInt8, before: Int, after: Int) -> Bool {
        let buffer = [UInt8](repeating: around, count: before) + bytes + [UInt8](repeating: around, count: after)
        return buffer.withUnsafeBufferPointer { BuiltInCheck.int.accepts(UnsafeBufferPointer(rebasing: $0[before..<(before + bytes.count)])) }
    }

    /// Random segments of `length` bytes, each also made all digits, with and without a sign.
    /// The bytes around each are digits (a read past the end would take them for part of the
    /// value and miss nothing) or a slash (it would refuse a value that is one).
    @Test(arguments: 0...40)
    func aSegmentIsAnIntExactlyWhenIntParsesIt(length: Int) {
        var random = SplitMix64(seed: 0x1A7_0000 + UInt64(length))
        for round in 0..<300 {
            var bytes = (0..<length).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            if round % 3 == 0 { bytes = bytes.map { 0x30 + $0 % 10 } }
            if round % 6 == 0, !bytes.isEmpty { bytes[0] = round % 12 == 0 ? 0x2D : 0x2B }
            let expected = Int(String(decoding: bytes, as: UTF8.self)) != nil
            let before = Int(random.next() % 9), after = Int(random.next() % 9)
            for around in [UInt8(ascii: "7"), UInt8(ascii: "/")] {
                #expect(Self.accepts(bytes, around: around, before: before, after: after) == expected,
                        "\(bytes) between \(around)s, \(before) before, \(after) after")
            }
        }
    }

    /// The digits taken without a range check are those every value of that length fits in:
    /// one fewer than `Int.max` has, on whichever width `Int` has here (18 in 64 bits, 9 in 32).
    @Test func theDigitsThatSkipTheRangeCheckAlwaysFit() {
        let fitting = BuiltInCheck.alwaysFittingDigits
        #expect(String(Int.max).count == fitting + 1)
        #expect(Self.accepts(Array(String(repeating: "9", count: fitting).utf8), around: 0x2F, before: 1, after: 1))
        #expect(Self.accepts(Array(("-" + String(repeating: "9", count: fitting)).utf8), around: 0x2F, before: 1, after: 1))
        #expect(!Self.accepts(Array(String(repeating: "9", count: fitting + 1).utf8), around: 0x2F, before: 1, after: 1))
    }

    /// The values at Int's ends and the forms that are nearly ints.
    @Test(arguments: [
        ("0", true), ("+0", true), ("-0", true), ("7", true), ("123", true), ("12345678", true), ("123456789", true),
        ("999999999999999999", true), ("9223372036854775807", true), ("-9223372036854775808", true),
        ("+9223372036854775807", true), ("9223372036854775808", false), ("-9223372036854775809", false),
        ("00000000000000000000000001", true), ("99999999999999999999", false),
        ("", false), ("-", false), ("+", false), ("--1", false), ("+-1", false), ("1-", false), ("1+", false),
        ("12a", false), ("a12", false), ("1 2", false), ("0x10", false), ("1.0", false), ("1e3", false),
        ("١٢٣", false), ("１２", false), ("12:", false), ("/12", false), ("1234567/", false), ("12345678:", false),
    ])
    func theEndsOfIntAndTheNearMisses(text: String, expected: Bool) {
        #expect(Self.accepts(Array(text.utf8), around: UInt8(ascii: "5"), before: 3, after: 3) == expected)
        #expect(Self.accepts(Array(text.utf8), around: UInt8(ascii: "/"), before: 0, after: 0) == expected)
    }

    /// Through a route: a value at either end of Int, and the longest that skips the range
    /// check, matches and converts; one past either end, or one digit more of nines, is no value
    /// of `<int:id>`: a resolve names the path it found no route for, a bare lookup finds
    /// nothing, a plain parameter beside it takes the value instead, and the table is as it was.
    @Test(arguments: [
        (String(Int.max), "9223372036854775808"), (String(Int.min), "-9223372036854775809"),
        (String(repeating: "9", count: BuiltInCheck.alwaysFittingDigits), String(repeating: "9", count: BuiltInCheck.alwaysFittingDigits + 1)),
    ])
    func aValueAtTheEndOfIntMatchesAndOnePastIsNoInt(atLimit: String, pastLimit: String) throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register("/p/<int:id>", target: 1)
        let routesBefore = table.snapshot.routes.map(\.id)
        let matched = try table.resolve("myapp://p/\(atLimit)")
        #expect(matched.target == 1)
        #expect(matched.request.get("id", as: Int.self) == Int(atLimit))
        guard case .noMatch(let miss)? = table.failure("myapp://p/\(pastLimit)") else {
            Issue.record("expected no match for \(pastLimit), got \(String(describing: table.failure("myapp://p/\(pastLimit)")))")
            return
        }
        #expect(miss.path == "/p/\(pastLimit)")
        #expect(table.snapshot.lookup("/p/\(pastLimit)") == nil)
        #expect(table.snapshot.routes.map(\.id) == routesBefore)
        #expect(table.snapshot.lookup("/p/\(atLimit)")?.route.target == 1)

        try table.register("/p/:slug", target: 2)
        #expect(table.snapshot.lookup("/p/\(pastLimit)")?.route.target == 2)
        #expect(table.snapshot.lookup("/p/\(pastLimit)")?.parameters.map(\.value) == [pastLimit])
        #expect(table.snapshot.lookup("/p/\(atLimit)")?.route.target == 1)
    }
}
