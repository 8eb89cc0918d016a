/// The mutable trie that registrations are inserted into before it is frozen.
///
/// It is built from a version's routes when the version is first read; ``FrozenTrie`` is
/// what readers use.
final class TrieBuilder {
    final class Node {
        var literals: [String: Node] = [:]
        var literalOrder: [String] = []
        var checked: [(check: SegmentCheck, node: Node)] = []
        var parameter: Node?
        var terminals: [Endpoint] = []
        var catchAlls: [Endpoint] = []
    }

    /// One variant of one route, stored where its last segment ends.
    struct Endpoint {
        var route: Int
        var names: [String]
        var ranks: [SegmentRank]
        var order: RouteOrder
        var scheme: String?
    }

    let root = Node()
    let caseSensitive: Bool
    /// Segments longer than this are not given to regex checks (``InputLimits/regexInput``).
    let regexInputLimit: Int

    init(caseSensitive: Bool, regexInputLimit: Int = InputLimits.default.regexInput) {
        self.caseSensitive = caseSensitive
        self.regexInputLimit = regexInputLimit
    }

    /// Inserts one variant.
    func insert(_ variant: [CompiledSegment], endpoint: Endpoint) {
        var node = root
        for segment in variant {
            switch segment {
            case .literal(let text):
                let key = caseSensitive ? text : foldASCII(text)
                if let child = node.literals[key] {
                    node = child
                } else {
                    let child = Node()
                    node.literals[key] = child
                    node.literalOrder.append(key)
                    node = child
                }
            case .checked(_, let check):
                if let existing = node.checked.first(where: { $0.check.key == check.key }) {
                    node = existing.node
                } else {
                    let child = Node()
                    node.checked.append((check, child))
                    node = child
                }
            case .parameter:
                let child = node.parameter ?? Node()
                node.parameter = child
                node = child
            case .catchAll:
                node.catchAlls.append(endpoint)
                return
            }
        }
        node.terminals.append(endpoint)
    }

    func foldASCII(_ text: String) -> String {
        String(decoding: text.utf8.map(ASCII.lowercased), as: UTF8.self)
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
