/// Refuses regular expressions that can backtrack without bound, before they are used.
///
/// A static check over the regex text, for regexes that already compile: it reads the
/// accepted subset described in ``RegexHazard`` and reports the first hazard with its byte
/// offset. It is conservative: some safe regexes are refused, with a message saying what to
/// rewrite. It keeps its own stack of open groups, so nesting costs no recursion.
enum RegexSafety {
    static let maximumRepeatCount = 1_000

    struct Finding: Equatable {
        let byteOffset: Int
        let hazard: RegexHazard
    }

    static func check(_ source: String) -> Finding? {
        var analyzer = RegexAnalyzer(bytes: Array(source.utf8))
        return analyzer.run()
    }
}

/// A set of characters, exact for ASCII and one bit for everything else.
struct RegexCharSet: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var nonASCII = false

    static let empty = RegexCharSet()
    static let any = RegexCharSet(low: .max, high: .max, nonASCII: true)

    static func of(_ byte: UInt8) -> RegexCharSet {
        var set = RegexCharSet()
        set.insert(byte)
        return set
    }

    static func range(_ from: UInt8, _ to: UInt8) -> RegexCharSet {
        var set = RegexCharSet()
        if from <= to { for byte in from...to { set.insert(byte) } }
        return set
    }

    static let digits = range(0x30, 0x39)
    static let word = range(0x30, 0x39).union(range(0x41, 0x5A)).union(range(0x61, 0x7A)).union(of(0x5F))
    static let space = range(0x09, 0x0D).union(of(0x20))

    var isEmpty: Bool { low == 0 && high == 0 && !nonASCII }

    mutating func insert(_ byte: UInt8) {
        if byte >= 128 { nonASCII = true } else if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    func union(_ other: RegexCharSet) -> RegexCharSet {
        RegexCharSet(low: low | other.low, high: high | other.high, nonASCII: nonASCII || other.nonASCII)
    }

    func intersects(_ other: RegexCharSet) -> Bool {
        low & other.low != 0 || high & other.high != 0 || (nonASCII && other.nonASCII)
    }

    /// Every character not in the set; non-ASCII counts as present, since one bit cannot say more.
    var complement: RegexCharSet { RegexCharSet(low: ~low, high: ~high, nonASCII: true) }

    /// With both cases of every ASCII letter, for `(?i)`.
    var caseFolded: RegexCharSet {
        let upper: UInt64 = 0x07FF_FFFE        // A–Z in `high` (bits 1…26)
        let lower: UInt64 = 0x07FF_FFFE << 32  // a–z in `high` (bits 33…58)
        return RegexCharSet(low: low, high: high | ((high & upper) << 32) | ((high & lower) >> 32), nonASCII: nonASCII)
    }
}

/// What one atom (a character, class, escape or group) can match, for the hazard rules.
private struct RegexAtom {
    var chars: RegexCharSet
    var first: RegexCharSet
    var nullable = false
    /// Characters of quantified parts inside (any quantifier), for the nested-repeat rule.
    var quantifiedInside = RegexCharSet.empty
    var quantifiedText: Range<Int>?
    /// Repeats the atom can start or end with, for the adjacent-repeats rule.
    var leadingRepeat = RegexCharSet.empty
    var trailingRepeat = RegexCharSet.empty
    var trailingText: Range<Int>?
    /// The first character of each alternative, for a group; `nil` marks an alternative that can be empty.
    var alternatives: [RegexCharSet?] = []
    var isGroup = false
    var start: Int

    static func zeroWidth(at start: Int) -> RegexAtom {
        RegexAtom(chars: .empty, first: .empty, nullable: true, start: start)
    }
}

/// One alternative of a group being read.
private struct RegexBranch {
    var atom: RegexAtom
    /// Repeats that can end right before the next atom.
    var pending = RegexCharSet.empty
    var pendingText: Range<Int>?
    var nullableSoFar = true

    init(start: Int) {
        atom = RegexAtom(chars: .empty, first: .empty, nullable: true, start: start)
    }
}

private struct RegexAnalyzer {
    private struct Frame {
        var start: Int
        var finished: [RegexBranch] = []
        var current: RegexBranch
    }

    private struct Quantifier {
        var min: Int
        var max: Int
        var end: Int
    }

    private struct Hazard: Error {
        let offset: Int
        let hazard: RegexHazard
    }

    let bytes: [UInt8]
    private var index = 0
    private let caseInsensitive: Bool

    init(bytes: [UInt8]) {
        self.bytes = bytes
        caseInsensitive = Self.setsCaseInsensitive(bytes)
    }

    mutating func run() -> RegexSafety.Finding? {
        do throws(Hazard) {
            try analyze()
            return nil
        } catch {
            return RegexSafety.Finding(byteOffset: error.offset, hazard: error.hazard)
        }
    }

    private mutating func analyze() throws(Hazard) {
        var stack = [Frame(start: 0, current: RegexBranch(start: 0))]
        while index < bytes.count {
            let start = index
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("):
                if try openGroup() { stack.append(Frame(start: start, current: RegexBranch(start: index))) }
                continue
            case UInt8(ascii: ")"):
                guard stack.count > 1, let frame = stack.popLast() else { index += 1; continue }
                index += 1
                let group = close(frame)
                try add(group, to: &stack[stack.count - 1].current)
                continue
            case UInt8(ascii: "|"):
                index += 1
                let top = stack.count - 1
                stack[top].finished.append(stack[top].current)
                stack[top].current = RegexBranch(start: index)
                continue
            case UInt8(ascii: "^"), UInt8(ascii: "$"):
                index += 1
                continue
            default:
                let atom = try readAtom()
                try add(atom, to: &stack[stack.count - 1].current)
            }
        }
    }

    // MARK: - Atoms

    private mutating func readAtom() throws(Hazard) -> RegexAtom {
        let start = index
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "["):
            let set = try readClass()
            return atom(set, at: start)
        case UInt8(ascii: "\\"):
            guard let set = try readEscape() else { return .zeroWidth(at: start) }
            return atom(set, at: start)
        case UInt8(ascii: "."):
            index += 1
            return atom(.any, at: start)
        default:
            index += 1
            if byte >= 0x80 {
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            }
            return atom(.of(byte), at: start)
        }
    }

    private func atom(_ set: RegexCharSet, at start: Int) -> RegexAtom {
        let folded = caseInsensitive ? set.caseFolded : set
        return RegexAtom(chars: folded, first: folded, start: start)
    }

    /// Reads `(`, `(?:`, `(?<name>`, `(?P<name>`, `(?'name'`, `(?flags)` or `(?flags:`; refuses the
    /// rest. Returns whether a group opened: `(?i)` only sets a flag.
    private mutating func openGroup() throws(Hazard) -> Bool {
        let start = index
        index += 1
        guard index < bytes.count, bytes[index] == UInt8(ascii: "?") else { return true }
        index += 1
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case UInt8(ascii: ":"):
            index += 1
        case UInt8(ascii: "="), UInt8(ascii: "!"):
            throw Hazard(offset: start, hazard: .lookaround(text(start..<min(index + 1, bytes.count))))
        case UInt8(ascii: "<") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "=") || bytes[index + 1] == UInt8(ascii: "!")):
            throw Hazard(offset: start, hazard: .lookaround(text(start..<(index + 2))))
        case UInt8(ascii: "<"), UInt8(ascii: "'"), UInt8(ascii: "P"):
            let close: UInt8 = bytes[index] == UInt8(ascii: "'") ? UInt8(ascii: "'") : UInt8(ascii: ">")
            index += bytes[index] == UInt8(ascii: "P") ? 2 : 1
            while index < bytes.count, bytes[index] != close { index += 1 }
            index += 1
        case UInt8(ascii: ">"):
            throw Hazard(offset: start, hazard: .unsupported("an atomic group \"(?>\""))
        case UInt8(ascii: "#"):
            throw Hazard(offset: start, hazard: .unsupported("a comment \"(?#\""))
        default:
            // Inline flags: `(?i)` turns case folding on; `(?x)` changes what whitespace means.
            while index < bytes.count, bytes[index] != UInt8(ascii: ")"), bytes[index] != UInt8(ascii: ":") {
                if bytes[index] == UInt8(ascii: "x") {
                    throw Hazard(offset: start, hazard: .unsupported("free-spacing mode \"(?x\""))
                }
                index += 1
            }
            let opensGroup = index < bytes.count && bytes[index] == UInt8(ascii: ":")
            index += 1
            return opensGroup
        }
        return true
    }

    /// Reads `[…]` into a set; nested classes and set operations are refused.
    private mutating func readClass() throws(Hazard) -> RegexCharSet {
        let start = index
        index += 1
        var negated = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") { negated = true; index += 1 }
        var set = RegexCharSet.empty
        var first = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "]"), !first { index += 1; break }
            first = false
            if byte == UInt8(ascii: "[") {
                throw Hazard(offset: index, hazard: .unsupported("a nested character class or set operation in \"\(text(start..<min(index + 1, bytes.count)))\""))
            }
            let low: UInt8?
            if byte == UInt8(ascii: "\\") {
                guard let escaped = try readEscape() else { continue }
                set = set.union(escaped)
                low = Self.single(escaped)
            } else {
                index += 1
                if byte >= 0x80 {
                    while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                    set.nonASCII = true
                    low = nil
                } else {
                    set.insert(byte)
                    low = byte
                }
            }
            // A range `a-z`: a `-` between two single characters.
            if let low, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] != UInt8(ascii: "]") {
                index += 1
                let highByte = bytes[index]
                if highByte == UInt8(ascii: "\\") {
                    guard let escaped = try readEscape() else { continue }
                    if let high = Self.single(escaped) { set = set.union(.range(low, high)) } else { set = set.union(escaped) }
                } else {
                    index += 1
                    if highByte >= 0x80 {
                        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                        set = set.union(.range(low, 0x7F))
                        set.nonASCII = true
                    } else {
                        set = set.union(.range(low, highByte))
                    }
                }
            }
        }
        return negated ? set.complement : set
    }

    /// Reads an escape; returns its set, or `nil` for a zero-width assertion.
    private mutating func readEscape() throws(Hazard) -> RegexCharSet? {
        let start = index
        index += 1
        guard index < bytes.count else { return .of(UInt8(ascii: "\\")) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "d"): return RegexCharSet.digits.union(RegexCharSet(nonASCII: true))
        case UInt8(ascii: "w"): return RegexCharSet.word.union(RegexCharSet(nonASCII: true))
        case UInt8(ascii: "s"): return RegexCharSet.space.union(RegexCharSet(nonASCII: true))
        case UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "A"), UInt8(ascii: "Z"), UInt8(ascii: "z"), UInt8(ascii: "G"):
            return nil
        case UInt8(ascii: "1")...UInt8(ascii: "9"), UInt8(ascii: "k"):
            if letter == UInt8(ascii: "k") { skipBraced() }
            throw Hazard(offset: start, hazard: .backreference(text(start..<index)))
        case UInt8(ascii: "Q"), UInt8(ascii: "E"):
            throw Hazard(offset: start, hazard: .unsupported("quoting \"\\Q…\\E\""))
        case UInt8(ascii: "n"): return .of(0x0A)
        case UInt8(ascii: "t"): return .of(0x09)
        case UInt8(ascii: "r"): return .of(0x0D)
        case UInt8(ascii: "f"): return .of(0x0C)
        case UInt8(ascii: "e"): return .of(0x1B)
        case UInt8(ascii: "a"): return .of(0x07)
        case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "0"):
            return code(after: letter)
        case UInt8(ascii: "p"), UInt8(ascii: "P"), UInt8(ascii: "N"):
            skipBraced()
            return .any
        default:
            // Escaped punctuation stands for itself; any other letter is taken as anything.
            let isLetter = (letter | 0x20) >= UInt8(ascii: "a") && (letter | 0x20) <= UInt8(ascii: "z")
            return isLetter || letter >= 0x80 ? .any : .of(letter)
        }
    }

    /// The character of `\xhh`, `\x{…}`, `\uhhhh`, `\Uhhhhhhhh` or `\0ooo`.
    private mutating func code(after letter: UInt8) -> RegexCharSet {
        var value = 0
        if letter == UInt8(ascii: "x"), index < bytes.count, bytes[index] == UInt8(ascii: "{") {
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "}") {
                value = value &* 16 &+ Int(ASCII.hexValue(bytes[index]) ?? 0)
                index += 1
            }
            index += 1
        } else {
            let (digits, radix) = letter == UInt8(ascii: "x") ? (2, 16) : letter == UInt8(ascii: "u") ? (4, 16) : letter == UInt8(ascii: "U") ? (8, 16) : (3, 8)
            var read = 0
            while read < digits, index < bytes.count, let digit = ASCII.hexValue(bytes[index]), Int(digit) < radix {
                value = value &* radix &+ Int(digit)
                index += 1
                read += 1
            }
        }
        return value < 128 ? .of(UInt8(value)) : RegexCharSet(nonASCII: true)
    }

    private mutating func skipBraced() {
        guard index < bytes.count else { return }
        if bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "<") {
            let close = bytes[index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: ">")
            while index < bytes.count, bytes[index] != close { index += 1 }
            index += 1
        } else {
            index += 1
        }
    }

    // MARK: - Groups and sequences

    private func close(_ frame: Frame) -> RegexAtom {
        let branches = frame.finished + [frame.current]
        var group = RegexAtom(chars: .empty, first: .empty, nullable: false, start: frame.start)
        group.isGroup = true
        for branch in branches {
            let atom = branch.atom
            group.chars = group.chars.union(atom.chars)
            group.first = group.first.union(atom.first)
            group.nullable = group.nullable || branch.nullableSoFar
            if group.quantifiedText == nil { group.quantifiedText = atom.quantifiedText }
            group.quantifiedInside = group.quantifiedInside.union(atom.quantifiedInside)
            group.leadingRepeat = group.leadingRepeat.union(atom.leadingRepeat)
            group.trailingRepeat = group.trailingRepeat.union(branch.pending)
            if group.trailingText == nil { group.trailingText = branch.pendingText }
            group.alternatives.append(branch.nullableSoFar ? nil : atom.first)
        }
        return group
    }

    /// Adds `atom` (and the quantifier after it) to `branch`, applying the three hazard rules.
    private mutating func add(_ atom: RegexAtom, to branch: inout RegexBranch) throws(Hazard) {
        var atom = atom
        if let quantifier = try readQuantifier() {
            let whole = atom.start..<quantifier.end
            if atom.isGroup && quantifier.max > 1 {
                if atom.alternatives.count > 1, Self.overlap(atom.alternatives) {
                    throw Hazard(offset: atom.start, hazard: .overlappingAlternatives(group: text(whole)))
                }
                if atom.quantifiedInside.intersects(atom.first) {
                    throw Hazard(offset: atom.start, hazard: .nestedRepeat(group: text(whole), inner: text(atom.quantifiedText ?? whole)))
                }
            }
            atom.quantifiedInside = atom.quantifiedInside.union(atom.chars)
            if atom.quantifiedText == nil { atom.quantifiedText = whole }
            if quantifier.min == 0 { atom.nullable = true }
            if quantifier.max > 1 {
                // Each round starts with what the atom starts with; the last may end with anything in it.
                atom.leadingRepeat = atom.first
                atom.trailingRepeat = atom.chars
                atom.trailingText = whole
            }
        }
        let here = atom.start..<index
        if atom.leadingRepeat.intersects(branch.pending) {
            throw Hazard(offset: atom.start, hazard: .adjacentRepeats(first: text(branch.pendingText ?? here), second: text(here)))
        }
        if atom.nullable {
            if !atom.trailingRepeat.isEmpty {
                branch.pending = branch.pending.union(atom.trailingRepeat)
                branch.pendingText = branch.pendingText ?? atom.trailingText ?? here
            }
        } else {
            branch.pending = atom.trailingRepeat
            branch.pendingText = atom.trailingRepeat.isEmpty ? nil : (atom.trailingText ?? here)
        }
        var summary = branch.atom
        summary.chars = summary.chars.union(atom.chars)
        summary.quantifiedInside = summary.quantifiedInside.union(atom.quantifiedInside)
        if summary.quantifiedText == nil { summary.quantifiedText = atom.quantifiedText }
        if branch.nullableSoFar {
            summary.first = summary.first.union(atom.first)
            summary.leadingRepeat = summary.leadingRepeat.union(atom.leadingRepeat)
        }
        branch.nullableSoFar = branch.nullableSoFar && atom.nullable
        branch.atom = summary
    }

    /// Reads `* + ? {n} {n,} {n,m}` and a lazy `?` or possessive `+` after it.
    private mutating func readQuantifier() throws(Hazard) -> Quantifier? {
        guard index < bytes.count else { return nil }
        let start = index
        var quantifier: Quantifier
        switch bytes[index] {
        case UInt8(ascii: "*"): quantifier = Quantifier(min: 0, max: .max, end: index + 1)
        case UInt8(ascii: "+"): quantifier = Quantifier(min: 1, max: .max, end: index + 1)
        case UInt8(ascii: "?"): quantifier = Quantifier(min: 0, max: 1, end: index + 1)
        case UInt8(ascii: "{"):
            guard let counted = countedQuantifier() else { return nil }
            quantifier = counted
            let limit = RegexSafety.maximumRepeatCount
            if quantifier.min > limit || (quantifier.max != .max && quantifier.max > limit) {
                throw Hazard(offset: start, hazard: .repeatCount(text(start..<quantifier.end), limit: limit))
            }
        default: return nil
        }
        index = quantifier.end
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "+") {
            index += 1
            quantifier.end = index
        }
        return quantifier
    }

    /// `{n}`, `{n,}` or `{n,m}` at `index`, without moving; `nil` when the brace is a literal.
    private func countedQuantifier() -> Quantifier? {
        var cursor = index + 1
        func number() -> Int? {
            let begin = cursor
            var value = 0
            while cursor < bytes.count, ASCII.isDigit(bytes[cursor]) {
                value = min(value &* 10 &+ Int(bytes[cursor] - 0x30), 1_000_000_000)
                cursor += 1
            }
            return cursor > begin ? value : nil
        }
        guard let low = number() else { return nil }
        var high = low
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
            cursor += 1
            high = number() ?? .max
        }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else { return nil }
        return Quantifier(min: low, max: high, end: cursor + 1)
    }

    // MARK: - Helpers

    private static func overlap(_ alternatives: [RegexCharSet?]) -> Bool {
        var seen = RegexCharSet.empty
        for alternative in alternatives {
            guard let first = alternative else { return true }
            if first.intersects(seen) { return true }
            seen = seen.union(first)
        }
        return false
    }

    /// The one ASCII character a set holds, for the ends of a range.
    private static func single(_ set: RegexCharSet) -> UInt8? {
        guard !set.nonASCII, (set.low.nonzeroBitCount + set.high.nonzeroBitCount) == 1 else { return nil }
        return set.low != 0 ? UInt8(set.low.trailingZeroBitCount) : UInt8(64 + set.high.trailingZeroBitCount)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(range.upperBound, bytes.count)], as: UTF8.self)
    }

    /// Whether any `(?…)` group turns on `i`; then every set is taken case-folded.
    private static func setsCaseInsensitive(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "("), bytes[index + 1] == UInt8(ascii: "?") {
                var cursor = index + 2
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ")"), bytes[cursor] != UInt8(ascii: ":"),
                      bytes[cursor] != UInt8(ascii: "-") {
                    if bytes[cursor] == UInt8(ascii: "i") { return true }
                    guard (bytes[cursor] | 0x20) >= UInt8(ascii: "a"), (bytes[cursor] | 0x20) <= UInt8(ascii: "z") else { break }
                    cursor += 1
                }
            }
            index += 1
        }
        return false
    }
}
