/// The characters one regex atom can read: exact for ASCII, and three kinds for the rest
/// (word characters, spaces, anything else), which ICU's `\w` and `\s` never share.
///
/// Always a superset of what ICU would read, so that two sets that do not intersect here
/// cannot share a character there: that is what makes the ambiguity check sound.
struct RegexCharSet: Equatable {
    /// Kinds of non-ASCII characters, as bits: ICU's `\w` (letters, marks, decimal digits,
    /// connector punctuation, joiners), its `\s` (white space), and every other one.
    struct Kinds: OptionSet, Equatable {
        let rawValue: UInt8
        static let word = Kinds(rawValue: 1)
        static let space = Kinds(rawValue: 2)
        static let other = Kinds(rawValue: 4)
        static let all: Kinds = [.word, .space, .other]

        /// The kind of one non-ASCII character.
        init(of scalar: Unicode.Scalar) {
            let properties = scalar.properties
            if properties.isWhitespace {
                self = .space
            } else if properties.isAlphabetic || properties.isJoinControl {
                self = .word
            } else {
                switch properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: self = .word
                default: self = .other
                }
            }
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }
    }

    var low: UInt64 = 0
    var high: UInt64 = 0
    var kinds: Kinds = []

    static let empty = RegexCharSet()
    static let any = RegexCharSet(low: .max, high: .max, kinds: .all)
    static let anyNonASCII = RegexCharSet(kinds: .all)

    var nonASCII: Bool { !kinds.isEmpty }

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

    static let letters = range(0x41, 0x5A).union(range(0x61, 0x7A))
    /// `\d`, `\w`, `\s`: their ASCII members, and the non-ASCII kind they can read.
    static let digits = range(0x30, 0x39).union(RegexCharSet(kinds: .word))
    static let word = range(0x30, 0x39).union(letters).union(of(0x5F)).union(RegexCharSet(kinds: .word))
    static let space = range(0x09, 0x0D).union(of(0x20)).union(RegexCharSet(kinds: .space))

    /// One character, ASCII or not.
    static func of(_ scalar: Unicode.Scalar) -> RegexCharSet {
        scalar.isASCII ? of(UInt8(scalar.value)) : RegexCharSet(kinds: Kinds(of: scalar))
    }

    /// Whether the set holds this ASCII character (exact: only non-ASCII is approximated).
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }

    var isEmpty: Bool { low == 0 && high == 0 && kinds.isEmpty }

    mutating func insert(_ byte: UInt8) {
        if byte >= 128 { kinds = .all } else if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }

    func union(_ other: RegexCharSet) -> RegexCharSet {
        RegexCharSet(low: low | other.low, high: high | other.high, kinds: kinds.union(other.kinds))
    }

    func intersects(_ other: RegexCharSet) -> Bool {
        low & other.low != 0 || high & other.high != 0 || !kinds.intersection(other.kinds).isEmpty
    }

    /// Every character not in the set, with every non-ASCII kind: a kind stands for many characters.
    var complement: RegexCharSet { RegexCharSet(low: ~low, high: ~high, kinds: .all) }

    /// The set as `(?i)` reads it: both cases of every ASCII letter, and, since Unicode case
    /// folding maps some non-ASCII letters to ASCII ones (the Kelvin sign to `k`, the long s
    /// to `s`), every letter and non-ASCII character wherever either occurs.
    var caseFolded: RegexCharSet {
        var folded = self
        if kinds.contains(.word) { folded = folded.union(Self.letters) }
        if folded.intersects(Self.letters) {
            let upper: UInt64 = 0x07FF_FFFE        // A–Z in `high` (bits 1…26)
            let lower: UInt64 = 0x07FF_FFFE << 32  // a–z in `high` (bits 33…58)
            folded.high |= ((folded.high & upper) << 32) | ((folded.high & lower) >> 32)
            folded.kinds.insert(.word)
        }
        return folded
    }

    /// The one ASCII character the set holds, for the ends of a range.
    var single: UInt8? {
        guard !nonASCII, (low.nonzeroBitCount + high.nonzeroBitCount) == 1 else { return nil }
        return low != 0 ? UInt8(low.trailingZeroBitCount) : UInt8(64 + high.trailingZeroBitCount)
    }
}
