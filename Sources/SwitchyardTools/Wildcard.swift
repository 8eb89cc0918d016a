/// Apple's wildcard patterns for `apple-app-site-association` components: `*` matches any run
/// of characters (`/` included) and `?` exactly one.
///
/// Compiled once per pattern into a bit-parallel automaton (one bit per pattern position), so
/// a match costs the text's length times the pattern's length over 64, never more: a pattern
/// such as `*aaaa…b`, which makes a backtracking matcher retry every position, costs what any
/// other does. Each match reports its steps, so a whole check can be held to a budget.
struct Wildcard: Sendable {
    /// The pattern, folded to lower case when it ignores case, with runs of `*` made one.
    private let pattern: [UInt8]
    private let ignoresCase: Bool
    /// A pattern without `*` or `?` is compared as bytes.
    private let isLiteral: Bool
    /// Words of 64 bits per state: one bit per position, and one for the end.
    private let words: Int
    /// The positions that hold `*`.
    private let stars: [UInt64]
    /// For each byte, the positions it may pass (it, or `?`): an index into `masks` (in words).
    private let maskOffset: [Int32]
    private let masks: [UInt64]

    /// The bytes a match of this pattern must start with: what comes before its first `*` or `?`.
    let literalPrefix: ArraySlice<UInt8>
    /// What comes after the last `*` or `?`.
    private let literalSuffix: ArraySlice<UInt8>
    /// The pattern's length in bytes, runs of `*` counted once.
    var patternLength: Int { pattern.count }

    init(_ text: String, caseSensitive: Bool) {
        var bytes: [UInt8] = []
        for byte in text.utf8 where !(byte == UInt8(ascii: "*") && bytes.last == UInt8(ascii: "*")) {
            bytes.append(caseSensitive ? byte : Self.lowercased(byte))
        }
        pattern = bytes
        ignoresCase = !caseSensitive
        let wildcard = bytes.firstIndex { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }
        isLiteral = wildcard == nil
        literalPrefix = bytes[..<(wildcard ?? bytes.count)]
        let last = bytes.lastIndex { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }
        literalSuffix = bytes[(last.map { $0 + 1 } ?? bytes.count)...]
        words = (bytes.count + 1 + 63) / 64
        guard !isLiteral else {
            (stars, maskOffset, masks) = ([], [], [])
            return
        }
        var stars = [UInt64](repeating: 0, count: words)
        var any = [UInt64](repeating: 0, count: words)
        for (position, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "*") { stars[position / 64] |= 1 << UInt64(position % 64) }
            if byte == UInt8(ascii: "?") { any[position / 64] |= 1 << UInt64(position % 64) }
        }
        // Offset 0 is the mask of a byte the pattern does not name: only `?` lets it pass.
        var masks = any
        var offset = [Int32](repeating: 0, count: 256)
        for byte in Set(bytes) where byte != UInt8(ascii: "*") && byte != UInt8(ascii: "?") {
            offset[Int(byte)] = Int32(masks.count)
            var mask = any
            for (position, other) in bytes.enumerated() where other == byte { mask[position / 64] |= 1 << UInt64(position % 64) }
            masks += mask
        }
        (self.stars, maskOffset, self.masks) = (stars, offset, masks)
    }

    /// Whether the whole of `text` matches; `steps` grows by the work done (words per byte).
    func matches(_ text: some Collection<UInt8>, steps: inout Int) -> Bool {
        if isLiteral {
            steps += 1
            guard text.count == pattern.count else { return false }
            return zip(text, pattern).allSatisfy { (ignoresCase ? Self.lowercased($0) : $0) == $1 }
        }
        // What comes before the first wildcard and after the last must be there: most texts
        // that do not match fail here, without running the automaton.
        steps += 1
        guard text.count >= literalPrefix.count + literalSuffix.count,
              zip(text, literalPrefix).allSatisfy({ (ignoresCase ? Self.lowercased($0) : $0) == $1 }),
              zip(text.reversed(), literalSuffix.reversed()).allSatisfy({ (ignoresCase ? Self.lowercased($0) : $0) == $1 })
        else { return false }
        var state = [UInt64](repeating: 0, count: words)
        state[0] = 1
        closeOverStars(&state)
        var next = state
        for byte in text {
            steps += words
            let mask = Int(maskOffset[Int(ignoresCase ? Self.lowercased(byte) : byte)])
            var carry: UInt64 = 0
            var alive: UInt64 = 0
            for word in 0..<words {
                // Positions that pass this byte move one on; positions at a `*` stay.
                let passing = state[word] & masks[mask + word]
                next[word] = (passing << 1) | carry | (state[word] & stars[word])
                carry = passing >> 63
                alive |= next[word]
            }
            guard alive != 0 else { return false }
            closeOverStars(&next)
            swap(&state, &next)
        }
        let end = pattern.count
        return state[end / 64] & (1 << UInt64(end % 64)) != 0
    }

    /// A `*` may also match nothing: a position at a `*` reaches the next one. Runs of `*` are
    /// one, so one step is enough.
    private func closeOverStars(_ state: inout [UInt64]) {
        var carry: UInt64 = 0
        for word in 0..<words {
            let atStar = state[word] & stars[word]
            let moved = (atStar << 1) | carry
            carry = atStar >> 63
            state[word] |= moved
        }
    }

    /// A text the pattern matches: `*` as `1`, `?` as `a`.
    static func sample(_ pattern: String) -> String {
        String(pattern.map { $0 == "*" ? "1" : $0 == "?" ? "a" : $0 })
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
