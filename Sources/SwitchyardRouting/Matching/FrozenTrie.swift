import SwitchyardPatterns
import SwitchyardSupport

/// The immutable, flat form of the trie that lookups run on.
///
/// Every table is built once by ``init(_:)`` and never changed, so any number of
/// threads can search it without locks. The nodes lie in one buffer of four-byte words, each
/// in a block with what a search reads next: its header, its checked edges, the routes that
/// end or start a catch-all there, its literal slots, and the routes of the one-route leaves
/// folded into its edges. Blocks follow in depth-first preorder, so a module's routes lie
/// together. A child reference is the word where the child's block starts. Among 10,000
/// routes most of a lookup's time is cache misses, and the parts of a node a search reads
/// are adjacent lines, often one, where separate arrays of nodes, slots and endpoints were a
/// line each.
final class FrozenTrie: @unchecked Sendable {
    // @unchecked: the buffers are written only in init and freed only in deinit.
    /// A node's header, the first three words of its block: its counts in a byte or two each,
    /// as nearly every node has a few routes, edges and catch-alls. A node with more than a
    /// short count holds (``wideCatchAlls``) is wide: three more words give its counts in full.
    struct StoredNode {
        /// The literal slots: a short list's length, or ``hashTableCode`` plus the base-2
        /// logarithm of a hash table's size.
        var literalSlotCode: UInt8 = 0
        /// The catch-alls that start here, or ``wideCatchAlls``.
        var shortCatchAlls: UInt8 = 0
        /// One bit per literal child, picked by its key's hash (``filterBit(_:)``).
        var literalFilter: UInt16 = 0
        var parameterChild: Int32 = FrozenTrie.noChild
        var shortChecked: UInt16 = 0
        /// The routes that end here.
        var shortTerminals: UInt16 = 0

        /// ``shortCatchAlls`` of a wide node.
        static let wideCatchAlls = UInt8.max

        /// Whether a node of these counts needs the wide header.
        static func isWide(checked: Int, terminals: Int, catchAlls: Int) -> Bool {
            checked > Int(UInt16.max) || terminals > Int(UInt16.max) || catchAlls >= Int(wideCatchAlls)
        }
    }

    /// A wide node's counts, in the three words after its header.
    struct WideCounts {
        var checked: Int32
        var terminals: Int32
        var catchAlls: Int32
    }

    /// The words of a block's parts: a header (a wide one adds ``wideWords``), a literal slot, a
    /// checked edge, an endpoint.
    static let nodeWords: Int32 = 3, wideWords: Int32 = 3, slotWords: Int32 = 4, edgeWords: Int32 = 2, endpointWords: Int32 = 4

    /// A node with its parts located, as the search reads it. Starts are words of ``arena``.
    struct Node {
        var literals: LiteralSlots
        var checkedStart: Int32
        var checkedCount: Int32
        var parameterChild: Int32
        var endpointsStart: Int32
        var terminalsCount: Int32
        var catchAllsCount: Int32

        var catchAllsStart: Int32 { endpointsStart &+ terminalsCount &* FrozenTrie.endpointWords }
        var hasLiterals: Bool { literals.count > 0 }
    }

    /// Where a node's literal children are and how to look one up: four scalars, so the
    /// search hands them to its out-of-line escaped-segment path in registers.
    struct LiteralSlots {
        var start: Int32
        /// Hash-table size minus one, or -1 when the children are a short list searched in order.
        var mask: Int32
        /// How many slots: the children of a short list, the size of a hash table.
        var count: Int32
        var filter: UInt16
    }

    /// The node whose block starts at word `index`.
    ///
    /// A run of literal slots is a short list of at most ``linearLiteralLimit`` children or a
    /// hash table of 8 slots or more, so its length tells which.
    @inline(__always)
    func node(_ index: Int32) -> Node {
        let stored = load(index, as: StoredNode.self)
        guard stored.shortCatchAlls != StoredNode.wideCatchAlls else { return wideNode(index, stored) }
        return node(index, stored, checkedStart: index &+ Self.nodeWords, WideCounts(
            checked: Int32(stored.shortChecked), terminals: Int32(stored.shortTerminals), catchAlls: Int32(stored.shortCatchAlls)))
    }

    /// A wide node, its counts read from the words after its header: out of line, so the
    /// search's straight path is the short header's.
    @inline(never)
    private func wideNode(_ index: Int32, _ stored: StoredNode) -> Node {
        node(index, stored, checkedStart: index &+ Self.nodeWords &+ Self.wideWords, load(index &+ Self.nodeWords, as: WideCounts.self))
    }

    @inline(__always)
    private func node(_ index: Int32, _ stored: StoredNode, checkedStart: Int32, _ counts: WideCounts) -> Node {
        // Wrapping arithmetic: blocks are laid out by construction, and a trap check on each of
        // these ran on every node of every lookup.
        let endpointsStart = checkedStart &+ counts.checked &* Self.edgeWords
        let slotsStart = endpointsStart &+ (counts.terminals &+ counts.catchAlls) &* Self.endpointWords
        let code = Int32(stored.literalSlotCode)
        let slots = code < Self.hashTableCode ? code : 1 &<< (code &- Self.hashTableCode)
        return Node(
            literals: LiteralSlots(
                start: slotsStart,
                mask: slots > Int32(Self.linearLiteralLimit) ? slots &- 1 : -1,
                count: slots,
                filter: stored.literalFilter),
            checkedStart: checkedStart,
            checkedCount: counts.checked,
            parameterChild: stored.parameterChild,
            endpointsStart: endpointsStart,
            terminalsCount: counts.terminals,
            catchAllsCount: counts.catchAlls)
    }

    /// The literal slot at word `index` of ``arena``.
    @inline(__always)
    func literalSlot(_ index: Int32) -> LiteralSlot { load(index, as: LiteralSlot.self) }

    /// The checked edge at word `index` of ``arena``.
    @inline(__always)
    func checkedEdge(_ index: Int32) -> CheckedEdge { load(index, as: CheckedEdge.self) }

    /// The endpoint at word `index` of ``arena``: what ``search(_:scheme:)`` returns.
    @inline(__always)
    func endpoint(_ index: Int32) -> Endpoint { load(index, as: Endpoint.self) }

    /// Every part is made of four-byte fields, so any word is aligned for it.
    @inline(__always)
    private func load<T>(_ word: Int32, as type: T.Type) -> T {
        UnsafeRawPointer(arena).load(fromByteOffset: Int(word) &* 4, as: type)
    }

    /// A literal child: four words, as a table holds one or two per route, so four slots fill a
    /// cache line.
    struct LiteralSlot {
        /// The key's first eight bytes, so keys of eight bytes or less need nothing else.
        private var prefixLow: UInt32 = 0
        private var prefixHigh: UInt32 = 0
        /// ``FrozenTrie/noChild`` marks an empty slot.
        var child: Int32 = FrozenTrie.noChild
        /// A key of eight bytes or less: its length. A longer one: ``longKeyBase`` plus where its
        /// record starts in ``keyBytes``: its length in four bytes, then its bytes past the eighth.
        var tail: UInt32 = 0

        /// The smallest ``tail`` of a long key: one more than the longest short key's length.
        static let longKeyBase: UInt32 = 9

        var prefix: UInt64 { UInt64(prefixHigh) << 32 | UInt64(prefixLow) }

        init() {}

        init(prefix: UInt64, tail: UInt32, child: Int32) {
            prefixLow = UInt32(truncatingIfNeeded: prefix)
            prefixHigh = UInt32(truncatingIfNeeded: prefix >> 32)
            self.tail = tail
            self.child = child
        }
    }

    struct CheckedEdge {
        var check: Int32
        var child: Int32
    }

    /// One route's end in the trie: four words, as a table holds one per route and variant.
    /// What routes share (the names and ranks of its segments, its scheme, its priority's
    /// rank) is its ``Signature``, one per distinct combination: a small table that stays in
    /// cache while routes of one shape share a few priorities and schemes.
    struct Endpoint {
        /// The route's index in its table version, which lists routes in registration order.
        var route: Int32
        /// The route object, unretained, as two words so the endpoint stays four-byte aligned:
        /// read from here, where the search has just read the endpoint, rather than from the
        /// table's array of routes, a cache miss a lookup among 10,000 routes.
        private var objectLow: UInt32 = 0
        private var objectHigh: UInt32 = 0
        /// Its entry in ``signatures``.
        var signature: Int32

        init(route: Int32, object: UnsafeRawPointer?, signature: Int32) {
            self.route = route
            let bits = UInt64(UInt(bitPattern: object))
            objectLow = UInt32(truncatingIfNeeded: bits)
            objectHigh = UInt32(truncatingIfNeeded: bits >> 32)
            self.signature = signature
        }

        /// The route object given to ``FrozenTrie/init(_:routeObjects:)``, or `nil`.
        var object: UnsafeRawPointer? { UnsafeRawPointer(bitPattern: UInt(UInt64(objectHigh) << 32 | UInt64(objectLow))) }
    }

    /// ``RouteOrder`` of two endpoints, given their signatures: the route index stands in for
    /// registration order.
    @inline(__always)
    func precedes(_ left: Endpoint, _ leftShape: Signature, _ right: Endpoint, _ rightShape: Signature) -> Bool {
        if leftShape.priorityRank != rightShape.priorityRank { return leftShape.priorityRank > rightShape.priorityRank }
        if (leftShape.scheme >= 0) != (rightShape.scheme >= 0) { return leftShape.scheme >= 0 }
        return left.route < right.route
    }

    /// The names and ranks of a route's segments, in ``names`` and ``ranks``, with its scheme
    /// and its priority's rank: what endpoints share, kept once for all of them.
    struct Signature: Hashable {
        var namesStart: Int32
        var ranksStart: Int32
        var ranksCount: Int32
        /// How many segments bind a value; 0 for a static route.
        var captureCount: Int32
        /// The index of the scheme the route is limited to, or -1.
        var scheme: Int32
        /// Where its priority falls among the table's distinct priorities, higher for higher:
        /// compares as the priority does in four bytes.
        var priorityRank: Int32
    }

    /// The blocks, the root's at word 0.
    let arena: UnsafeMutableRawPointer
    let arenaWords: Int
    /// How many nodes have a block, and the parts of all blocks, for ``storage``.
    let nodeCount: Int
    /// How many of them have a wide header (``StoredNode/isWide(checked:terminals:catchAlls:)``).
    let wideNodeCount: Int
    let partCounts: (literalSlots: Int, checkedEdges: Int, endpoints: Int)
    let keyBytes: UnsafeMutableBufferPointer<UInt8>
    let checks: [SegmentCheck]
    /// What the search reads of each of ``checks``, at the same index.
    let checkTests: UnsafeMutableBufferPointer<CheckTest>
    let signatures: UnsafeMutableBufferPointer<Signature>
    /// ``signatures`` when a route is limited to a scheme, which an endpoint's signature then
    /// says; `nil` in most tables, where the search need not look.
    let schemeSignatures: UnsafeMutablePointer<Signature>?
    let names: [String]
    let ranks: UnsafeMutableBufferPointer<SegmentRank>
    /// The index of each scheme a route is limited to, numbered as routes name them.
    let schemes: [String: Int32]
    let caseSensitive: Bool
    let regexInputLimit: Int

    /// A child reference that leads nowhere: no parameter child, an empty hash slot.
    static let noChild: Int32 = -1

    /// The child reference of a folded leaf, a node with one endpoint and nothing below it:
    /// -2 and down, so that block starts keep 0 and up and ``noChild`` stays -1.
    @inline(__always)
    static func leafChild(endpoint: Int32) -> Int32 { -2 - endpoint }

    /// The endpoint of a folded leaf's child reference.
    @inline(__always)
    static func leafEndpoint(_ child: Int32) -> Int32 { -2 - child }

    /// The bit of a node's literal filter that a key of `hash` sets: the hash's top four bits,
    /// which a hash table's position uses only past 2^28 slots. A segment whose bit is clear is no literal
    /// child, so a value such as `/product/42` is passed on without reading the slots, which
    /// among 10,000 routes are a cache line away.
    @inline(__always)
    static func filterBit(_ hash: UInt32) -> UInt16 { 1 &<< UInt16(truncatingIfNeeded: hash &>> 28) }

    /// ``StoredNode/literalSlotCode`` of a hash table of one slot; of 8 slots, this plus 3.
    static let hashTableCode: Int32 = 16

    /// Up to this many literal children are compared one by one: cheaper than hashing.
    static let linearLiteralLimit = 4

    /// Freezes `builder`. `routeObjects`, by route index, are what ``Endpoint/object`` gives:
    /// the caller keeps them alive for as long as it reads them.
    init(_ builder: TrieBuilder, routeObjects: [UnsafeRawPointer] = []) {
        var state = FreezeState(routeObjects: routeObjects)
        state.freeze(builder)
        arenaWords = state.words.count
        // Cache-line aligned, so a block's place in its lines is the same from run to run.
        let arena = UnsafeMutableRawPointer.allocate(byteCount: max(state.words.count, 1) * 4, alignment: 64)
        state.words.withUnsafeBytes { if let words = $0.baseAddress { arena.copyMemory(from: words, byteCount: $0.count) } }
        self.arena = arena
        nodeCount = state.nodeCount
        wideNodeCount = state.wideNodeCount
        partCounts = (state.literalSlotCount, state.checkedEdgeCount, state.endpointCount)
        keyBytes = Self.buffer(state.keyBytes)
        checks = state.checks
        checkTests = Self.buffer(state.checks.map(CheckTest.init))
        signatures = Self.buffer(state.signatures)
        names = state.names
        ranks = Self.buffer(state.ranks)
        schemes = state.schemes
        schemeSignatures = state.schemes.isEmpty ? nil : signatures.baseAddress
        caseSensitive = builder.caseSensitive
        regexInputLimit = builder.regexInputLimit
    }

    deinit {
        // Every element type here is trivial, so freeing the memory is all there is to do.
        arena.deallocate()
        keyBytes.deallocate()
        checkTests.deallocate()
        signatures.deallocate()
        ranks.deallocate()
    }

    private static func buffer<T: BitwiseCopyable>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }
}
