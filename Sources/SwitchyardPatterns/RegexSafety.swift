/// Refuses regular expressions a backtracking engine could take more than linear time on,
/// before they are used; see ``RegexHazard`` for the accepted subset.
///
/// The check builds the regex's position automaton (Glushkov's construction: one position per
/// atom, and for each position the positions that may read the next character), counting
/// how many ways the regex's structure leads from one position to the next. The regex is
/// accepted when every such step is taken one way only and no two next positions can read
/// the same character: then a backtracking match visits each (character, position) pair at
/// most once. Character sets over-approximate ICU's, so an accepted regex is safe on ICU.
/// Everything runs on explicit stacks; nothing recurses.
enum RegexSafety {
    static let maximumRepeatCount = 1_000
    /// Atoms checked after counted repeats are expanded (`a{1000}` is 1,000 atoms).
    static let maximumPositions = 4_096

    struct Finding: Equatable {
        let byteOffset: Int
        let hazard: RegexHazard
    }

    static func check(_ source: String) -> Finding? {
        var analyzer = RegexAnalyzer(bytes: Array(source.utf8))
        return analyzer.run()
    }
}

/// A hazard found at a byte offset; thrown through the analysis.
struct RegexHazardFound: Error {
    let offset: Int
    let hazard: RegexHazard
}

/// Part of a regex as the automaton sees it: how many ways it matches nothing (0, 1, or 2
/// for "more than one"), the positions that can read its first and last characters (each
/// with the number of ways to get there), and the positions and source bytes it spans.
struct RegexFragment {
    var empty: Int
    var first: [Int: Int]
    var last: [Int: Int]
    var positions: Range<Int>
    var source: Range<Int>
}

/// The positions of a regex and the steps between them, built fragment by fragment.
struct RegexAutomaton {
    private(set) var sets: [RegexCharSet] = []
    /// The source bytes shown for a position in a message.
    private(set) var shown: [Range<Int>] = []
    private var follow: [[Int: Int]] = []
    let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { sets.count }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(range.upperBound, bytes.count)], as: UTF8.self)
    }

    mutating func atom(_ set: RegexCharSet, source: Range<Int>) throws(RegexHazardFound) -> RegexFragment {
        try reserve(1, at: source.lowerBound)
        let position = sets.count
        sets.append(set)
        shown.append(source)
        follow.append([:])
        return RegexFragment(empty: 0, first: [position: 1], last: [position: 1], positions: position..<(position + 1), source: source)
    }

    /// The positions that can follow `position`; in the accepted subset no two read the same character.
    func successors(of position: Int) -> [Int] { follow[position].keys.sorted() }

    func nothing(at source: Range<Int>) -> RegexFragment {
        RegexFragment(empty: 1, first: [:], last: [:], positions: sets.count..<sets.count, source: source)
    }

    /// Shows a one-atom fragment with its quantifier (`\d+`), for messages.
    mutating func showQuantified(_ fragment: RegexFragment, through end: Int) {
        guard fragment.positions.count == 1 else { return }
        shown[fragment.positions.lowerBound] = fragment.source.lowerBound..<end
    }

    // MARK: - Combining fragments

    /// `a` then `b`; `b`'s positions come after `a`'s.
    mutating func concatenate(_ a: RegexFragment, _ b: RegexFragment, loop: Bool = false) throws(RegexHazardFound) -> RegexFragment {
        try connect(a.last, to: b.first, cause: a.source.lowerBound..<b.source.upperBound, loop: loop)
        return RegexFragment(
            empty: Self.times(a.empty, b.empty),
            first: Self.sum(a.first, Self.scaled(b.first, by: a.empty)),
            last: Self.sum(b.last, Self.scaled(a.last, by: b.empty)),
            positions: a.positions.lowerBound..<max(a.positions.upperBound, b.positions.upperBound),
            source: a.source.lowerBound..<max(a.source.upperBound, b.source.upperBound))
    }

    static func alternate(_ branches: [RegexFragment], source: Range<Int>) -> RegexFragment {
        var result = RegexFragment(empty: 0, first: [:], last: [:], positions: 0..<0, source: source)
        for (index, branch) in branches.enumerated() {
            result.empty = min(2, result.empty + branch.empty)
            result.first = sum(result.first, branch.first)
            result.last = sum(result.last, branch.last)
            result.positions = index == 0 ? branch.positions
                : min(result.positions.lowerBound, branch.positions.lowerBound)..<max(result.positions.upperBound, branch.positions.upperBound)
        }
        return result
    }

    static func optional(_ fragment: RegexFragment) -> RegexFragment {
        var result = fragment
        result.empty = min(2, fragment.empty + 1)
        return result
    }

    /// `fragment` repeated: its last positions lead back to its first ones.
    mutating func repeated(_ fragment: RegexFragment, cause: Range<Int>, orNone: Bool) throws(RegexHazardFound) -> RegexFragment {
        guard fragment.empty == 0 else {
            throw RegexHazardFound(offset: cause.lowerBound, hazard: .emptyRepeat(group: text(cause)))
        }
        try connect(fragment.last, to: fragment.first, cause: cause, loop: true)
        var result = fragment
        result.empty = orNone ? 1 : 0
        result.source = cause
        return result
    }

    /// A copy of `fragment` with new positions and the same steps between them.
    mutating func copy(_ fragment: RegexFragment) throws(RegexHazardFound) -> RegexFragment {
        try reserve(fragment.positions.count, at: fragment.source.lowerBound)
        let offset = sets.count - fragment.positions.lowerBound
        for position in fragment.positions {
            sets.append(sets[position])
            shown.append(shown[position])
            follow.append([:])
        }
        for position in fragment.positions {
            for (next, ways) in follow[position] where fragment.positions.contains(next) {
                follow[position + offset][next + offset] = ways
            }
        }
        func moved(_ set: [Int: Int]) -> [Int: Int] { Dictionary(uniqueKeysWithValues: set.map { ($0.key + offset, $0.value) }) }
        return RegexFragment(empty: fragment.empty, first: moved(fragment.first), last: moved(fragment.last),
                             positions: (fragment.positions.lowerBound + offset)..<(fragment.positions.upperBound + offset),
                             source: fragment.source)
    }

    // MARK: - The check

    /// Adds the steps from each position of `from` to each of `to`, refusing a step reached a
    /// second way and two next positions that can read the same character.
    private mutating func connect(_ from: [Int: Int], to: [Int: Int], cause: Range<Int>, loop: Bool) throws(RegexHazardFound) {
        for (position, ways) in from.sorted(by: { $0.key < $1.key }) {
            for (next, nextWays) in to.sorted(by: { $0.key < $1.key }) {
                let total = (follow[position][next] ?? 0) + ways * nextWays
                if total >= 2 {
                    if loop {
                        throw RegexHazardFound(offset: cause.lowerBound, hazard: .nestedRepeat(group: text(cause), inner: text(shown[next])))
                    }
                    throw RegexHazardFound(offset: shown[next].lowerBound, hazard: .ambiguous(
                        after: text(shown[position]), first: text(shown[next]), second: text(shown[next])))
                }
                if let other = follow[position].keys.sorted().first(where: { $0 != next && sets[$0].intersects(sets[next]) }) {
                    throw RegexHazardFound(offset: shown[next].lowerBound, hazard: .ambiguous(
                        after: text(shown[position]), first: text(shown[other]), second: text(shown[next])))
                }
                follow[position][next] = total
            }
        }
    }

    /// Refuses a regex whose first character could be read by two positions, or one two ways.
    func checkStart(_ root: RegexFragment) throws(RegexHazardFound) {
        var seen: [Int] = []
        for (position, ways) in root.first.sorted(by: { $0.key < $1.key }) {
            if ways >= 2 {
                throw RegexHazardFound(offset: shown[position].lowerBound, hazard: .ambiguous(
                    after: nil, first: text(shown[position]), second: text(shown[position])))
            }
            if let other = seen.first(where: { sets[$0].intersects(sets[position]) }) {
                throw RegexHazardFound(offset: shown[position].lowerBound, hazard: .ambiguous(
                    after: nil, first: text(shown[other]), second: text(shown[position])))
            }
            seen.append(position)
        }
    }

    private func reserve(_ count: Int, at offset: Int) throws(RegexHazardFound) {
        let total = sets.count + count
        guard total <= RegexSafety.maximumPositions else {
            throw RegexHazardFound(offset: offset, hazard: .tooComplex(atoms: total, limit: RegexSafety.maximumPositions))
        }
    }

    private static func times(_ a: Int, _ b: Int) -> Int { min(2, a * b) }

    private static func scaled(_ set: [Int: Int], by factor: Int) -> [Int: Int] {
        factor == 0 ? [:] : set.mapValues { min(2, $0 * factor) }
    }

    private static func sum(_ a: [Int: Int], _ b: [Int: Int]) -> [Int: Int] {
        a.merging(b) { min(2, $0 + $1) }
    }
}
