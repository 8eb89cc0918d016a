import SwitchyardPatterns
import SwitchyardSupport

/// The immutable, flat form of the trie that lookups run on.
///
/// Every table is built once by ``init(_:)`` and never changed, so any number of
/// threads can search it without locks. Nodes refer to each other by index. The hot
/// tables are plain buffers owned by this object: reading them costs no reference
/// counting and no bounds checks, which is most of a lookup's time otherwise.
final class FrozenTrie: @unchecked Sendable {
    // @unchecked: the buffers are written only in init and freed only in deinit.
    /// A node as stored: 20 bytes. Its children and endpoints lie in runs that end where the
    /// next node's begin (a last, empty node closes the list), so the counts need no room.
    struct StoredNode {
        var literalSlotsStart: Int32 = 0
        var checkedStart: Int32 = 0
        /// The routes that end here, then the catch-alls that start here, each in precedence order.
        var endpointsStart: Int32 = 0
        var terminalsCount: Int32 = 0
        var parameterChild: Int32 = FrozenTrie.noChild
    }

    /// A node with its runs measured, as the search reads it.
    struct Node {
        var literalSlotsStart: Int32
        /// Hash-table size minus one, or -1 when the children are a short list searched in order.
        var literalMask: Int32
        /// How many literal slots: the children of a short list, the size of a hash table.
        var literalSlotCount: Int32
        var checkedStart: Int32
        var checkedCount: Int32
        var parameterChild: Int32
        var endpointsStart: Int32
        var terminalsCount: Int32
        var catchAllsCount: Int32

        var catchAllsStart: Int32 { endpointsStart &+ terminalsCount }
        var hasLiterals: Bool { literalSlotCount > 0 }
    }

    /// Node `index` with its runs measured against the next node's.
    ///
    /// A run of literal slots is a short list of at most ``linearLiteralLimit`` children or a
    /// hash table of 8 slots or more, so its length tells which.
    @inline(__always)
    func node(_ index: Int32) -> Node {
        let this = nodes[Int(index)], next = nodes[Int(index) + 1]
        // Wrapping arithmetic: runs are ordered by construction, and a trap check on each of
        // these ran on every node of every lookup.
        let slots = next.literalSlotsStart &- this.literalSlotsStart
        return Node(
            literalSlotsStart: this.literalSlotsStart,
            literalMask: slots > Int32(Self.linearLiteralLimit) ? slots &- 1 : -1,
            literalSlotCount: slots,
            checkedStart: this.checkedStart,
            checkedCount: next.checkedStart &- this.checkedStart,
            parameterChild: this.parameterChild,
            endpointsStart: this.endpointsStart,
            terminalsCount: this.terminalsCount,
            catchAllsCount: next.endpointsStart &- this.endpointsStart &- this.terminalsCount)
    }

    /// A literal child: 20 bytes, four-byte aligned, as a table holds one or two per route.
    struct LiteralSlot {
        /// The key's first eight bytes, so keys of eight bytes or less need nothing else.
        private var prefixLow: UInt32 = 0
        private var prefixHigh: UInt32 = 0
        /// Where the key's bytes past the eighth lie in ``keyBytes``, minus eight.
        var keyStart: Int32 = 0
        var keyLength: Int32 = 0
        /// ``FrozenTrie/noChild`` marks an empty slot.
        var child: Int32 = FrozenTrie.noChild

        var prefix: UInt64 { UInt64(prefixHigh) << 32 | UInt64(prefixLow) }

        init() {}

        init(prefix: UInt64, keyStart: Int32, keyLength: Int32, child: Int32) {
            prefixLow = UInt32(truncatingIfNeeded: prefix)
            prefixHigh = UInt32(truncatingIfNeeded: prefix >> 32)
            self.keyStart = keyStart
            self.keyLength = keyLength
            self.child = child
        }
    }

    struct CheckedEdge {
        var check: Int32
        var child: Int32
    }

    /// One route's end in the trie: 16 bytes, as a table holds one per route and variant.
    struct Endpoint {
        /// The route's index in its table version, which lists routes in registration order.
        var route: Int32
        /// Its entry in ``signatures``: the names and ranks of its segments, shared by every
        /// route of the same shape.
        var signature: Int32
        /// The index of the scheme the route is limited to, or -1.
        var scheme: Int32
        /// Where its priority falls among the table's distinct priorities, higher for higher:
        /// compares as the priority does in four bytes.
        var priorityRank: Int32

        /// ``RouteOrder`` of the two routes: the route index stands in for registration order.
        @inline(__always)
        func precedes(_ other: Endpoint) -> Bool {
            if priorityRank != other.priorityRank { return priorityRank > other.priorityRank }
            if (scheme >= 0) != (other.scheme >= 0) { return scheme >= 0 }
            return route < other.route
        }
    }

    /// The names and ranks of a route's segments, in ``names`` and ``ranks``.
    struct Signature: Hashable {
        var namesStart: Int32
        var ranksStart: Int32
        var ranksCount: Int32
        /// How many segments bind a value; 0 for a static route.
        var captureCount: Int32
    }

    /// The nodes in depth-first preorder, then one that closes the last node's runs.
    let nodes: UnsafeMutableBufferPointer<StoredNode>
    let literalSlots: UnsafeMutableBufferPointer<LiteralSlot>
    let keyBytes: UnsafeMutableBufferPointer<UInt8>
    let checkedEdges: UnsafeMutableBufferPointer<CheckedEdge>
    let checks: [SegmentCheck]
    /// What the search reads of each of ``checks``, at the same index.
    let checkTests: UnsafeMutableBufferPointer<CheckTest>
    let endpoints: UnsafeMutableBufferPointer<Endpoint>
    let signatures: UnsafeMutableBufferPointer<Signature>
    let names: [String]
    let ranks: UnsafeMutableBufferPointer<SegmentRank>
    /// The index of each scheme a route is limited to, numbered as routes name them.
    let schemes: [String: Int32]
    let caseSensitive: Bool
    let regexInputLimit: Int

    /// A child reference that leads nowhere: no parameter child, an empty hash slot.
    static let noChild: Int32 = -1

    /// The child reference of a folded leaf, a node with one endpoint and nothing below it:
    /// -2 and down, so that node numbers keep 0 and up and ``noChild`` stays -1.
    @inline(__always)
    static func leafChild(endpoint: Int32) -> Int32 { -2 - endpoint }

    /// The endpoint of a folded leaf's child reference.
    @inline(__always)
    static func leafEndpoint(_ child: Int32) -> Int32 { -2 - child }

    /// Up to this many literal children are compared one by one: cheaper than hashing.
    static let linearLiteralLimit = 4

    init(_ builder: TrieBuilder) {
        var state = FreezeState()
        state.freeze(builder)
        nodes = Self.buffer(state.nodes)
        literalSlots = Self.buffer(state.literalSlots)
        keyBytes = Self.buffer(state.keyBytes)
        checkedEdges = Self.buffer(state.checkedEdges)
        checks = state.checks
        checkTests = Self.buffer(state.checks.map(CheckTest.init))
        endpoints = Self.buffer(state.endpoints)
        signatures = Self.buffer(state.signatures)
        names = state.names
        ranks = Self.buffer(state.ranks)
        schemes = state.schemes
        caseSensitive = builder.caseSensitive
        regexInputLimit = builder.regexInputLimit
    }

    deinit {
        // Every element type here is trivial, so freeing the memory is all there is to do.
        nodes.deallocate()
        literalSlots.deallocate()
        keyBytes.deallocate()
        checkedEdges.deallocate()
        checkTests.deallocate()
        endpoints.deallocate()
        signatures.deallocate()
        ranks.deallocate()
    }

    private static func buffer<T: BitwiseCopyable>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }
}

/// Accumulates the flat arrays while walking the builder's nodes depth-first.
///
/// The walk keeps its own stack: a trie is as deep as its longest pattern, and a pattern
/// comes from whoever wrote the manifest.
private struct FreezeState {
    var nodes: [FrozenTrie.StoredNode] = []
    var literalSlots: [FrozenTrie.LiteralSlot] = []
    var keyBytes: [UInt8] = []
    var checkedEdges: [FrozenTrie.CheckedEdge] = []
    var checks: [SegmentCheck] = []
    var checkIndex: [String: Int32] = [:]
    var endpoints: [FrozenTrie.Endpoint] = []
    var signatures: [FrozenTrie.Signature] = []
    var signatureIndex: [FrozenTrie.Signature: Int32] = [:]
    /// Each distinct priority's rank, lowest first.
    var priorityRanks: [Int: Int32] = [:]
    var names: [String] = []
    var nameLists: [[String]: Int32] = [:]
    var ranks: [SegmentRank] = []
    var rankLists: [[SegmentRank]: Int32] = [:]
    var schemes: [String: Int32] = [:]

    /// Numbers every node in depth-first preorder (literal children, then checked ones, then
    /// the parameter child), then fills each node in with its children's numbers. A leaf with
    /// one endpoint is numbered by ``FrozenTrie/leafChild(endpoint:)`` instead.
    mutating func freeze(_ builder: TrieBuilder) {
        let count = Int(builder.nodeCount)
        let literals = NodeGroups(builder.literalParents, nodeCount: count)
        let checked = NodeGroups(builder.checkedParents, nodeCount: count)
        let terminals = NodeGroups(builder.terminalNodes, nodeCount: count)
        let catchAlls = NodeGroups(builder.catchAllNodes, nodeCount: count)
        var priorities = Set<Int>()
        for endpoint in builder.terminalEndpoints { priorities.insert(endpoint.order.priority) }
        for endpoint in builder.catchAllEndpoints { priorities.insert(endpoint.order.priority) }
        for (rank, priority) in priorities.sorted().enumerated() { priorityRanks[priority] = Int32(rank) }
        var order: [Int32] = []
        order.reserveCapacity(count)
        var number = [Int32](repeating: -1, count: count)
        var pending: [Int32] = [0]
        while let node = pending.popLast() {
            let ends = terminals.positions(of: node)
            if node != 0, ends.count == 1, let only = ends.first, builder.parameterChildren[Int(node)] < 0,
               literals.positions(of: node).isEmpty, checked.positions(of: node).isEmpty, catchAlls.positions(of: node).isEmpty {
                // A leaf where one route ends, as most routes' last segment is: its parent's edge
                // leads straight to the endpoint, and the leaf takes no node.
                number[Int(node)] = FrozenTrie.leafChild(endpoint: Int32(endpoints.count))
                add(builder.terminalEndpoints[Int(only)])
                continue
            }
            number[Int(node)] = Int32(order.count)
            order.append(node)
            // Pushed in reverse, so they come off the stack in the order a recursive walk takes.
            let parameter = builder.parameterChildren[Int(node)]
            if parameter >= 0 { pending.append(parameter) }
            for position in checked.positions(of: node).reversed() { pending.append(builder.checkedChildren[Int(position)]) }
            for position in literals.positions(of: node).reversed() { pending.append(builder.literalChildren[Int(position)]) }
        }
        nodes.reserveCapacity(order.count + 1)
        for source in order {
            var node = FrozenTrie.StoredNode()
            node.literalSlotsStart = Int32(literalSlots.count)
            let literalPositions = literals.positions(of: source)
            if !literalPositions.isEmpty {
                addLiteralTable(literalPositions.map { (builder.literalKeys[Int($0)], number[Int(builder.literalChildren[Int($0)])]) })
            }
            node.checkedStart = Int32(checkedEdges.count)
            for position in checked.positions(of: source) {
                let check = internCheck(builder.checkedChecks[Int(position)])
                checkedEdges.append(FrozenTrie.CheckedEdge(check: check, child: number[Int(builder.checkedChildren[Int(position)])]))
            }
            let parameter = builder.parameterChildren[Int(source)]
            if parameter >= 0 { node.parameterChild = number[Int(parameter)] }
            node.endpointsStart = Int32(endpoints.count)
            node.terminalsCount = addEndpoints(terminals.positions(of: source), of: builder.terminalEndpoints)
            addEndpoints(catchAlls.positions(of: source), of: builder.catchAllEndpoints)
            nodes.append(node)
        }
        nodes.append(FrozenTrie.StoredNode(
            literalSlotsStart: Int32(literalSlots.count), checkedStart: Int32(checkedEdges.count),
            endpointsStart: Int32(endpoints.count), terminalsCount: 0, parameterChild: FrozenTrie.noChild))
    }

    /// Appends a node's literal children as a short list or, past ``FrozenTrie/linearLiteralLimit``,
    /// as a hash table at most three quarters full (of 8 slots or more, so the two never look alike).
    private mutating func addLiteralTable(_ children: [(String, Int32)]) {
        guard children.count > FrozenTrie.linearLiteralLimit else {
            for (key, child) in children { literalSlots.append(literalSlot(key, child).slot) }
            return
        }
        var size = 8
        while size * 3 < children.count * 4 { size <<= 1 }
        let start = literalSlots.count
        literalSlots += Array(repeating: FrozenTrie.LiteralSlot(), count: size)
        for (key, child) in children {
            let (slot, hash) = literalSlot(key, child)
            var position = Int(hash) & (size - 1)
            while literalSlots[start + position].child != FrozenTrie.noChild { position = (position + 1) & (size - 1) }
            literalSlots[start + position] = slot
        }
    }

    /// The slot for `key`, its bytes past the eighth stored, and the key's hash.
    private mutating func literalSlot(_ key: String, _ child: Int32) -> (slot: FrozenTrie.LiteralSlot, hash: UInt32) {
        var key = key
        return key.withUTF8 { bytes in
            let (prefix, hash) = FrozenTrie.literalKey(bytes, fold: false)
            let slot = FrozenTrie.LiteralSlot(prefix: prefix, keyStart: Int32(keyBytes.count) - 8, keyLength: Int32(bytes.count), child: child)
            if bytes.count > 8 { keyBytes += bytes[8...] }
            return (slot, hash)
        }
    }

    private mutating func internCheck(_ check: SegmentCheck) -> Int32 {
        if let index = checkIndex[check.key] { return index }
        let index = Int32(checks.count)
        checks.append(check)
        checkIndex[check.key] = index
        return index
    }

    /// Appends the endpoints at `positions` of `source` in precedence order; returns how many.
    @discardableResult
    private mutating func addEndpoints(_ positions: ArraySlice<Int32>, of source: [TrieBuilder.Endpoint]) -> Int32 {
        if positions.count == 1, let only = positions.first {
            add(source[Int(only)])
        } else {
            for position in positions.sorted(by: { source[Int($0)].order < source[Int($1)].order }) { add(source[Int(position)]) }
        }
        return Int32(positions.count)
    }

    private mutating func add(_ endpoint: TrieBuilder.Endpoint) {
        var scheme: Int32 = -1
        if let name = endpoint.scheme { scheme = internScheme(name) }
        let signature = FrozenTrie.Signature(
            namesStart: Self.intern(endpoint.names, in: &names, table: &nameLists),
            ranksStart: Self.intern(endpoint.ranks, in: &ranks, table: &rankLists),
            ranksCount: Int32(endpoint.ranks.count),
            captureCount: Int32(endpoint.names.count))
        let signatureNumber: Int32
        if let known = signatureIndex[signature] {
            signatureNumber = known
        } else {
            signatureNumber = Int32(signatures.count)
            signatures.append(signature)
            signatureIndex[signature] = signatureNumber
        }
        endpoints.append(FrozenTrie.Endpoint(
            route: Int32(endpoint.route), signature: signatureNumber, scheme: scheme,
            priorityRank: priorityRanks[endpoint.order.priority] ?? 0))
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
