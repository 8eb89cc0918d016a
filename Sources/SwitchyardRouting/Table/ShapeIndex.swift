import SwitchyardPatterns
import SwitchyardSupport

/// Registered pattern variants indexed by shape and scheme, so a registration finds the routes
/// it could conflict with in time proportional to its own segments, not to the table.
///
/// Two variants have the same shape when they end at the same place in the trie: the same
/// literals (case-folded unless matching is case-sensitive), the same checks, plain
/// parameters and a catch-all at the same positions. A shape's hash is a sum over positions,
/// so the shape with one position swapped between `:param` and `<string:>` is found in O(1)
/// per position.
///
/// Routes of different schemes never take each other's URLs, so each scheme has its own
/// part of the index (a scheme's hash is added to the shape's), and 2,000 routes of one shape
/// in 2,000 schemes cost what 2,000 shapes do. A route of no scheme matches every scheme's
/// URLs; the shapes of scheme routes are also kept by shape alone, for it to find them.
struct ShapeIndex {
    /// One variant of one route, in 8 bytes: a table holds one per variant for its lifetime.
    struct Entry: Hashable, Comparable {
        let bits: UInt64

        /// Variants number at most 2^10 (``InputLimits/optionalGroupCeiling`` groups).
        init(route: RouteID, variant: Int) {
            bits = UInt64(truncatingIfNeeded: route.rawValue) << 10 | UInt64(truncatingIfNeeded: variant & 0x3FF)
        }

        init(bits: UInt64) { self.bits = bits }

        var route: RouteID { RouteID(rawValue: Int(truncatingIfNeeded: bits >> 10)) }
        var variant: Int { Int(truncatingIfNeeded: bits & 0x3FF) }

        /// Registration order, then variant order.
        static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.bits < rhs.bits }
    }

    /// What the index reads of a stored entry: its variant and its route's scheme.
    typealias Describe = (Entry) -> (variant: [CompiledSegment], scheme: String?)?

    /// The parts of the index: by shape, or by the shape with every check alike; each either
    /// per scheme (the scheme's hash added) or for scheme routes by shape alone.
    enum Part: CaseIterable {
        case shape, schemedShape, checked, schemedChecked
    }

    let caseSensitive: Bool
    /// Added to every shape hash: the table keeps 32 bits of it, and a manifest must not be
    /// able to precompute many shapes that share a key.
    private let seed = UInt64.random(in: .min ... .max)
    private var parts = Array(repeating: ShapeTable(), count: Part.allCases.count)

    init(caseSensitive: Bool) {
        self.caseSensitive = caseSensitive
    }

    private func index(_ part: Part) -> Int {
        switch part {
        case .shape: return 0
        case .schemedShape: return 1
        case .checked: return 2
        case .schemedChecked: return 3
        }
    }

    /// A variant's hashes, made once and read for every part: each part's key is one of them,
    /// or one plus the scheme's. Hashing a variant again for each part and each search of a
    /// registration took twice the mixing the keys need.
    struct Shape {
        /// The shape's hash, without the scheme.
        let plain: UInt64
        /// The shape's hash with every check alike; `nil` when the variant has none.
        let checked: UInt64?
        /// The scheme's hash; 0 for a route of no scheme.
        let schemeHash: UInt64
        let hasScheme: Bool

        /// The key the variant is stored under in `part`, or `nil` when it is not stored there
        /// (a route of no scheme in a schemed part, a variant without checks in a checked one).
        func key(in part: Part) -> UInt64? {
            switch part {
            case .shape: return plain &+ schemeHash
            case .schemedShape: return hasScheme ? plain : nil
            case .checked: return checked.map { $0 &+ schemeHash }
            case .schemedChecked: return hasScheme ? checked : nil
            }
        }

        /// The same variant's hashes for a route of no scheme.
        var withoutScheme: Shape { Shape(plain: plain, checked: checked, schemeHash: 0, hasScheme: false) }
    }

    /// The hashes of `variant` for a route of `scheme`.
    func shape(_ variant: [CompiledSegment], scheme: String?) -> Shape {
        var plain = seed &+ UInt64(truncatingIfNeeded: variant.count) &* 0x9E37_79B9_7F4A_7C15
        var checked = plain
        var hasCheck = false
        for (position, segment) in variant.enumerated() {
            let mixed = mix(segment, position)
            plain &+= mixed
            if case .checked = segment {
                hasCheck = true
                checked &+= mix(tag: Tag.check, position)
            } else {
                checked &+= mixed
            }
        }
        return Shape(plain: plain, checked: hasCheck ? checked : nil, schemeHash: schemeHash(scheme), hasScheme: scheme != nil)
    }

    /// The key `variant` of a route of `scheme` is stored under in `part`; see ``Shape/key(in:)``.
    func key(_ variant: [CompiledSegment], scheme: String?, in part: Part) -> UInt64? {
        shape(variant, scheme: scheme).key(in: part)
    }

    /// Whether `part` holds any entry.
    func hasEntries(in part: Part) -> Bool {
        parts[index(part)].count > 0
    }

    /// The entries stored under `key` in `part`, oldest first.
    func entries(_ key: UInt64, in part: Part, skipping route: RouteID? = nil, describe: Describe) -> [Entry] {
        parts[index(part)].entries(key, skipping: route) { entry in describe(entry).flatMap { self.key($0.variant, scheme: $0.scheme, in: part) } }
    }

    /// The key of the shape `key` (in ``Part/shape`` or ``Part/schemedShape``) with the
    /// segment at `position` swapped between a plain `:param` and `<string:>`: the one pair
    /// where one always takes what the other would match (the typed segment is tried first).
    func swappedKey(_ key: UInt64, _ variant: [CompiledSegment], at position: Int) -> UInt64? {
        let segment = variant[position]
        guard segment.isPlainParameter || segment.isStringParameter else { return nil }
        let other = segment.isPlainParameter ? mix(tag: Tag.check, Self.stringCheckKey, position) : mix(tag: Tag.parameter, position)
        return key &- mix(segment, position) &+ other
    }

    /// The key of the built-in `<string:>` check, which ``swappedKey(_:_:at:)`` puts in.
    private static let stringCheckKey = "<string>"

    mutating func insert(_ variant: [CompiledSegment], scheme: String?, _ entry: Entry, describe: Describe) {
        let shape = shape(variant, scheme: scheme)
        for part in Part.allCases {
            guard let key = shape.key(in: part) else { continue }
            // Taken out while it changes: the key of a stored entry reads the rest of the index.
            let index = index(part)
            var table = parts[index]
            parts[index] = ShapeTable()
            table.insert(key, entry) { stored in describe(stored).flatMap { self.key($0.variant, scheme: $0.scheme, in: part) } }
            parts[index] = table
        }
    }

    mutating func remove(_ variant: [CompiledSegment], scheme: String?, _ entry: Entry) {
        let shape = shape(variant, scheme: scheme)
        for part in Part.allCases {
            guard let key = shape.key(in: part) else { continue }
            parts[index(part)].remove(key, entry)
        }
    }

    /// Whether two shapes with checks at the same positions (the same ``Part/checked`` key)
    /// differ in at least one check, which is when they are tried side by side.
    func checksDiffer(_ variant: [CompiledSegment], _ stored: [CompiledSegment]) -> Bool {
        guard variant.count == stored.count else { return false }
        var differs = false
        for (new, old) in zip(variant, stored) {
            if case .checked(_, let newCheck) = new, case .checked(_, let oldCheck) = old {
                if newCheck.key != oldCheck.key { differs = true }
            } else if !sameToken(new, old) {
                return false
            }
        }
        return differs
    }

    /// A scheme's part of the index: 0 for routes of no scheme.
    private func schemeHash(_ scheme: String?) -> UInt64 {
        guard let scheme else { return 0 }
        return mix(tag: Tag.literal, scheme, -1)
    }

    // MARK: - Shapes

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

    /// The first byte hashed for each kind of segment.
    private enum Tag {
        static let literal: UInt8 = 1
        static let check: UInt8 = 2
        static let parameter: UInt8 = 3
        static let catchAll: UInt8 = 4
    }

    /// A segment's contribution at a position: equal segments (literals folded unless matching
    /// is case-sensitive, checks by key) give equal ones.
    private func mix(_ segment: CompiledSegment, _ position: Int) -> UInt64 {
        switch segment {
        case .literal(let text): return mix(tag: Tag.literal, text, position)
        case .checked(_, let check): return mix(tag: Tag.check, check.key, position)
        case .parameter: return mix(tag: Tag.parameter, position)
        case .catchAll: return mix(tag: Tag.catchAll, position)
        }
    }

    /// FNV-1a over a tag and a text (none for a parameter or a catch-all), then mixed with the
    /// position. Only a literal's text is case-folded: a check's key is a regex or a
    /// converter's name, where case matters.
    private func mix(tag: UInt8, _ position: Int) -> UInt64 {
        mix(tag: tag, "", position)
    }

    private func mix(tag: UInt8, _ text: String, _ position: Int) -> UInt64 {
        let fold = tag == Tag.literal && !caseSensitive
        var hash = (0xCBF2_9CE4_8422_2325 ^ UInt64(tag)) &* 0x0000_0100_0000_01B3
        // Over the bytes in place where the text has them contiguous, as native strings do:
        // iterating a `String.UTF8View` costs several times as much a byte.
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { hash = (hash ^ UInt64(fold ? ASCII.lowercased(byte) : byte)) &* 0x0000_0100_0000_01B3 }
        }
        if hashed == nil {
            for byte in text.utf8 { hash = (hash ^ UInt64(fold ? ASCII.lowercased(byte) : byte)) &* 0x0000_0100_0000_01B3 }
        }
        var mixed = hash ^ (UInt64(truncatingIfNeeded: position) &* 0xBF58_476D_1CE4_E5B9)
        mixed = (mixed ^ (mixed >> 31)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 29)
    }
}
