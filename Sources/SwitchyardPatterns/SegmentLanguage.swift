import SwitchyardSupport

/// The values a segment check accepts, as a deterministic automaton over ASCII, for deciding
/// at registration whether one check takes every value another does, or shares some.
///
/// Built from the regex's position automaton (``RegexAnalyzer``): in the accepted subset no
/// two next positions read the same character, so the positions are the states of a DFA.
/// Built-in converters are written as regexes of the same subset. ASCII is read exactly;
/// non-ASCII only as kinds, so a decision that would depend on non-ASCII values is not made.
package struct SegmentLanguage {
    private let sets: [RegexCharSet]
    private let successors: [[Int]]
    private let first: [Int]
    private let accepting: Set<Int>
    /// Whether some value with a non-ASCII character may be accepted.
    package let readsNonASCII: Bool

    /// The state before any character.
    static let start = -1

    private init?(regex source: String) {
        var analyzer = RegexAnalyzer(bytes: Array(source.utf8))
        // Case folding approximates ASCII too; such a check is left undecided.
        guard analyzer.run() == nil, !analyzer.caseInsensitive, let root = analyzer.root else { return nil }
        let automaton = analyzer.automaton
        sets = automaton.sets
        successors = (0..<automaton.count).map { automaton.successors(of: $0) }
        first = root.first.keys.sorted()
        accepting = Set(root.last.keys)
        readsNonASCII = automaton.sets.contains { $0.nonASCII }
    }

    /// The language of `check`, read generously (a superset of what it accepts), or `nil` for
    /// a check that cannot be read (a custom converter, a case-insensitive regex).
    package static func atLeast(_ check: SegmentCheck) -> SegmentLanguage? {
        language(check, underApproximating: false)
    }

    /// The language of `check`, read strictly (a subset of what it accepts), or `nil`.
    package static func atMost(_ check: SegmentCheck) -> SegmentLanguage? {
        language(check, underApproximating: true)
    }

    private static func language(_ check: SegmentCheck, underApproximating: Bool) -> SegmentLanguage? {
        switch check.kind {
        case .regex:
            let source = String(check.key.dropFirst().dropLast())
            // Read strictly, only a regex this reading takes exactly will do.
            guard !underApproximating || readsExactly(source) else { return nil }
            return SegmentLanguage(regex: source)
        case .converter(let converter):
            switch converter.kind {
            // Past the digits that always fit the value must also fit in an Int, which no regex says exactly.
            case .int: return underApproximating ? intAlwaysFitting : int
            case .float: return float
            case .uuid: return uuid
            case .string: return string
            case .custom, .converting: return nil
            }
        }
    }

    /// Whether the automaton reads `source`'s ASCII values exactly: it reads `.`, `\D`, `\W`
    /// and `\S` as any character and ignores anchors and `\b` inside, all of which take more
    /// than ICU does, so a regex with one of them is only read generously.
    private static func readsExactly(_ source: String) -> Bool {
        let bytes = Array(source.utf8)
        var index = 0, inClass = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { return false }
                let escaped = bytes[index + 1]
                if ASCII.isAlphanumeric(escaped) && !"dwstnrf".utf8.contains(escaped) { return false }
                index += 2
                continue
            }
            switch byte {
            case UInt8(ascii: "["): inClass += 1
            case UInt8(ascii: "]") where inClass > 0: inClass -= 1
            case UInt8(ascii: ".") where inClass == 0: return false
            case UInt8(ascii: "$") where inClass == 0: return false
            case UInt8(ascii: "^") where inClass == 0: return false
            default: break
            }
            index += 1
        }
        return true
    }

    private static let int = SegmentLanguage(regex: "[-+]?[0-9]+")
    private static let intAlwaysFitting = SegmentLanguage(regex: "[-+]?[0-9]{1,\(BuiltInCheck.alwaysFittingDigits)}")
    private static let float = SegmentLanguage(regex: #"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"#)
    private static let uuid = SegmentLanguage(regex: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
    /// Any value: every character, any number of times.
    private static let string: SegmentLanguage? = SegmentLanguage(sets: [.any], successors: [[0]], first: [0], accepting: [0], readsNonASCII: true)

    private init(sets: [RegexCharSet], successors: [[Int]], first: [Int], accepting: Set<Int>, readsNonASCII: Bool) {
        self.sets = sets
        self.successors = successors
        self.first = first
        self.accepting = accepting
        self.readsNonASCII = readsNonASCII
    }

    /// What one ``step(_:_:)`` from `state` may look at: its next positions.
    func stepCost(_ state: Int) -> Int {
        state == Self.start ? first.count : successors[state].count
    }

    /// The state after reading `byte` in `state`, or `nil` when no value continues that way.
    func step(_ state: Int, _ byte: UInt8) -> Int? {
        let next = state == Self.start ? first : successors[state]
        return next.first { sets[$0].contains(byte) }
    }

    /// The ASCII characters some value can continue with from `state`, as two 64-bit masks.
    func readable(from state: Int) -> (low: UInt64, high: UInt64) {
        var masks: (low: UInt64, high: UInt64) = (0, 0)
        for position in state == Self.start ? first : successors[state] {
            masks.low |= sets[position].low
            masks.high |= sets[position].high
        }
        return masks
    }

    /// Calls `body` with each ASCII character in `masks` within `bytes`.
    static func forEach(in masks: (low: UInt64, high: UInt64), within bytes: Range<UInt8>, _ body: (UInt8) -> Void) {
        for (base, mask) in [(UInt8(0), masks.low), (UInt8(64), masks.high)] {
            var remaining = mask
            while remaining != 0 {
                let byte = base + UInt8(remaining.trailingZeroBitCount)
                remaining &= remaining - 1
                if bytes.contains(byte) { body(byte) }
            }
        }
    }

    /// Whether the value read to reach `state` is accepted; the empty value never is (no segment is empty).
    func accepts(_ state: Int) -> Bool {
        state != Self.start && accepting.contains(state)
    }
}

extension SegmentLanguage {
    /// Whether every value `loser` accepts, `winner` accepts too; `nil` when undecided, or
    /// when deciding would take more than `budget` steps (spent as it goes: a step is one
    /// next position looked at for one character).
    ///
    /// Pass ``atLeast(_:)`` of the loser and ``atMost(_:)`` of the winner.
    package static func everyValue(of loser: SegmentLanguage, isAcceptedBy winner: SegmentLanguage, budget: inout Int) -> Bool? {
        guard !loser.readsNonASCII else { return nil }
        var seen: Set<Pair> = []
        var queue = [Pair(one: start, other: start)]
        var head = 0
        while head < queue.count {
            guard budget > 0 else { return nil }
            budget -= 1
            let pair = queue[head]
            head += 1
            if loser.accepts(pair.one) && (pair.other == dead || !winner.accepts(pair.other)) { return false }
            budget -= loser.stepCost(pair.one) * 2
            forEach(in: loser.readable(from: pair.one), within: 0..<0x80) { byte in
                budget -= loser.stepCost(pair.one) + (pair.other == dead ? 0 : winner.stepCost(pair.other))
                guard let next = loser.step(pair.one, byte) else { return }
                let following = Pair(one: next, other: pair.other == dead ? dead : winner.step(pair.other, byte) ?? dead)
                if seen.insert(following).inserted { queue.append(following) }
            }
        }
        return true
    }

    /// The shortest printable ASCII value both accept; `nil` when there is none, or none was
    /// found within `budget` steps (spent as it goes).
    package static func commonValue(_ one: SegmentLanguage, _ other: SegmentLanguage, budget: inout Int) -> String? {
        var parents: [Pair: (Pair, UInt8)] = [:]
        var queue = [Pair(one: start, other: start)]
        var head = 0
        while head < queue.count, budget > 0 {
            budget -= 1
            let pair = queue[head]
            head += 1
            if one.accepts(pair.one), other.accepts(pair.other) {
                var bytes: [UInt8] = []
                var current = pair
                while let (parent, byte) = parents[current] {
                    bytes.append(byte)
                    current = parent
                }
                return String(decoding: bytes.reversed(), as: UTF8.self)
            }
            let (oneMasks, otherMasks) = (one.readable(from: pair.one), other.readable(from: pair.other))
            budget -= one.stepCost(pair.one) + other.stepCost(pair.other)
            forEach(in: (oneMasks.low & otherMasks.low, oneMasks.high & otherMasks.high), within: 0x21..<0x7F) { byte in
                budget -= one.stepCost(pair.one) + other.stepCost(pair.other)
                guard let nextOne = one.step(pair.one, byte), let nextOther = other.step(pair.other, byte) else { return }
                let next = Pair(one: nextOne, other: nextOther)
                guard parents[next] == nil else { return }
                parents[next] = (pair, byte)
                queue.append(next)
            }
        }
        return nil
    }

    /// The winner's state once it has no way on.
    private static let dead = -2

    private struct Pair: Hashable {
        let one: Int
        let other: Int
    }
}
