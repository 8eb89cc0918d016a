import SwitchyardPatterns
import SwitchyardSupport

/// Lays a builder's nodes out as ``FrozenTrie``'s blocks, and accumulates the shared tables.
///
/// The walks keep their own stacks: a trie is as deep as its longest pattern, and a pattern
/// comes from whoever wrote the manifest.
struct FreezeState {
    let routeObjects: [UnsafeRawPointer]
    var words: [UInt32] = []
    var nodeCount = 0
    var wideNodeCount = 0
    var literalSlotCount = 0
    var checkedEdgeCount = 0
    var endpointCount = 0
    var keyBytes: [UInt8] = []
    var checks: [SegmentCheck] = []
    var checkIndex: [String: Int32] = [:]
    var signatures: [FrozenTrie.Signature] = []
    var signatureIndex: [FrozenTrie.Signature: Int32] = [:]
    /// Each distinct priority's rank, lowest first.
    var priorityRanks: [Int: Int32] = [:]
    var names: [String] = []
    var nameLists: [[String]: Int32] = [:]
    var ranks: [SegmentRank] = []
    var rankLists: [[SegmentRank]: Int32] = [:]
    var schemes: [String: Int32] = [:]

    init(routeObjects: [UnsafeRawPointer]) {
        self.routeObjects = routeObjects
    }

    /// The builder's nodes grouped by parent, read by every pass.
    private struct Groups {
        let literals: NodeGroups
        let checked: NodeGroups
        let terminals: NodeGroups
        let catchAlls: NodeGroups

        init(_ builder: TrieBuilder) {
            let count = Int(builder.nodeCount)
            literals = NodeGroups(builder.literalParents, nodeCount: count)
            checked = NodeGroups(builder.checkedParents, nodeCount: count)
            terminals = NodeGroups(builder.terminalNodes, nodeCount: count)
            catchAlls = NodeGroups(builder.catchAllNodes, nodeCount: count)
        }

        /// A leaf where one route ends, as most routes' last segment is: its parent's edge leads
        /// straight to the endpoint, which lies in the parent's block, and the leaf takes none.
        func isFoldedLeaf(_ node: Int32, _ builder: TrieBuilder) -> Bool {
            node != 0 && terminals.positions(of: node).count == 1 && builder.parameterChildren[Int(node)] < 0
                && literals.positions(of: node).isEmpty && checked.positions(of: node).isEmpty
                && catchAlls.positions(of: node).isEmpty
        }

        /// Calls `body` with the node's children in search order: literal, checked, then the
        /// parameter child.
        func forEachChild(of node: Int32, _ builder: TrieBuilder, _ body: (Int32) -> Void) {
            for position in literals.positions(of: node) { body(builder.literalChildren[Int(position)]) }
            for position in checked.positions(of: node) { body(builder.checkedChildren[Int(position)]) }
            let parameter = builder.parameterChildren[Int(node)]
            if parameter >= 0 { body(parameter) }
        }
    }

    /// Finds the nodes that keep a block, in depth-first preorder (literal children, then
    /// checked ones, then the parameter child), places each block, then fills them in.
    mutating func freeze(_ builder: TrieBuilder) {
        let groups = Groups(builder)
        var priorities = Set<Int>()
        for endpoint in builder.terminalEndpoints { priorities.insert(endpoint.order.priority) }
        for endpoint in builder.catchAllEndpoints { priorities.insert(endpoint.order.priority) }
        for (rank, priority) in priorities.sorted().enumerated() { priorityRanks[priority] = Int32(rank) }
        var order: [Int32] = []
        var folded = [Bool](repeating: false, count: Int(builder.nodeCount))
        var pending: [Int32] = [0]
        while let node = pending.popLast() {
            if groups.isFoldedLeaf(node, builder) {
                folded[Int(node)] = true
                continue
            }
            order.append(node)
            // Pushed in reverse, so they come off the stack in the order a recursive walk takes.
            let first = pending.count
            groups.forEachChild(of: node, builder) { pending.append($0) }
            pending[first...].reverse()
        }
        var start = [Int32](repeating: -1, count: Int(builder.nodeCount))
        var size: Int32 = 0
        for node in order {
            start[Int(node)] = size
            var leaves = 0
            groups.forEachChild(of: node, builder) { if folded[Int($0)] { leaves += 1 } }
            let (checked, terminals, catchAlls) = (groups.checked.positions(of: node).count, groups.terminals.positions(of: node).count,
                                                   groups.catchAlls.positions(of: node).count)
            let endpoints = terminals + catchAlls
            size += FrozenTrie.nodeWords
                + (FrozenTrie.StoredNode.isWide(checked: checked, terminals: terminals, catchAlls: catchAlls) ? FrozenTrie.wideWords : 0)
                + Int32(Self.slotCount(groups.literals.positions(of: node).count)) * FrozenTrie.slotWords
                + Int32(groups.checked.positions(of: node).count) * FrozenTrie.edgeWords
                + Int32(endpoints + leaves) * FrozenTrie.endpointWords
        }
        words = [UInt32](repeating: 0, count: Int(size))
        nodeCount = order.count
        for node in order {
            fill(node, at: start[Int(node)], groups, builder) { child in
                folded[Int(child)] ? nil : start[Int(child)]
            }
        }
    }

    /// How many slots a node of `children` literal children takes: a short list, or past
    /// ``FrozenTrie/linearLiteralLimit`` a hash table at most seven eighths full, of 8 slots or
    /// more, so the two never look alike.
    private static func slotCount(_ children: Int) -> Int {
        guard children > FrozenTrie.linearLiteralLimit else { return children }
        var size = 8
        // Seven eighths, not the usual three quarters: a segment that is no key is mostly turned
        // away by the node's filter before it probes, so the longer runs cost little, and empty
        // slots were a tenth of a table's bytes.
        while size * 7 < children * 8 { size <<= 1 }
        return size
    }

    /// Writes the block of `source` at word `at`. `blockStart` gives a child's block, or `nil`
    /// for a folded leaf, whose endpoint goes at the end of this block.
    private mutating func fill(_ source: Int32, at start: Int32, _ groups: Groups, _ builder: TrieBuilder,
                               blockStart: (Int32) -> Int32?) {
        let literalPositions = groups.literals.positions(of: source)
        let checkedPositions = groups.checked.positions(of: source)
        let terminalPositions = groups.terminals.positions(of: source)
        let catchAllPositions = groups.catchAlls.positions(of: source)
        let slots = Int32(Self.slotCount(literalPositions.count))
        let isWide = FrozenTrie.StoredNode.isWide(checked: checkedPositions.count, terminals: terminalPositions.count,
                                                  catchAlls: catchAllPositions.count)
        let checkedStart = start + FrozenTrie.nodeWords + (isWide ? FrozenTrie.wideWords : 0)
        let endpointsStart = checkedStart + Int32(checkedPositions.count) * FrozenTrie.edgeWords
        let slotsStart = endpointsStart + Int32(terminalPositions.count + catchAllPositions.count) * FrozenTrie.endpointWords
        var nextLeaf = slotsStart + slots * FrozenTrie.slotWords
        func reference(_ child: Int32) -> Int32 {
            if let block = blockStart(child) { return block }
            let at = nextLeaf
            nextLeaf += FrozenTrie.endpointWords
            let only = groups.terminals.positions(of: child).first ?? 0
            store(endpoint(builder.terminalEndpoints[Int(only)]), at: at)
            endpointCount += 1
            return FrozenTrie.leafChild(endpoint: at)
        }
        var header = FrozenTrie.StoredNode()
        header.literalSlotCode = slots > Int32(FrozenTrie.linearLiteralLimit)
            ? UInt8(FrozenTrie.hashTableCode + Int32(slots.trailingZeroBitCount)) : UInt8(slots)
        if isWide {
            wideNodeCount += 1
            header.shortCatchAlls = FrozenTrie.StoredNode.wideCatchAlls
            store(FrozenTrie.WideCounts(checked: Int32(checkedPositions.count), terminals: Int32(terminalPositions.count),
                                        catchAlls: Int32(catchAllPositions.count)), at: start + FrozenTrie.nodeWords)
        } else {
            header.shortChecked = UInt16(checkedPositions.count)
            header.shortTerminals = UInt16(terminalPositions.count)
            header.shortCatchAlls = UInt8(catchAllPositions.count)
        }
        let literalChildren = literalPositions.map { (builder.literalKeys[Int($0)], reference(builder.literalChildren[Int($0)])) }
        for (offset, slot) in literalTable(literalChildren, size: Int(slots), filter: &header.literalFilter).enumerated() {
            store(slot, at: slotsStart + Int32(offset) * FrozenTrie.slotWords)
        }
        literalSlotCount += Int(slots)
        for (offset, position) in checkedPositions.enumerated() {
            let edge = FrozenTrie.CheckedEdge(check: internCheck(builder.checkedChecks[Int(position)]),
                                              child: reference(builder.checkedChildren[Int(position)]))
            store(edge, at: checkedStart + Int32(offset) * FrozenTrie.edgeWords)
        }
        checkedEdgeCount += checkedPositions.count
        let parameter = builder.parameterChildren[Int(source)]
        if parameter >= 0 { header.parameterChild = reference(parameter) }
        store(header, at: start)
        let catchAllsStart = storeEndpoints(terminalPositions, of: builder.terminalEndpoints, at: endpointsStart)
        storeEndpoints(catchAllPositions, of: builder.catchAllEndpoints, at: catchAllsStart)
    }

    /// Stores the endpoints at `positions` of `source` from word `start` in precedence order;
    /// returns the word after them.
    @discardableResult
    private mutating func storeEndpoints(_ positions: ArraySlice<Int32>, of source: [TrieBuilder.Endpoint], at start: Int32) -> Int32 {
        var next = start
        func add(_ position: Int32) {
            store(endpoint(source[Int(position)]), at: next)
            next += FrozenTrie.endpointWords
            endpointCount += 1
        }
        if positions.count == 1, let only = positions.first {
            add(only)
        } else {
            for position in positions.sorted(by: { source[Int($0)].order < source[Int($1)].order }) { add(position) }
        }
        return next
    }

    /// A node's literal children as a short list or, when `size` is past the list's limit, as a
    /// hash table probed linearly; each key's bit is set in `filter`.
    private mutating func literalTable(_ children: [(String, Int32)], size: Int, filter: inout UInt16) -> [FrozenTrie.LiteralSlot] {
        guard children.count > FrozenTrie.linearLiteralLimit else {
            return children.map {
                let (slot, hash) = literalSlot($0.0, $0.1)
                filter |= FrozenTrie.filterBit(hash)
                return slot
            }
        }
        var table = Array(repeating: FrozenTrie.LiteralSlot(), count: size)
        for (key, child) in children {
            let (slot, hash) = literalSlot(key, child)
            filter |= FrozenTrie.filterBit(hash)
            var position = Int(hash) & (size - 1)
            while table[position].child != FrozenTrie.noChild { position = (position + 1) & (size - 1) }
            table[position] = slot
        }
        return table
    }

    /// The slot for `key`, with a key longer than eight bytes recorded in ``keyBytes``, and the key's hash.
    private mutating func literalSlot(_ key: String, _ child: Int32) -> (slot: FrozenTrie.LiteralSlot, hash: UInt32) {
        var key = key
        return key.withUTF8 { bytes in
            let (prefix, hash) = FrozenTrie.literalKey(bytes, fold: false)
            guard bytes.count > 8 else { return (FrozenTrie.LiteralSlot(prefix: prefix, tail: UInt32(bytes.count), child: child), hash) }
            let tail = FrozenTrie.LiteralSlot.longKeyBase + UInt32(keyBytes.count)
            withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { keyBytes += $0 }
            keyBytes += bytes[8...]
            return (FrozenTrie.LiteralSlot(prefix: prefix, tail: tail, child: child), hash)
        }
    }

    /// Writes one part of a block; every part is made of four-byte fields.
    private mutating func store<T>(_ value: T, at word: Int32) {
        words.withUnsafeMutableBytes { $0.storeBytes(of: value, toByteOffset: Int(word) * 4, as: T.self) }
    }

    private mutating func internCheck(_ check: SegmentCheck) -> Int32 {
        if let index = checkIndex[check.key] { return index }
        let index = Int32(checks.count)
        checks.append(check)
        checkIndex[check.key] = index
        return index
    }

    private mutating func endpoint(_ endpoint: TrieBuilder.Endpoint) -> FrozenTrie.Endpoint {
        var scheme: Int32 = -1
        if let name = endpoint.scheme { scheme = internScheme(name) }
        let signature = FrozenTrie.Signature(
            namesStart: Self.intern(endpoint.names, in: &names, table: &nameLists),
            ranksStart: Self.intern(endpoint.ranks, in: &ranks, table: &rankLists),
            ranksCount: Int32(endpoint.ranks.count),
            captureCount: Int32(endpoint.names.count),
            scheme: scheme,
            priorityRank: priorityRanks[endpoint.order.priority] ?? 0)
        let signatureNumber: Int32
        if let known = signatureIndex[signature] {
            signatureNumber = known
        } else {
            signatureNumber = Int32(signatures.count)
            signatures.append(signature)
            signatureIndex[signature] = signatureNumber
        }
        return FrozenTrie.Endpoint(
            route: Int32(endpoint.route), object: routeObjects.indices.contains(endpoint.route) ? routeObjects[endpoint.route] : nil,
            signature: signatureNumber)
    }

    private mutating func internScheme(_ scheme: String) -> Int32 {
        if let index = schemes[scheme] { return index }
        let index = Int32(schemes.count)
        schemes[scheme] = index
        return index
    }

    /// Stores equal lists once: most routes share a handful of parameter-name lists.
    private static func intern<T: Hashable>(_ list: [T], in pool: inout [T], table: inout [[T]: Int32]) -> Int32 {
        if let start = table[list] { return start }
        let start = Int32(pool.count)
        pool += list
        table[list] = start
        return start
    }
}
