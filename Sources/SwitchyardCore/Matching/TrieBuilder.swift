/// The mutable trie that a version's routes are inserted into before it is frozen.
///
/// It is built from a version's routes when the version is first read; ``FrozenTrie`` is
/// what readers use. Nodes are numbers and every edge and endpoint sits in one flat list,
/// so building allocates per table rather than per node, and dropping it frees a few arrays.
final class TrieBuilder {
    /// One variant of one route, stored where its last segment ends.
    struct Endpoint {
        var route: Int
        var names: [String]
        var ranks: [SegmentRank]
        var order: RouteOrder
        var scheme: String?
    }

    struct LiteralEdge {
        let parent: Int32
        let key: String
        let child: Int32
    }

    struct CheckedEdge {
        let parent: Int32
        let check: SegmentCheck
        let child: Int32
    }

    private struct LiteralKey: Hashable {
        let parent: Int32
        let key: String
    }

    private struct CheckedKey: Hashable {
        let parent: Int32
        let key: String
    }

    let caseSensitive: Bool
    /// Segments longer than this are not given to regex checks (``InputLimits/regexInput``).
    let regexInputLimit: Int

    /// Node 0 is the root. Edges and endpoints are kept in the order they were added.
    private(set) var nodeCount: Int32 = 1
    private(set) var literalEdges: [LiteralEdge] = []
    private(set) var checkedEdges: [CheckedEdge] = []
    /// The plain-parameter child of each node, or -1.
    private(set) var parameterChildren: [Int32] = [-1]
    private(set) var terminals: [(node: Int32, endpoint: Endpoint)] = []
    private(set) var catchAlls: [(node: Int32, endpoint: Endpoint)] = []
    private var literalIndex: [LiteralKey: Int32] = [:]
    private var checkedIndex: [CheckedKey: Int32] = [:]

    init(caseSensitive: Bool, regexInputLimit: Int = InputLimits.default.regexInput) {
        self.caseSensitive = caseSensitive
        self.regexInputLimit = regexInputLimit
    }

    /// Inserts one variant.
    func insert(_ variant: [CompiledSegment], endpoint: Endpoint) {
        var node: Int32 = 0
        for segment in variant {
            switch segment {
            case .literal(let text):
                let key = LiteralKey(parent: node, key: caseSensitive ? text : foldASCII(text))
                if let child = literalIndex[key] {
                    node = child
                } else {
                    let child = newNode()
                    literalIndex[key] = child
                    literalEdges.append(LiteralEdge(parent: node, key: key.key, child: child))
                    node = child
                }
            case .checked(_, let check):
                let key = CheckedKey(parent: node, key: check.key)
                if let child = checkedIndex[key] {
                    node = child
                } else {
                    let child = newNode()
                    checkedIndex[key] = child
                    checkedEdges.append(CheckedEdge(parent: node, check: check, child: child))
                    node = child
                }
            case .parameter:
                if parameterChildren[Int(node)] < 0 { parameterChildren[Int(node)] = newNode() }
                node = parameterChildren[Int(node)]
            case .catchAll:
                catchAlls.append((node, endpoint))
                return
            }
        }
        terminals.append((node, endpoint))
    }

    private func newNode() -> Int32 {
        defer { nodeCount += 1 }
        parameterChildren.append(-1)
        return nodeCount
    }

    func foldASCII(_ text: String) -> String {
        String(decoding: text.utf8.map(ASCII.lowercased), as: UTF8.self)
    }
}

/// Items grouped by node, each group in the order the items were added: a counting sort that
/// moves indices, not the items.
struct GroupedByNode<Item> {
    let source: [Item]
    /// `source[order[starts[n]..<starts[n + 1]]]` belong to node `n`.
    private let order: [Int32]
    private let starts: [Int]

    init(_ source: [Item], nodeCount: Int, node: (Item) -> Int32) {
        var starts = Array(repeating: 0, count: nodeCount + 1)
        for item in source { starts[Int(node(item)) + 1] += 1 }
        for index in 0..<nodeCount { starts[index + 1] += starts[index] }
        var next = starts
        var order = [Int32](repeating: 0, count: source.count)
        for (index, item) in source.enumerated() {
            let position = Int(node(item))
            order[next[position]] = Int32(truncatingIfNeeded: index)
            next[position] += 1
        }
        self.source = source
        self.order = order
        self.starts = starts
    }

    /// The items of `node`, in the order they were added.
    func of(_ node: Int32) -> LazyMapSequence<ArraySlice<Int32>, Item> {
        order[starts[Int(node)]..<starts[Int(node) + 1]].lazy.map { [source] in source[Int($0)] }
    }

    func isEmpty(_ node: Int32) -> Bool { starts[Int(node)] == starts[Int(node) + 1] }
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
