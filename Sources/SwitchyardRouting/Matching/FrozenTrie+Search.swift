import SwitchyardPatterns
import SwitchyardSupport

extension FrozenTrie {
    /// Finds the best endpoint for `segments`, or -1.
    ///
    /// Depth-first in precedence order: a literal child first, then the typed and
    /// regex-constrained children (all of them, keeping the best), then the plain
    /// parameter, then a catch-all. When a branch fails deeper down the search backs
    /// up and tries the next candidate, so the first hit found is the best one.
    /// `scheme` is the index of the URL's scheme in ``schemes``, or -1; or, for a scheme with a
    /// namespace of its own, ``isolated(_:)`` of it, which no route of every scheme matches.
    func search(_ segments: PathSegments, scheme: Int32) -> Int32 {
        guard nodeCount > 0 else { return -1 }
        return search(node: 0, depth: 0, segments, EndpointFilter(scheme: scheme, declined: nil))
    }

    /// ``search(_:scheme:)`` passing over the routes that `declined` holds: the next route in
    /// precedence order after those.
    func search(_ segments: PathSegments, scheme: Int32, declined: DeclinedRoutes) -> Int32 {
        guard nodeCount > 0 else { return -1 }
        return search(node: 0, depth: 0, segments, EndpointFilter(scheme: scheme, declined: declined))
    }

    /// The scheme argument of ``search(_:scheme:)`` that matches only routes limited to the
    /// scheme at `index` (-1: one no route names, so nothing matches).
    static func isolated(_ index: Int32) -> Int32 {
        index < 0 ? Int32.min : -(index + 2)
    }

    /// The index of `scheme` in ``schemes``, or -1 when no route names it.
    func schemeIndex(_ scheme: String?) -> Int32 {
        guard let scheme, !schemes.isEmpty else { return -1 }
        return schemes[scheme] ?? -1
    }

    /// Searches below a child reference: a node, or a folded leaf that matches only where the
    /// path ends.
    @inline(__always)
    private func search(child: Int32, depth: Int, _ segments: PathSegments, _ filter: EndpointFilter) -> Int32 {
        if child >= 0 { return search(node: child, depth: depth, segments, filter) }
        guard depth == segments.count else { return -1 }
        return firstEndpoint(Self.leafEndpoint(child), 1, filter)
    }

    private func search(node start: Int32, depth startDepth: Int, _ segments: PathSegments, _ filter: EndpointFilter) -> Int32 {
        var (index, depth) = (start, startDepth)
        var literal = Self.noChild
        // A node whose only children are literal ones leaves nothing to back up to when its
        // child fails, so the search goes on down in this frame: most of a table's upper nodes
        // (static prefixes such as `/market/product`) are such nodes.
        while true {
            let node = self.node(index)
            guard depth < segments.count else {
                let terminal = firstEndpoint(node.endpointsStart, node.terminalsCount, filter)
                return terminal >= 0 ? terminal : firstEndpoint(node.catchAllsStart, node.catchAllsCount, filter)
            }
            literal = node.hasLiterals
                ? literalChild(node.literals, segments[depth], hasEscape: segments.ranges[depth].hasEscape, plusIsSpace: segments.plusIsSpace)
                : Self.noChild
            guard node.checkedCount == 0, node.parameterChild == Self.noChild, node.catchAllsCount == 0 else { break }
            guard literal >= 0 else { return literal == Self.noChild ? -1 : search(child: literal, depth: depth &+ 1, segments, filter) }
            (index, depth) = (literal, depth &+ 1)
        }
        // Read again rather than kept through the loop, whose registers it would take.
        let node = self.node(index)
        let segment = segments[depth]
        let hasEscape = segments.ranges[depth].hasEscape
        if literal != Self.noChild {
            let hit = search(child: literal, depth: depth + 1, segments, filter)
            if hit >= 0 { return hit }
        }
        if node.checkedCount > 0 {
            var best: Int32 = -1
            for edgeNumber in 0..<node.checkedCount {
                let edge = checkedEdge(node.checkedStart &+ edgeNumber &* Self.edgeWords)
                let test = checkTests[Int(edge.check)]
                // An over-long value is not given to a regex; ``regexGaveUp(_:)`` says so on a miss.
                if test.isRegex && segment.count > regexInputLimit { continue }
                let accepted: Bool
                if !hasEscape, let builtIn = test.builtIn {
                    accepted = builtIn.accepts(segment)
                } else {
                    accepted = checks[Int(edge.check)].accepts(raw: segment, hasEscapes: hasEscape, plusIsSpace: segments.plusIsSpace)
                }
                guard accepted else { continue }
                let hit = search(child: edge.child, depth: depth + 1, segments, filter)
                if hit >= 0 && (best < 0 || isBetter(hit, than: best)) { best = hit }
            }
            if best >= 0 { return best }
        }
        if node.parameterChild != Self.noChild {
            let hit = search(child: node.parameterChild, depth: depth + 1, segments, filter)
            if hit >= 0 { return hit }
        }
        return firstEndpoint(node.catchAllsStart, node.catchAllsCount, filter)
    }

    @inline(__always)
    private func firstEndpoint(_ start: Int32, _ count: Int32, _ filter: EndpointFilter) -> Int32 {
        let end = start &+ count &* Self.endpointWords
        guard let declined = filter.declined else {
            var index = start
            while index < end {
                if filter.accepts(endpoint(index), schemeSignatures) { return index }
                index &+= Self.endpointWords
            }
            return -1
        }
        // What declined for this URL stays passed over: pick up where the last look stopped.
        // Only declines move that point. A route the scheme turned away is another search's: a
        // namespace's own routes are searched first, then, when it falls back, every scheme's,
        // and the first search must not leave the second one's routes behind.
        var index = declined.resumePoint(start)
        while index < end, declined.contains(endpoint(index).route) { index &+= Self.endpointWords }
        declined.setResumePoint(start, index)
        while index < end, !filter.accepts(endpoint(index), schemeSignatures) { index &+= Self.endpointWords }
        return index < end ? index : -1
    }

    /// Between hits under different constrained siblings: the more specific shape (the shorter,
    /// when one is the other plus an empty catch-all), then the order.
    private func isBetter(_ lhs: Int32, than rhs: Int32) -> Bool {
        let left = endpoint(lhs)
        let right = endpoint(rhs)
        let (leftShape, rightShape) = (signatures[Int(left.signature)], signatures[Int(right.signature)])
        let shared = min(leftShape.ranksCount, rightShape.ranksCount)
        for offset in 0..<Int(shared) {
            let leftRank = ranks[Int(leftShape.ranksStart) + offset]
            let rightRank = ranks[Int(rightShape.ranksStart) + offset]
            if leftRank != rightRank { return leftRank < rightRank }
        }
        // Equal as far as both go, so the longer one ends in a catch-all that took nothing:
        // the route that ends there wins, as it does between a node's own routes and catch-alls.
        if leftShape.ranksCount != rightShape.ranksCount { return leftShape.ranksCount < rightShape.ranksCount }
        return precedes(left, leftShape, right, rightShape)
    }

    /// The child reference under `segment`'s literal edge, or ``noChild``.
    ///
    /// Inlined into the search, which calls it for most segments: as a call it cost about 40
    /// instructions of its 110, for the call, its saved registers and the node the caller
    /// had to write to memory to pass. The rare parts, an escaped segment and a key longer
    /// than eight bytes, stay out of line.
    @inline(__always)
    func literalChild(_ literals: LiteralSlots, _ segment: UnsafeBufferPointer<UInt8>, hasEscape: Bool, plusIsSpace: Bool = false) -> Int32 {
        hasEscape ? escapedLiteralChild(literals, segment, plusIsSpace: plusIsSpace) : literalChild(literals, unescaped: segment)
    }

    @inline(never)
    private func escapedLiteralChild(_ literals: LiteralSlots, _ segment: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool) -> Int32 {
        guard case .success(let decoded) = PercentCoding.decode(segment, plusIsSpace: plusIsSpace) else { return -1 }
        var copy = decoded
        return copy.withUTF8 { literalChild(literals, unescaped: $0) }
    }

    @inline(__always)
    private func literalChild(_ literals: LiteralSlots, unescaped segment: UnsafeBufferPointer<UInt8>) -> Int32 {
        let (prefix, hash) = Self.literalKey(segment, fold: !caseSensitive)
        guard literals.filter & Self.filterBit(hash) != 0 else { return Self.noChild }
        if literals.mask < 0 {
            for number in 0..<literals.count {
                let slot = literalSlot(literals.start &+ number &* Self.slotWords)
                if slot.prefix == prefix && keyEquals(slot, segment) { return slot.child }
            }
            return Self.noChild
        }
        let mask = literals.mask
        let start = literals.start
        var probe = Int32(truncatingIfNeeded: hash) & mask
        while true {
            let slot = literalSlot(start &+ probe &* Self.slotWords)
            if slot.child == Self.noChild { return Self.noChild }
            if slot.prefix == prefix && keyEquals(slot, segment) { return slot.child }
            probe = (probe &+ 1) & mask
        }
    }

    /// Compares the rest of a key whose first eight bytes already matched: a short key's length,
    /// or a long key's length and its bytes past the eighth, a word at a time while eight remain.
    @inline(__always)
    private func keyEquals(_ slot: LiteralSlot, _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        slot.tail < LiteralSlot.longKeyBase ? Int(slot.tail) == segment.count : longKeyEquals(slot.tail, segment)
    }

    @inline(never)
    private func longKeyEquals(_ tail: UInt32, _ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = segment.count
        guard count > 8, let segmentBase = segment.baseAddress, let keyBase = keyBytes.baseAddress else { return false }
        let record = Int(tail &- LiteralSlot.longKeyBase)
        let stored = UnsafeRawPointer(keyBase + record)
        guard Int(UInt32(littleEndian: stored.loadUnaligned(as: UInt32.self))) == count else { return false }
        let fold = !caseSensitive
        // The segment's byte at `offset` (8 and up) is the stored rest's byte at `offset - 8`.
        let (given, rest) = (UnsafeRawPointer(segmentBase), stored + 4)
        var offset = 8
        while count &- offset >= 8 {
            let word = Self.word(given, offset)
            guard (fold ? Self.lowercased(word) : word) == Self.word(rest, offset &- 8) else { return false }
            offset &+= 8
        }
        while offset < count {
            let byte = fold ? ASCII.lowercased(segment[offset]) : segment[offset]
            guard keyBytes[record &+ 4 &+ offset &- 8] == byte else { return false }
            offset &+= 1
        }
        return true
    }
}

extension FrozenTrie {
    /// What the search reads of a check, stored beside the edges: a built-in converter's test
    /// runs on the bytes with no call into the check object and no retain of it.
    struct CheckTest: BitwiseCopyable {
        /// The test of a built-in converter, for segments without escapes.
        let builtIn: BuiltInCheck?
        let isRegex: Bool

        init(_ check: SegmentCheck) {
            builtIn = check.builtIn
            isRegex = check.isRegex
        }
    }
}

/// Which endpoints a search may return: those the URL's scheme allows, less the routes
/// handlers declined.
struct EndpointFilter {
    /// An index in ``FrozenTrie/schemes``, -1, or ``FrozenTrie/isolated(_:)`` of one.
    let scheme: Int32
    /// The routes passed over; `nil` almost always.
    let declined: DeclinedRoutes?

    /// Whether the search may return the endpoint. `signatures` are the trie's
    /// ``FrozenTrie/schemeSignatures``: `nil` when no route is limited to a scheme (most
    /// tables), where the search then reads nothing past the endpoint to accept it.
    @inline(__always)
    func accepts(_ endpoint: FrozenTrie.Endpoint, _ signatures: UnsafeMutablePointer<FrozenTrie.Signature>?) -> Bool {
        if signatures != nil || scheme < -1, !schemeAllows(endpoint, signatures) { return false }
        return declined.map { !$0.contains(endpoint.route) } ?? true
    }

    /// Out of line: the search inlines ``accepts(_:_:)`` wherever it reaches an endpoint, and
    /// most tables never call this.
    @inline(never)
    private func schemeAllows(_ endpoint: FrozenTrie.Endpoint, _ signatures: UnsafeMutablePointer<FrozenTrie.Signature>?) -> Bool {
        // Without signatures no route has a scheme, so only a filter for the routes of one
        // scheme (below -1) asks, and nothing matches it.
        guard let signatures else { return false }
        let required = signatures[Int(endpoint.signature)].scheme
        return scheme >= -1 ? (required < 0 || required == scheme) : required == -(scheme + 2)
    }
}
