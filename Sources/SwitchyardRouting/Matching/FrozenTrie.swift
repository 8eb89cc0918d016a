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
    struct Node {
        var literalSlotsStart: Int32 = 0
        /// Hash-table size minus one, or -1 when the children are a short list searched in order.
        var literalMask: Int32 = -1
        /// How many literal children; a few are scanned, more are hashed.
        var literalCount: Int32 = 0
        var checkedStart: Int32 = 0
        var checkedCount: Int32 = 0
        var parameterChild: Int32 = -1
        /// The routes that end here, then the catch-alls that start here, each in precedence order.
        var endpointsStart: Int32 = 0
        var terminalsCount: Int32 = 0
        var catchAllsCount: Int32 = 0

        var catchAllsStart: Int32 { endpointsStart + terminalsCount }
    }

    struct LiteralSlot {
        /// The key's first eight bytes, so short keys compare without touching ``keyBytes``.
        var prefix: UInt64 = 0
        var hash: UInt32 = 0
        var keyStart: Int32 = 0
        var keyLength: Int32 = 0
        /// -1 marks an empty slot.
        var child: Int32 = -1
    }

    struct CheckedEdge {
        var check: Int32
        var child: Int32
    }

    struct Endpoint {
        /// The route's index in its table version, which lists routes in registration order.
        var route: Int32
        var namesStart: Int32
        var ranksStart: Int32
        var ranksCount: Int32
        /// How many segments bind a value; 0 for a static route.
        var captureCount: Int32
        /// The index of the scheme the route is limited to, or -1.
        var scheme: Int32
        var priority: Int

        /// ``RouteOrder`` of the two routes: the route index stands in for registration order.
        @inline(__always)
        func precedes(_ other: Endpoint) -> Bool {
            if priority != other.priority { return priority > other.priority }
            if (scheme >= 0) != (other.scheme >= 0) { return scheme >= 0 }
            return route < other.route
        }
    }

    let nodes: UnsafeMutableBufferPointer<Node>
    let literalSlots: UnsafeMutableBufferPointer<LiteralSlot>
    let keyBytes: UnsafeMutableBufferPointer<UInt8>
    let checkedEdges: UnsafeMutableBufferPointer<CheckedEdge>
    let checks: [SegmentCheck]
    let endpoints: UnsafeMutableBufferPointer<Endpoint>
    let names: [String]
    let ranks: UnsafeMutableBufferPointer<SegmentRank>
    let schemes: [String]
    let caseSensitive: Bool
    let regexInputLimit: Int

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
        endpoints = Self.buffer(state.endpoints)
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
        endpoints.deallocate()
        ranks.deallocate()
    }

    private static func buffer<T: BitwiseCopyable>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }

    /// The first eight bytes packed into an integer, and a hash of the whole key.
    ///
    /// ASCII case is folded when matching is case-insensitive; stored keys are folded already.
    @inline(__always)
    static func literalKey(_ bytes: UnsafeBufferPointer<UInt8>, fold: Bool) -> (prefix: UInt64, hash: UInt32) {
        var prefix: UInt64 = 0
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        for (offset, raw) in bytes.enumerated() {
            let byte = fold ? ASCII.lowercased(raw) : raw
            if offset < 8 {
                prefix |= UInt64(byte) << (UInt64(offset) * 8)
            } else {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        hash = (hash ^ prefix) &* 0x9E37_79B9_7F4A_7C15
        return (prefix, UInt32(truncatingIfNeeded: hash >> 32))
    }
}

/// Accumulates the flat arrays while walking the builder's nodes depth-first.
///
/// The walk keeps its own stack: a trie is as deep as its longest pattern, and a pattern
/// comes from whoever wrote the manifest.
private struct FreezeState {
    var nodes: [FrozenTrie.Node] = []
    var literalSlots: [FrozenTrie.LiteralSlot] = []
    var keyBytes: [UInt8] = []
    var checkedEdges: [FrozenTrie.CheckedEdge] = []
    var checks: [SegmentCheck] = []
    var checkIndex: [String: Int32] = [:]
    var endpoints: [FrozenTrie.Endpoint] = []
    var names: [String] = []
    var nameLists: [[String]: Int32] = [:]
    var ranks: [SegmentRank] = []
    var rankLists: [[SegmentRank]: Int32] = [:]
    var schemes: [String] = []

    /// Numbers every node in depth-first preorder (literal children, then checked ones, then
    /// the parameter child), then fills each node in with its children's numbers.
    mutating func freeze(_ builder: TrieBuilder) {
        let count = Int(builder.nodeCount)
        let literals = NodeGroups(builder.literalParents, nodeCount: count)
        let checked = NodeGroups(builder.checkedParents, nodeCount: count)
        let terminals = NodeGroups(builder.terminalNodes, nodeCount: count)
        let catchAlls = NodeGroups(builder.catchAllNodes, nodeCount: count)
        var order: [Int32] = []
        order.reserveCapacity(count)
        var number = [Int32](repeating: -1, count: count)
        var pending: [Int32] = [0]
        while let node = pending.popLast() {
            number[Int(node)] = Int32(order.count)
            order.append(node)
            // Pushed in reverse, so they come off the stack in the order a recursive walk takes.
            let parameter = builder.parameterChildren[Int(node)]
            if parameter >= 0 { pending.append(parameter) }
            for position in checked.positions(of: node).reversed() { pending.append(builder.checkedChildren[Int(position)]) }
            for position in literals.positions(of: node).reversed() { pending.append(builder.literalChildren[Int(position)]) }
        }
        nodes = Array(repeating: FrozenTrie.Node(), count: order.count)
        for (index, source) in order.enumerated() {
            var node = FrozenTrie.Node()
            let literalPositions = literals.positions(of: source)
            if !literalPositions.isEmpty {
                let children = literalPositions.map { (builder.literalKeys[Int($0)], number[Int(builder.literalChildren[Int($0)])]) }
                (node.literalSlotsStart, node.literalMask) = addLiteralTable(children)
                node.literalCount = Int32(children.count)
            }
            node.checkedStart = Int32(checkedEdges.count)
            for position in checked.positions(of: source) {
                let check = internCheck(builder.checkedChecks[Int(position)])
                checkedEdges.append(FrozenTrie.CheckedEdge(check: check, child: number[Int(builder.checkedChildren[Int(position)])]))
            }
            node.checkedCount = Int32(checkedEdges.count) - node.checkedStart
            let parameter = builder.parameterChildren[Int(source)]
            if parameter >= 0 { node.parameterChild = number[Int(parameter)] }
            node.endpointsStart = Int32(endpoints.count)
            node.terminalsCount = addEndpoints(terminals.positions(of: source), of: builder.terminalEndpoints)
            node.catchAllsCount = addEndpoints(catchAlls.positions(of: source), of: builder.catchAllEndpoints)
            nodes[index] = node
        }
    }

    private mutating func addLiteralTable(_ children: [(String, Int32)]) -> (Int32, Int32) {
        if children.count <= FrozenTrie.linearLiteralLimit {
            let start = Int32(literalSlots.count)
            for (key, child) in children {
                var key = key
                key.withUTF8 { bytes in
                    literalSlots.append(FrozenTrie.LiteralSlot(
                        prefix: FrozenTrie.literalKey(bytes, fold: false).prefix,
                        keyStart: Int32(keyBytes.count), keyLength: Int32(bytes.count), child: child))
                    keyBytes += bytes
                }
            }
            return (start, -1)
        }
        var size = 1
        while size < children.count * 2 { size <<= 1 }
        let start = literalSlots.count
        literalSlots += Array(repeating: FrozenTrie.LiteralSlot(), count: size)
        for (key, child) in children {
            var key = key
            key.withUTF8 { bytes in
                let (prefix, hash) = FrozenTrie.literalKey(bytes, fold: false)
                var slot = Int(hash) & (size - 1)
                while literalSlots[start + slot].child >= 0 { slot = (slot + 1) & (size - 1) }
                literalSlots[start + slot] = FrozenTrie.LiteralSlot(
                    prefix: prefix, hash: hash, keyStart: Int32(keyBytes.count), keyLength: Int32(bytes.count), child: child)
                keyBytes += bytes
            }
        }
        return (Int32(start), Int32(size - 1))
    }

    private mutating func internCheck(_ check: SegmentCheck) -> Int32 {
        if let index = checkIndex[check.key] { return index }
        let index = Int32(checks.count)
        checks.append(check)
        checkIndex[check.key] = index
        return index
    }

    /// Appends the endpoints at `positions` of `source` in precedence order; returns how many.
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
        endpoints.append(FrozenTrie.Endpoint(
            route: Int32(endpoint.route),
            namesStart: Self.intern(endpoint.names, in: &names, table: &nameLists),
            ranksStart: Self.intern(endpoint.ranks, in: &ranks, table: &rankLists),
            ranksCount: Int32(endpoint.ranks.count),
            captureCount: Int32(endpoint.names.count),
            scheme: scheme,
            priority: endpoint.order.priority))
    }

    private mutating func internScheme(_ scheme: String) -> Int32 {
        if let index = schemes.firstIndex(of: scheme) { return Int32(index) }
        schemes.append(scheme)
        return Int32(schemes.count - 1)
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
