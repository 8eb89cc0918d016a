import SwitchyardPatterns
import SwitchyardSupport

/// The mutable trie that a version's routes are inserted into before it is frozen.
///
/// It is built from a version's routes when the version is first read; ``FrozenTrie`` is
/// what readers use. Nodes are numbers and every edge and endpoint sits in one flat list,
/// so building allocates per table rather than per node, and dropping it frees a few arrays.
///
/// A struct: as a class, every change to one of its lists was checked for exclusive access at
/// run time, about 1,200 instructions a route.
struct TrieBuilder {
    /// One variant of one route, stored where its last segment ends.
    struct Endpoint {
        var route: Int
        var names: [String]
        var ranks: [SegmentRank]
        var order: RouteOrder
        var scheme: String?
    }

    /// An edge by its parent and its key: a folded literal, or a check's key.
    private struct EdgeKey: Hashable {
        let parent: Int32
        let key: String
    }

    let caseSensitive: Bool
    /// Segments longer than this are not given to regex checks (``InputLimits/regexInput``).
    let regexInputLimit: Int

    /// Node 0 is the root. Edges and endpoints are kept in the order they were added, each
    /// as parallel lists, so that grouping them by node moves only the node numbers.
    private(set) var nodeCount: Int32 = 1
    private(set) var literalParents: [Int32] = []
    private(set) var literalKeys: [String] = []
    private(set) var literalChildren: [Int32] = []
    private(set) var checkedParents: [Int32] = []
    private(set) var checkedChecks: [SegmentCheck] = []
    private(set) var checkedChildren: [Int32] = []
    /// The plain-parameter child of each node, or -1.
    private(set) var parameterChildren: [Int32] = [-1]
    /// Where each endpoint is stored: the node its last segment ends at, or the node its
    /// catch-all starts from.
    private(set) var terminalNodes: [Int32] = []
    private(set) var catchAllNodes: [Int32] = []
    private(set) var terminalEndpoints: [Endpoint] = []
    private(set) var catchAllEndpoints: [Endpoint] = []
    private var literalIndex: [EdgeKey: Int32] = [:]
    private var checkedIndex: [EdgeKey: Int32] = [:]

    /// - Parameter routes: how many routes will be inserted, to size the lists and the edge
    ///   index once: grown by doubling, the index rehashed every edge several times over.
    init(caseSensitive: Bool, regexInputLimit: Int = InputLimits.default.regexInput, routes: Int = 0) {
        self.caseSensitive = caseSensitive
        self.regexInputLimit = regexInputLimit
        // About one new literal edge and one endpoint a route: routes share their prefixes.
        let expected = max(0, routes)
        literalIndex.reserveCapacity(expected)
        literalParents.reserveCapacity(expected)
        literalKeys.reserveCapacity(expected)
        literalChildren.reserveCapacity(expected)
        parameterChildren.reserveCapacity(expected + 1)
        terminalNodes.reserveCapacity(expected)
        terminalEndpoints.reserveCapacity(expected)
    }

    /// Inserts one variant.
    mutating func insert(_ variant: [CompiledSegment], endpoint: Endpoint) {
        var node: Int32 = 0
        for segment in variant {
            switch segment {
            case .literal(let text):
                let key = EdgeKey(parent: node, key: caseSensitive ? text : foldASCII(text))
                if let child = literalIndex[key] {
                    node = child
                } else {
                    let child = newNode()
                    literalIndex[key] = child
                    literalParents.append(node)
                    literalKeys.append(key.key)
                    literalChildren.append(child)
                    node = child
                }
            case .checked(_, let check):
                let key = EdgeKey(parent: node, key: check.key)
                if let child = checkedIndex[key] {
                    node = child
                } else {
                    let child = newNode()
                    checkedIndex[key] = child
                    checkedParents.append(node)
                    checkedChecks.append(check)
                    checkedChildren.append(child)
                    node = child
                }
            case .parameter:
                if parameterChildren[Int(node)] < 0 { parameterChildren[Int(node)] = newNode() }
                node = parameterChildren[Int(node)]
            case .catchAll:
                catchAllNodes.append(node)
                catchAllEndpoints.append(endpoint)
                return
            }
        }
        terminalNodes.append(node)
        terminalEndpoints.append(endpoint)
    }

    private mutating func newNode() -> Int32 {
        defer { nodeCount += 1 }
        parameterChildren.append(-1)
        return nodeCount
    }

    func foldASCII(_ text: String) -> String {
        // Most literals are lowercase already: kept as they are, where a copy cost an array
        // and a string for every literal segment of every route.
        func hasUppercase(_ bytes: some Collection<UInt8>) -> Bool { bytes.contains { ($0 &- 0x41) < 26 } }
        guard text.utf8.withContiguousStorageIfAvailable(hasUppercase) ?? hasUppercase(text.utf8) else { return text }
        return String(decoding: text.utf8.map(ASCII.lowercased), as: UTF8.self)
    }
}

/// The positions of a list grouped by the node each belongs to, each group in list order: a
/// counting sort of positions, so the items themselves are never copied.
struct NodeGroups {
    /// `order[starts[n]..<starts[n + 1]]` are the positions that belong to node `n`.
    private let order: [Int32]
    private let starts: [Int]

    init(_ nodes: [Int32], nodeCount: Int) {
        var starts = Array(repeating: 0, count: nodeCount + 1)
        for node in nodes { starts[Int(node) + 1] += 1 }
        for index in 0..<nodeCount { starts[index + 1] += starts[index] }
        var next = starts
        var order = [Int32](repeating: 0, count: nodes.count)
        for (position, node) in nodes.enumerated() {
            order[next[Int(node)]] = Int32(truncatingIfNeeded: position)
            next[Int(node)] += 1
        }
        self.order = order
        self.starts = starts
    }

    /// The positions of `node`'s items, in list order.
    func positions(of node: Int32) -> ArraySlice<Int32> {
        order[starts[Int(node)]..<starts[Int(node) + 1]]
    }
}

/// How specific a segment is; lower wins.
enum SegmentRank: UInt8, Comparable, Sendable {
    case literal = 0, checked = 1, parameter = 2, catchAll = 3

    init(_ segment: CompiledSegment) {
        switch segment {
        case .literal: self = .literal
        case .checked: self = .checked
        case .parameter: self = .parameter
        case .catchAll: self = .catchAll
        }
    }

    static func < (lhs: SegmentRank, rhs: SegmentRank) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The tie-breakers between routes of the same shape: priority, then a scheme, then age.
struct RouteOrder: Comparable, Sendable {
    var priority: Int
    var hasScheme: Bool
    var sequence: Int

    /// `lhs < rhs` when `lhs` wins.
    static func < (lhs: RouteOrder, rhs: RouteOrder) -> Bool {
        if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
        if lhs.hasScheme != rhs.hasScheme { return lhs.hasScheme }
        return lhs.sequence < rhs.sequence
    }
}
