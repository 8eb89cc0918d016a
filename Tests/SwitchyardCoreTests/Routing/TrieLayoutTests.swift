import Switchyard
@testable import SwitchyardRouting
import SwitchyardTesting
import Testing

/// The trie is stored compactly: leaves folded into their parent's edge, each node in one block
/// with its parts, literal keys of eight bytes or less kept in the slot, hash tables up to seven
/// eighths full. These tests check the search against a route-by-route reference, on tables
/// made to hit every one of those layouts, and pin the layouts themselves.
@Suite("Routing: the compact trie agrees with a route-by-route search")
struct TrieLayoutTests {
    /// Keys that share their first eight bytes, keys of exactly eight, and enough siblings to
    /// make short lists, 8-slot tables and 16-slot tables.
    static let keys = [
        "a", "ab", "abc", "product", "products", "category", "categorys", "category-shoes", "category-shirts",
        "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "detail", "details-long-key", "reviews",
    ]
    static let priorities = [0, 0, 0, 0, 1, -1, 7, Int.max, Int.min]

    enum Piece: Equatable {
        case literal(String), parameter, int, float, catchAll

        /// Lower is more specific, as the trie tries them.
        var rank: Int {
            switch self {
            case .literal: return 0
            case .int, .float: return 1
            case .parameter: return 2
            case .catchAll: return 3
            }
        }
    }

    struct ReferenceRoute {
        let pieces: [Piece]
        let priority: Int
        let sequence: Int

        var pattern: String {
            "/" + pieces.enumerated().map { index, piece in
                switch piece {
                case .literal(let key): return key
                case .parameter: return ":p\(index)"
                case .int: return "<int:n\(index)>"
                case .float: return "<float:f\(index)>"
                case .catchAll: return "*"
                }
            }.joined(separator: "/")
        }

        /// The ranks this route binds `path` with, or `nil` when it does not match.
        func ranks(_ path: [String]) -> [Int]? {
            var ranks: [Int] = []
            for (index, piece) in pieces.enumerated() {
                if piece == .catchAll { return ranks + [piece.rank] }
                guard index < path.count else { return nil }
                let segment = path[index]
                switch piece {
                case .literal(let key): guard segment.lowercased() == key else { return nil }
                case .int: guard segment.allSatisfy(\.isASCII), Int(segment) != nil else { return nil }
                case .float: guard segment.allSatisfy(\.isASCII), Double(segment) != nil else { return nil }
                case .parameter, .catchAll: break
                }
                ranks.append(piece.rank)
            }
            return pieces.count == path.count ? ranks : nil
        }
    }

    /// The best route for `path`: the most specific ranks position by position (a route that
    /// ends sooner first), then the higher priority, then the older. Typed segments share a
    /// rank, so `<int:>` and `<float:>` side by side are told apart by priority and age.
    static func reference(_ routes: [ReferenceRoute], _ path: [String]) -> Int? {
        var best: (ranks: [Int], route: ReferenceRoute)?
        for route in routes {
            guard let ranks = route.ranks(path) else { continue }
            guard let current = best else {
                best = (ranks, route)
                continue
            }
            if ranks.lexicographicallyPrecedes(current.ranks) {
                best = (ranks, route)
            } else if ranks == current.ranks,
                      route.priority > current.route.priority
                        || (route.priority == current.route.priority && route.sequence < current.route.sequence) {
                best = (ranks, route)
            }
        }
        return best?.route.sequence
    }

    static func randomRoute(_ random: inout SplitMix64, sequence: Int) -> ReferenceRoute {
        let depth = Int.random(in: 1...4, using: &random)
        var pieces: [Piece] = []
        for index in 0..<depth {
            let roll = Int.random(in: 0..<10, using: &random)
            if index == depth - 1 && roll == 0 {
                pieces.append(.catchAll)
            } else if roll < 6 {
                pieces.append(.literal(keys.randomElement(using: &random) ?? "a"))
            } else if roll < 8 {
                pieces.append(.parameter)
            } else {
                pieces.append(Bool.random(using: &random) ? .int : .float)
            }
        }
        return ReferenceRoute(pieces: pieces, priority: priorities.randomElement(using: &random) ?? 0, sequence: sequence)
    }

    static func randomValue(_ random: inout SplitMix64) -> String {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return String(Int.random(in: 1...99_999, using: &random))
        case 1: return keys.randomElement(using: &random) ?? "a"
        // Near misses: keys that share a stored key's first eight bytes, or all but its last.
        default: return ["zz", "q", "x13", "category-shoex", "productsx", "details-long-kez"].randomElement(using: &random) ?? "q"
        }
    }

    /// A path made from `route`, or from nothing in particular, with some letters upper-cased.
    static func randomPath(_ routes: [ReferenceRoute], _ random: inout SplitMix64) -> [String] {
        var path: [String] = []
        if Bool.random(using: &random), let route = routes.randomElement(using: &random) {
            for piece in route.pieces {
                switch piece {
                case .literal(let key): path.append(key)
                case .parameter, .int, .float: path.append(randomValue(&random))
                case .catchAll: for _ in 0..<Int.random(in: 0...2, using: &random) { path.append(randomValue(&random)) }
                }
            }
        } else {
            for _ in 0..<Int.random(in: 1...5, using: &random) { path.append(randomValue(&random)) }
        }
        if path.isEmpty { path = ["a"] }
        return path.map { Int.random(in: 0..<4, using: &random) == 0 ? $0.uppercased() : $0 }
    }

    @Test(arguments: 0..<40)
    func aRandomTableFindsWhatARouteByRouteSearchFinds(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x7A1E_0000 + seed)
        let count = Int.random(in: 1...120, using: &random)
        let routes = (0..<count).map { Self.randomRoute(&random, sequence: $0) }
        let table = RouteTable<Int>(configuration: .quiet)
        for route in routes { try table.register(route.pattern, priority: route.priority, target: route.sequence) }
        for _ in 0..<400 {
            let path = Self.randomPath(routes, &random)
            let found = table.snapshot.lookup("/" + path.joined(separator: "/"))?.route.target
            #expect(found == Self.reference(routes, path), "seed \(seed): /\(path.joined(separator: "/"))")
        }
    }

    /// Found by the random tables: between typed siblings, a route's empty catch-all went before
    /// another's end when it had the higher priority, where a node's own route always goes first.
    @Test(arguments: [
        (["/<int:n>/*", "/<float:f>"], [Int.max, 0], "/12", 1),
        (["/<float:f>", "/<int:n>/*"], [0, 1], "/12", 0),
        (["/<int:n>/*", "/<float:f>"], [0, 0], "/12/more", 0),
        (["/<int:n>/*", "/<float:f>/:rest"], [0, 5], "/12/more", 1),
    ])
    func aRouteThatEndsBeatsATypedSiblingsEmptyCatchAll(patterns: [String], priorities: [Int], path: String, winner: Int) throws {
        let table = RouteTable<Int>(configuration: .quiet)
        for (index, pattern) in patterns.enumerated() { try table.register(pattern, priority: priorities[index], target: index) }
        #expect(table.snapshot.lookup(path)?.route.target == winner)
    }

    @Test func aLeafWithOneRouteTakesNoNodeAndOneWithTwoKeepsItsNode() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register("/shop/one", target: 1)
        try table.register("/shop/two", target: 2)
        try table.register("/shop/two", priority: 1, target: 3)
        // Root, /shop, and /shop/two with its two routes; /shop/one is folded into its edge.
        #expect(table.snapshot.matcher.trie.nodeCount == 3)
        #expect(table.snapshot.lookup("/shop/one")?.route.target == 1)
        #expect(table.snapshot.lookup("/shop/two")?.route.target == 3)
        #expect(table.snapshot.lookup("/shop/one/more") == nil)
        #expect(table.snapshot.lookup("/shop") == nil)
    }

    @Test(arguments: [(4, 4), (5, 8), (7, 8), (8, 16), (14, 16), (15, 32)])
    func literalChildrenAreAShortListOrAHashTableAtMostSevenEighthsFull(children: Int, slots: Int) throws {
        let table = RouteTable<Int>(configuration: .quiet)
        for index in 0..<children { try table.register("/key-longer-than-eight-\(index)/end", target: index) }
        let trie = table.snapshot.matcher.trie
        #expect(trie.node(0).literals.count == Int32(slots))
        #expect(trie.node(0).literals.mask == (slots > 4 ? Int32(slots - 1) : -1))
        for index in 0..<children {
            #expect(table.snapshot.lookup("/KEY-longer-than-eight-\(index)/end")?.route.target == index)
        }
        #expect(table.snapshot.lookup("/key-longer-than-eight-\(children)/end") == nil)
        #expect(table.snapshot.lookup("/key-longer-than-eight-/end") == nil)
    }

    @Test func keysOfEightBytesOrLessStoreNoBytesBeyondTheirSlot() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        for key in ["a", "ab", "abcdefgh"] { try table.register("/\(key)", target: key.count) }
        #expect(table.snapshot.matcher.trie.keyBytes.isEmpty)
        try table.register("/abcdefghi", target: 9)
        // Its length in four bytes, then its one byte past the eighth.
        #expect(table.snapshot.matcher.trie.keyBytes.count == 4 + 1)
        for (path, target) in [("/a", 1), ("/ab", 2), ("/abcdefgh", 8), ("/ABCDEFGHI", 9)] {
            #expect(table.snapshot.lookup(path)?.route.target == target)
        }
        #expect(table.snapshot.lookup("/abcdefghj") == nil)
        #expect(table.snapshot.lookup("/abcdefg") == nil)
    }
}
