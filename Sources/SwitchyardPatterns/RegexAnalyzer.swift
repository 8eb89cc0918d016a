import SwitchyardSupport

/// Reads a regex token by token into a ``RegexAutomaton``, refusing anything outside the
/// accepted subset (``RegexHazard``) rather than guessing how ICU reads it: an escape, a
/// group or a brace the subset does not name is a finding, so this reading and ICU's never
/// drift apart. Open groups are kept on a stack of their own.
struct RegexAnalyzer {
    private struct Frame {
        var start: Int
        var branches: [RegexFragment] = []
        var current: RegexFragment
    }

    private struct Quantifier {
        var min: Int
        var max: Int?
        var end: Int
    }

    // Read by the character readers in RegexAnalyzer+Characters.swift.
    let bytes: [UInt8]
    var index = 0
    let caseInsensitive: Bool
    private(set) var automaton: RegexAutomaton
    /// The whole expression, once ``run()`` found it in the accepted subset.
    private(set) var root: RegexFragment?

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.automaton = RegexAutomaton(bytes: bytes)
        self.caseInsensitive = Self.setsCaseInsensitive(bytes)
    }

    mutating func run() -> RegexSafety.Finding? {
        do throws(RegexHazardFound) {
            try analyze()
            return nil
        } catch {
            return RegexSafety.Finding(byteOffset: error.offset, hazard: error.hazard)
        }
    }

    private mutating func analyze() throws(RegexHazardFound) {
        var stack = [Frame(start: 0, current: automaton.nothing(at: 0..<0))]
        while index < bytes.count {
            let start = index
            let fragment: RegexFragment
            switch bytes[index] {
            case UInt8(ascii: "("):
                if try openGroup() { stack.append(Frame(start: start, current: automaton.nothing(at: index..<index))) }
                continue
            case UInt8(ascii: ")"):
                // The regex is compiled inside `^(?:…)$`: an unbalanced `)` would close that group and escape it.
                guard stack.count > 1, let frame = stack.popLast() else {
                    throw RegexHazardFound(offset: start, hazard: .unsupported("an unbalanced \")\""))
                }
                index += 1
                let group = RegexAutomaton.alternate(frame.branches + [frame.current], source: frame.start..<index)
                fragment = try quantify(group)
            case UInt8(ascii: "|"):
                index += 1
                let top = stack.count - 1
                stack[top].branches.append(stack[top].current)
                stack[top].current = automaton.nothing(at: index..<index)
                continue
            case UInt8(ascii: "^"), UInt8(ascii: "$"):
                index += 1
                try refuseQuantifier(after: start)
                fragment = automaton.nothing(at: start..<index)
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
                throw RegexHazardFound(offset: start, hazard: .unsupported("a quantifier with nothing to repeat (write \"\\\(Character(Unicode.Scalar(bytes[start])))\" for the character)"))
            default:
                guard let atom = try readAtom() else {
                    try refuseQuantifier(after: start)
                    fragment = automaton.nothing(at: start..<index)
                    break
                }
                fragment = try quantify(atom, isAtom: true)
            }
            let top = stack.count - 1
            stack[top].current = try automaton.concatenate(stack[top].current, fragment)
        }
        guard stack.count == 1 else {
            throw RegexHazardFound(offset: stack[stack.count - 1].start, hazard: .unsupported("an unclosed \"(\""))
        }
        let root = RegexAutomaton.alternate(stack[0].branches + [stack[0].current], source: 0..<bytes.count)
        try automaton.checkStart(root)
        self.root = root
    }

    // MARK: - Quantifiers

    /// Applies the quantifier after `fragment`, if there is one. An atom is shown with it (`\d+`).
    private mutating func quantify(_ fragment: RegexFragment, isAtom: Bool = false) throws(RegexHazardFound) -> RegexFragment {
        guard let quantifier = try readQuantifier() else { return fragment }
        let whole = fragment.source.lowerBound..<quantifier.end
        if isAtom { automaton.showQuantified(fragment, through: quantifier.end) }
        switch (quantifier.min, quantifier.max) {
        case (0, 1?):
            return RegexAutomaton.optional(fragment)
        case (0, nil):
            return try automaton.repeated(fragment, cause: whole, orNone: true)
        case (1, nil):
            return try automaton.repeated(fragment, cause: whole, orNone: false)
        case (let low, let high):
            return try counted(fragment, low, high, whole)
        }
    }

    /// `{n}`, `{n,}` and `{n,m}` as copies: n required, then nested optional ones, or a repeat.
    private mutating func counted(_ fragment: RegexFragment, _ low: Int, _ high: Int?, _ whole: Range<Int>) throws(RegexHazardFound) -> RegexFragment {
        if high == 0 { return automaton.nothing(at: whole) }
        if fragment.empty > 0, high.map({ $0 > 1 }) ?? true {
            throw RegexHazardFound(offset: whole.lowerBound, hazard: .emptyRepeat(group: automaton.text(whole)))
        }
        let copies = high ?? (low + 1)
        var parts = [fragment]
        for _ in 1..<copies { parts.append(try automaton.copy(fragment)) }
        var required = automaton.nothing(at: whole.lowerBound..<whole.lowerBound)
        for part in parts.prefix(low) { required = try automaton.concatenate(required, part) }
        guard let high else {
            let rest = try automaton.repeated(parts[low], cause: whole, orNone: true)
            var result = try automaton.concatenate(required, rest, loop: true)
            result.source = whole
            return result
        }
        guard high > low else {
            required.source = whole
            return required
        }
        var tail = RegexAutomaton.optional(parts[high - 1])
        for position in stride(from: high - 2, through: low, by: -1) {
            tail = RegexAutomaton.optional(try automaton.concatenate(parts[position], tail))
        }
        var result = try automaton.concatenate(required, tail)
        result.source = whole
        return result
    }

    /// Reads `* + ? {n} {n,} {n,m}` and a lazy `?` or possessive `+` after it.
    private mutating func readQuantifier() throws(RegexHazardFound) -> Quantifier? {
        guard index < bytes.count else { return nil }
        let start = index
        var quantifier: Quantifier
        switch bytes[index] {
        case UInt8(ascii: "*"): quantifier = Quantifier(min: 0, max: nil, end: index + 1)
        case UInt8(ascii: "+"): quantifier = Quantifier(min: 1, max: nil, end: index + 1)
        case UInt8(ascii: "?"): quantifier = Quantifier(min: 0, max: 1, end: index + 1)
        case UInt8(ascii: "{"):
            guard let counted = countedQuantifier() else {
                throw RegexHazardFound(offset: start, hazard: .unsupported("a \"{\" that is not a repeat count (write \"\\{\" for the character)"))
            }
            quantifier = counted
            let limit = RegexSafety.maximumRepeatCount
            if quantifier.min > limit || (quantifier.max ?? 0) > limit {
                throw RegexHazardFound(offset: start, hazard: .repeatCount(automaton.text(start..<quantifier.end), limit: limit))
            }
            if let high = quantifier.max, high < quantifier.min {
                throw RegexHazardFound(offset: start, hazard: .unsupported("the repeat count \"\(automaton.text(start..<quantifier.end))\""))
            }
        default: return nil
        }
        index = quantifier.end
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "+") {
            index += 1
            quantifier.end = index
        }
        try refuseQuantifier(after: start)
        return quantifier
    }

    /// `{n}`, `{n,}` or `{n,m}` at `index`, without moving; `nil` when it is none of those.
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
        var high: Int? = low
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
            cursor += 1
            high = number()
        }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}") else { return nil }
        return Quantifier(min: low, max: high, end: cursor + 1)
    }

    /// A quantifier right after `start`'s construct is not in the subset (`a**`, `^*`, `\b+`).
    private func refuseQuantifier(after start: Int) throws(RegexHazardFound) {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
            throw RegexHazardFound(offset: index, hazard: .unsupported("a quantifier after \"\(automaton.text(start..<index))\""))
        default:
            return
        }
    }

    // MARK: - Atoms

    /// A character, class or escape as a one-position fragment; `nil` for a zero-width escape.
    private mutating func readAtom() throws(RegexHazardFound) -> RegexFragment? {
        let start = index
        let set: RegexCharSet
        switch bytes[index] {
        case UInt8(ascii: "["):
            set = try readClass()
        case UInt8(ascii: "\\"):
            guard let escaped = try readEscape(inClass: false) else { return nil }
            set = escaped
        case UInt8(ascii: "."):
            index += 1
            set = .any
        default:
            set = readCharacter()
        }
        return try automaton.atom(caseInsensitive ? set.caseFolded : set, source: start..<index)
    }

    /// Reads `(` and what makes it a group; returns whether a group opened (`(?i)` only sets a flag).
    private mutating func openGroup() throws(RegexHazardFound) -> Bool {
        let start = index
        index += 1
        guard index < bytes.count, bytes[index] == UInt8(ascii: "?") else { return true }
        index += 1
        guard index < bytes.count else { throw RegexHazardFound(offset: start, hazard: .unsupported("\"(?\"")) }
        let kind = bytes[index]
        switch kind {
        case UInt8(ascii: ":"):
            index += 1
            return true
        case UInt8(ascii: "="), UInt8(ascii: "!"):
            throw RegexHazardFound(offset: start, hazard: .lookaround(automaton.text(start..<(index + 1))))
        case UInt8(ascii: "<") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "=") || bytes[index + 1] == UInt8(ascii: "!")):
            throw RegexHazardFound(offset: start, hazard: .lookaround(automaton.text(start..<(index + 2))))
        case UInt8(ascii: "P") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "="):
            throw RegexHazardFound(offset: start, hazard: .backreference(automaton.text(start..<(index + 2))))
        case UInt8(ascii: "<"), UInt8(ascii: "'"), UInt8(ascii: "P"):
            if kind == UInt8(ascii: "P") {
                index += 1
                guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else {
                    throw RegexHazardFound(offset: start, hazard: .unsupported("\"\(automaton.text(start..<min(index + 1, bytes.count)))\""))
                }
            }
            let close = bytes[index] == UInt8(ascii: "'") ? UInt8(ascii: "'") : UInt8(ascii: ">")
            index += 1
            let nameStart = index
            while index < bytes.count, bytes[index] != close {
                let byte = bytes[index]
                let isNameByte = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || ASCII.isDigit(byte)
                guard isNameByte else { throw RegexHazardFound(offset: start, hazard: .unsupported("the group name in \"\(automaton.text(start..<(index + 1)))\"")) }
                index += 1
            }
            guard index < bytes.count, index > nameStart else { throw RegexHazardFound(offset: start, hazard: .unsupported("an unnamed named group")) }
            index += 1
            return true
        case UInt8(ascii: "i"):
            // The one flag in the subset: `(?i)` for the rest, `(?i:…)` for a group.
            index += 1
            guard index < bytes.count, bytes[index] == UInt8(ascii: ")") || bytes[index] == UInt8(ascii: ":") else {
                throw RegexHazardFound(offset: start, hazard: .unsupported("the flags \"\(automaton.text(start..<min(index + 1, bytes.count)))\" (only (?i) is)"))
            }
            let opensGroup = bytes[index] == UInt8(ascii: ":")
            index += 1
            return opensGroup
        case UInt8(ascii: ">"):
            throw RegexHazardFound(offset: start, hazard: .unsupported("an atomic group \"(?>\""))
        case UInt8(ascii: "#"):
            throw RegexHazardFound(offset: start, hazard: .unsupported("a comment \"(?#\""))
        case UInt8(ascii: "x"):
            throw RegexHazardFound(offset: start, hazard: .unsupported("free-spacing mode \"(?x\""))
        default:
            throw RegexHazardFound(offset: start, hazard: .unsupported("\"\(automaton.text(start..<(index + 1)))\""))
        }
    }

    /// Whether the flag `(?i` appears anywhere; then every set is taken case-folded.
    private static func setsCaseInsensitive(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "("), bytes[index + 1] == UInt8(ascii: "?"), bytes[index + 2] == UInt8(ascii: "i") { return true }
            index += 1
        }
        return false
    }
}
