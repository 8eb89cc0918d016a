/// The mutable trie that registrations are inserted into before it is frozen.
///
/// It is rebuilt from the route list on every change; ``FrozenTrie`` is what readers use.
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
        var variant: Int
    }

    let root = Node()
    let caseSensitive: Bool
    /// Segments longer than this are not given to regex checks (``InputLimits/regexInput``).
    let regexInputLimit: Int

    init(caseSensitive: Bool, regexInputLimit: Int = InputLimits.default.regexInput) {
        self.caseSensitive = caseSensitive
        self.regexInputLimit = regexInputLimit
    }

    /// Inserts one variant and returns the endpoints already stored at the same place.
    @discardableResult
    func insert(_ variant: [CompiledSegment], endpoint: Endpoint) -> [Endpoint] {
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
                let existing = node.catchAlls
                node.catchAlls.append(endpoint)
                return existing
            }
        }
        let existing = node.terminals
        node.terminals.append(endpoint)
        return existing
    }

    /// The endpoints where `variant` would end if its segment at `position` were swapped
    /// between a plain `:param` and a `<string:>` segment, the one kind of pair where one
    /// always takes what the other would match (the typed segment is tried first).
    func endpointsSwappingParameterAndString(in variant: [CompiledSegment], at position: Int) -> [Endpoint] {
        var node = root
        for (index, segment) in variant.enumerated() {
            let next: Node?
            switch segment {
            case .literal(let text):
                next = node.literals[caseSensitive ? text : foldASCII(text)]
            case .checked(_, let check) where index == position:
                next = check.acceptsEverySegment ? node.parameter : nil
            case .checked(_, let check):
                next = node.checked.first { $0.check.key == check.key }?.node
            case .parameter where index == position:
                next = node.checked.first { $0.check.acceptsEverySegment }?.node
            case .parameter:
                next = node.parameter
            case .catchAll:
                return node.catchAlls
            }
            guard let next else { return [] }
            node = next
        }
        return node.terminals
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
