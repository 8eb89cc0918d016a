import Switchyard
@testable import SwitchyardRouting
import SwitchyardTesting
import Testing

/// A lookup reads a path and its literal keys eight bytes at a time, with overlapping reads for
/// the bytes that do not fill a word, and makes its parameters through array literals of up to
/// four. These tests hold each of those to the plain byte-by-byte answer at every length.
@Suite("Routing: word-at-a-time keys, splits and captures agree with byte-by-byte ones")
struct WordAtATimeLookupTests {
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_.~".utf8)

    /// A key of `length` bytes, different for every length.
    static func key(_ length: Int) -> String {
        String(decoding: (0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] }, as: UTF8.self)
    }

    /// Every key length from 1 to 40, in a hash table (40 siblings) and in a short list (four):
    /// found in any case when matching ignores case, and not found with any one byte changed.
    @Test(arguments: [(1...40, false), (1...40, true), (5...8, false), (13...16, true)])
    func aKeyOfEveryLengthIsFoundAndEveryOneByteChangeMisses(lengths: ClosedRange<Int>, caseSensitive: Bool) throws {
        var configuration = RouterConfiguration.quiet
        configuration.caseSensitive = caseSensitive
        let table = RouteTable<Int>(configuration: configuration)
        for length in lengths { try table.register("/\(Self.key(length))/end", target: length) }
        for length in lengths {
            let key = Self.key(length)
            #expect(table.snapshot.lookup("/\(key)/end")?.route.target == length, "length \(length)")
            #expect(table.snapshot.lookup("/\(key.uppercased())/end")?.route.target == (caseSensitive ? nil : length), "length \(length)")
            for position in 0..<length {
                var bytes = Array(key.utf8)
                bytes[position] = bytes[position] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
                let changed = String(decoding: bytes, as: UTF8.self)
                #expect(table.snapshot.lookup("/\(changed)/end") == nil, "length \(length), byte \(position): \(changed)")
            }
            #expect(table.snapshot.lookup("/\(key)x/end") == nil, "length \(length) plus a byte")
        }
    }

    /// The segments and their escape flags, split one byte at a time: the reference.
    static func referenceSplit(_ bytes: [UInt8], plusIsSpace: Bool) -> [(String, Bool)] {
        var result: [(String, Bool)] = []
        var current: [UInt8] = []
        var escaped = false
        for byte in bytes + [UInt8(ascii: "/")] {
            if byte == UInt8(ascii: "/") {
                if !current.isEmpty { result.append((String(decoding: current, as: UTF8.self), escaped)) }
                current = []
                escaped = false
            } else {
                current.append(byte)
                if byte == UInt8(ascii: "%") || (plusIsSpace && byte == UInt8(ascii: "+")) { escaped = true }
            }
        }
        return result
    }

    /// Random paths of every length up to 40 over `/`, `%`, `+` and letters, split inside a
    /// larger buffer whose bytes around the path are slashes and escapes: the split sees only
    /// its own bytes, however its words overlap theirs.
    @Test(arguments: [false, true])
    func aPathSplitsAsAByteByByteScanDoesAtEveryLengthAndOffset(plusIsSpace: Bool) {
        var random = SplitMix64(seed: 0x5E6_0000 + (plusIsSpace ? 1 : 0))
        let pieces = Array("ab/%+".utf8)
        for length in 0...40 {
            for _ in 0..<25 {
                let path = (0..<length).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
                let before = Int.random(in: 0...9, using: &random), after = Int.random(in: 0...9, using: &random)
                let buffer = [UInt8](repeating: UInt8(ascii: "/"), count: before) + path + [UInt8](repeating: UInt8(ascii: "%"), count: after)
                let split: [(String, Bool)] = buffer.withUnsafeBufferPointer { bytes in
                    PathSegments.with(bytes, host: nil, path: before..<(before + length), maximumCount: 64, plusIsSpace: plusIsSpace) { segments in
                        (0..<segments.count).map { (String(decoding: segments[$0], as: UTF8.self), segments.ranges[$0].hasEscape) }
                    }
                }
                let expected = Self.referenceSplit(path, plusIsSpace: plusIsSpace)
                let text = String(decoding: path, as: UTF8.self)
                #expect(split.map(\.0) == expected.map(\.0), "\(text) at \(before)")
                #expect(split.map(\.1) == expected.map(\.1), "\(text) at \(before)")
            }
        }
    }

    /// One to six values, with and without a catch-all after them: every value under its name,
    /// in path order, whichever way the parameters are made.
    @Test(arguments: 1...6)
    func everyCapturedValueKeepsItsNameAndPlace(count: Int) throws {
        let names = (0..<count).map { "p\($0)" }
        let values = (0..<count).map { "value-\($0)-of-\(count)-long-enough-to-allocate" }
        let pattern = "/fixed/" + names.enumerated().map { $0 % 2 == 0 ? ":\($1)" : "<string:\($1)>/lit\($0)" }.joined(separator: "/")
        let path = "/fixed/" + values.enumerated().map { $0 % 2 == 0 ? $1 : "\($1)/lit\($0)" }.joined(separator: "/")
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register(pattern, target: 1)
        try table.register(pattern + "/<path:rest>", target: 2)
        let found = try #require(table.snapshot.lookup(path))
        #expect(found.route.target == 1)
        #expect(found.parameters.map(\.name) == names)
        #expect(found.parameters.map(\.value) == values)
        #expect(found.remainder == nil)
        let withRest = try #require(table.snapshot.lookup(path + "/a/b%20c"))
        #expect(withRest.route.target == 2)
        #expect(withRest.parameters.map(\.name) == names + ["rest"])
        #expect(withRest.parameters.map(\.value) == values + ["a/b c"])
        #expect(withRest.remainder == ["a", "b c"])
    }

    /// The segment limit, with the first segment padded so that the segment one past the limit
    /// starts at every byte of a word, the word-wide split's last word included: at the limit
    /// the path matches; one past, a resolve names the limit, the count and the offset of the
    /// first segment over it, a bare lookup finds nothing, and the table is as it was.
    @Test(arguments: 0..<8)
    func theSegmentLimitHoldsWhereverTheSegmentOverItFallsInAWord(padding: Int) throws {
        var configuration = RouterConfiguration.quiet
        configuration.limits.pathSegments = 12
        let table = RouteTable<Int>(configuration: configuration)
        try table.register("/<path:rest>", target: 1)
        let first = "/" + String(repeating: "p", count: padding + 1)
        let atLimit = first + String(repeating: "/s", count: 11)
        #expect(table.snapshot.lookup(atLimit)?.remainder?.count == 12)
        #expect(try table.resolve(atLimit).request.remainder?.count == 12)
        let over = atLimit + "/t"
        let routesBefore = table.snapshot.routes.map(\.id)
        #expect(table.failure(over) == .malformedURL(MalformedURLError(
            url: over, offset: atLimit.utf8.count + 1, reason: .limitExceeded(LimitExceeded(.pathSegments, value: 13, maximum: 12)))))
        #expect(table.snapshot.lookup(over) == nil)
        #expect(table.snapshot.routes.map(\.id) == routesBefore)
        #expect(table.snapshot.lookup(atLimit)?.remainder?.count == 12)
    }

    /// A value is made in place when it fits a string's inline storage (15 bytes on 64-bit) and by
    /// `String(decoding:as:)` past that: at every length from 0 to 24, for ASCII, multi-byte
    /// UTF-8 and broken UTF-8 (a cut sequence, a stray continuation byte, an overlong form),
    /// the two give the same string with the same bytes, repairs included.
    @Test(arguments: 0...24)
    func aValueIsTheStringDecodingGivesAtEveryLength(length: Int) {
        var random = SplitMix64(seed: 0x57_0000 + UInt64(length))
        let pieces: [[UInt8]] = [[0x61], [0x7A], [0x2D], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x9A, 0x82],
                                 [0xC3], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF]]
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            while bytes.count < length { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
            bytes = Array(bytes.prefix(length))
            let made = bytes.withUnsafeBufferPointer { PathSegments.string($0) }
            let decoded = String(decoding: bytes, as: UTF8.self)
            #expect(made == decoded)
            #expect(Array(made.utf8) == Array(decoded.utf8), "\(bytes)")
        }
    }
}
