import SwitchyardPatterns
import SwitchyardSupport

/// Registered pattern variants indexed by shape, so a registration finds the routes it could
/// conflict with in time proportional to its own segments, not to the table.
///
/// Two variants have the same shape when they end at the same place in the trie: the same
/// literals (case-folded unless matching is case-sensitive), the same checks, plain
/// parameters and a catch-all at the same positions. A shape's hash is a sum over positions,
/// so the shape with one position swapped between `:param` and `<string:>` is found in O(1)
/// per position.
struct ShapeIndex {
    /// One variant of one route, in 8 bytes: a table holds one per variant for its lifetime.
    struct Entry: Equatable {
        private let packed: UInt64

        /// Variants number at most 2^10 (``InputLimits/optionalGroupCeiling`` groups).
        init(route: RouteID, variant: Int) {
            packed = UInt64(truncatingIfNeeded: route.rawValue) << 10 | UInt64(truncatingIfNeeded: variant & 0x3FF)
        }

        var route: RouteID { RouteID(rawValue: Int(truncatingIfNeeded: packed >> 10)) }
        var variant: Int { Int(truncatingIfNeeded: packed & 0x3FF) }
    }

    let caseSensitive: Bool
    /// Added to every shape hash: the table keeps 32 bits of it, and a manifest must not be
    /// able to precompute many shapes that share a key (each registration compares them all).
    private let seed = UInt64.random(in: .min ... .max)
    private var entries = ShapeTable()
    /// Variants with a typed or regex segment, by their shape with every check alike.
    private var checkedEntries = ShapeTable()

    init(caseSensitive: Bool) {
        self.caseSensitive = caseSensitive
    }

    /// The variants of other routes with exactly this shape; `key` is ``key(_:)`` of `variant`,
    /// and `variantOf` finds a stored one.
    func sameShape(as variant: [CompiledSegment], key: UInt64, excluding route: RouteID, variantOf: (Entry) -> [CompiledSegment]?) -> [Entry] {
        candidates(key, excluding: route) { variantOf($0).map { same(variant, $0, swappingAt: nil) } ?? false }
    }

    /// The variants of other routes whose shape is `variant`'s with the segment at `position`
    /// swapped between a plain `:param` and `<string:>`: the one pair where one always takes
    /// what the other would match (the typed segment is tried first).
    func swapped(_ variant: [CompiledSegment], key: UInt64, at position: Int, excluding route: RouteID, variantOf: (Entry) -> [CompiledSegment]?) -> [Entry] {
        let segment = variant[position]
        guard segment.isPlainParameter || segment.isStringParameter else { return [] }
        let other: Token = segment.isPlainParameter ? .check("<string>") : .parameter
        let swappedHash = key &- mix(token(segment), position) &+ mix(other, position)
        return candidates(swappedHash, excluding: route) { variantOf($0).map { same(variant, $0, swappingAt: position) } ?? false }
    }

    /// The variants of other routes with checks at the same positions as `variant`'s (at
    /// least one differing) and the same shape elsewhere: where two checks of equal rank are
    /// tried side by side and the better route wins a value both accept.
    func sideBySide(_ variant: [CompiledSegment], excluding route: RouteID, limit: Int, variantOf: (Entry) -> [CompiledSegment]?) -> [Entry] {
        guard let key = checkedKey(variant) else { return [] }
        var found: [Entry] = []
        for entry in checkedEntries.entries(key) where entry.route != route {
            guard found.count < limit else { break }
            guard let stored = variantOf(entry), stored.count == variant.count else { continue }
            var differs = false, alike = true
            for (new, old) in zip(variant, stored) {
                if case .checked(_, let newCheck) = new, case .checked(_, let oldCheck) = old {
                    if newCheck.key != oldCheck.key { differs = true }
                } else if !sameToken(new, old) {
                    alike = false
                    break
                }
            }
            if alike && differs { found.append(entry) }
        }
        return found
    }

    mutating func insert(_ variant: [CompiledSegment], key: UInt64, _ entry: Entry) {
        entries.insert(key, entry)
        if let checked = checkedKey(variant) { checkedEntries.insert(checked, entry) }
    }

    mutating func remove(_ variant: [CompiledSegment], _ entry: Entry) {
        entries.remove(key(variant), entry)
        if let checked = checkedKey(variant) { checkedEntries.remove(checked, entry) }
    }

    /// The shape's hash with every check alike; `nil` when the variant has none.
    private func checkedKey(_ variant: [CompiledSegment]) -> UInt64? {
        var sum = seed &+ UInt64(truncatingIfNeeded: variant.count) &* 0x9E37_79B9_7F4A_7C15
        var hasCheck = false
        for (position, segment) in variant.enumerated() {
            if case .checked = segment {
                hasCheck = true
                sum &+= mix(.check(""), position)
            } else {
                sum &+= mix(token(segment), position)
            }
        }
        return hasCheck ? sum : nil
    }

    private func candidates(_ key: UInt64, excluding route: RouteID, _ matches: (Entry) -> Bool) -> [Entry] {
        entries.entries(key).filter { $0.route != route && matches($0) }
    }

    // MARK: - Shapes

    private enum Token: Hashable {
        case literal(String)
        case check(String)
        case parameter
        case catchAll
    }

    /// Whether two segments are the same token, without making one: candidates are compared
    /// segment by segment, and folding a literal's case would allocate each time.
    private func sameToken(_ one: CompiledSegment, _ other: CompiledSegment) -> Bool {
        switch (one, other) {
        case (.literal(let a), .literal(let b)):
            guard !caseSensitive else { return a == b }
            return a.utf8.elementsEqual(b.utf8) { ASCII.lowercased($0) == ASCII.lowercased($1) }
        case (.checked(_, let a), .checked(_, let b)): return a.key == b.key
        case (.parameter, .parameter), (.catchAll, .catchAll): return true
        default: return false
        }
    }

    private func token(_ segment: CompiledSegment) -> Token {
        switch segment {
        case .literal(let text): return .literal(text) // folded as it is hashed
        case .checked(_, let check): return .check(check.key)
        case .parameter: return .parameter
        case .catchAll: return .catchAll
        }
    }

    /// The shape's hash: equal shapes have equal keys.
    func key(_ variant: [CompiledSegment]) -> UInt64 {
        var sum = seed &+ UInt64(truncatingIfNeeded: variant.count) &* 0x9E37_79B9_7F4A_7C15
        for (position, segment) in variant.enumerated() { sum &+= mix(token(segment), position) }
        return sum
    }

    /// Whether `stored` has `variant`'s shape, or that shape with `position` swapped.
    private func same(_ variant: [CompiledSegment], _ stored: [CompiledSegment], swappingAt position: Int?) -> Bool {
        guard variant.count == stored.count else { return false }
        for index in variant.indices {
            if index == position {
                let new = variant[index], old = stored[index]
                guard (new.isPlainParameter && old.isStringParameter) || (new.isStringParameter && old.isPlainParameter) else { return false }
            } else if !sameToken(variant[index], stored[index]) {
                return false
            }
        }
        return true
    }

    /// A token's contribution at a position: FNV-1a over a tag and its text, then mixed with the position.
    private func mix(_ token: Token, _ position: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        switch token {
        case .literal(let text):
            add(1)
            for byte in text.utf8 { add(caseSensitive ? byte : ASCII.lowercased(byte)) }
        case .check(let key):
            add(2)
            for byte in key.utf8 { add(byte) }
        case .parameter: add(3)
        case .catchAll: add(4)
        }
        var mixed = hash ^ (UInt64(truncatingIfNeeded: position) &* 0xBF58_476D_1CE4_E5B9)
        mixed = (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 29)
    }
}
