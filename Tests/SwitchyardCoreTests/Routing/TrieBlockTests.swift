import Switchyard
@testable import SwitchyardRouting
import Testing

/// Issue 38: each node lies in one block with its checked edges, its routes, its literal slots
/// and its folded leaves' routes; a node's literal filter passes values over without reading
/// its slots; and a match hands out the route object the trie points to. These pin the layout
/// and check that each shortcut gives what the plain reading did.
@Suite("Routing: the trie's blocks, literal filter and route pointers")
struct TrieBlockTests {
    /// Header 3 words, slot 4, checked edge 2, endpoint 4.
    @Test func aBlockHoldsItsHeaderEdgesRoutesSlotsAndFoldedLeaves() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register("/shop/one", target: 1)
        try table.register("/shop/two", target: 2)
        try table.register("/shop/two", priority: 1, target: 3)
        try table.register("/shop/<int:n>", target: 4)
        let trie = table.snapshot.matcher.trie
        // Root: header and one slot. /shop: header, one checked edge, two slots, and the
        // routes of its folded leaves /shop/one and /shop/<int:n>. /shop/two: header, two routes.
        #expect(trie.nodeCount == 3 && trie.wideNodeCount == 0)
        #expect(trie.arenaWords == (3 + 4) + (3 + 2 + 2 * 4 + 2 * 4) + (3 + 2 * 4))
        let shop = trie.node(trie.literalSlot(trie.node(0).literals.start).child)
        #expect(shop.checkedStart == 7 + 3)
        #expect(shop.endpointsStart == shop.checkedStart + 2)
        #expect(shop.literals.start == shop.endpointsStart)
        #expect((shop.literals.count, shop.checkedCount, shop.terminalsCount, shop.catchAllsCount) == (2, 1, 0, 0))
        // The folded leaves' routes follow the slots, in search order: /shop/one at word 20, then
        // /shop/<int:n> at 24; /shop/two's block starts at 28, right after /shop's.
        #expect(trie.literalSlot(12).child == FrozenTrie.leafChild(endpoint: 20))
        #expect(trie.literalSlot(16).child == 28)
        #expect(trie.checkedEdge(10).child == FrozenTrie.leafChild(endpoint: 24))
        #expect(trie.endpoint(20).route == 0 && trie.endpoint(24).route == 3)
        #expect(trie.node(28).endpointsStart == 31 && trie.node(28).terminalsCount == 2)
        #expect(trie.endpoint(31).route == 2, "the higher priority first")
        for (path, target) in [("/shop/one", 1), ("/shop/two", 3), ("/shop/42", 4)] {
            #expect(table.snapshot.lookup(path)?.route.target == target)
        }
        #expect(table.snapshot.lookup("/shop/x") == nil)
    }

    /// A header keeps a node's counts in a byte (catch-alls) or two (checked edges, routes); a
    /// node with more is wide, its full counts in three more words. At each side of each limit
    /// the node reads back its counts and every route still wins as it should.
    @Test(arguments: [(254, false), (255, true), (300, true)])
    func aNodeWithMoreCatchAllsThanAByteHoldsIsWideAndReadsBackItsCounts(catchAlls: Int, isWide: Bool) throws {
        let table = RouteTable<Int>(configuration: .quiet)
        // One catch-all per priority at /files, and a route ending there and a checked edge.
        try table.register((0..<catchAlls).map { RouteSpec("/files/*", priority: $0, target: $0) }
            + [RouteSpec("/files", target: -1), RouteSpec("/files/<int:n>", priority: catchAlls, target: -2), RouteSpec("/files/list", target: -3)])
        let trie = table.snapshot.matcher.trie
        #expect(trie.wideNodeCount == (isWide ? 1 : 0))
        let files = trie.node(trie.literalSlot(trie.node(0).literals.start).child)
        #expect((files.literals.count, files.checkedCount, files.terminalsCount, files.catchAllsCount) == (1, 1, 1, Int32(catchAlls)))
        #expect(files.checkedStart == trie.literalSlot(trie.node(0).literals.start).child + 3 + (isWide ? 3 : 0))
        #expect(try table.resolve("/files/a/b").target == catchAlls - 1, "the highest priority catch-all")
        #expect(try table.resolve("/files/7").target == -2)
        #expect(try table.resolve("/files/list").target == -3)
        #expect(try table.resolve("/files").target == -1)
        // The storage report's node bytes and the other parts of the arena make up all of it.
        let storage = Dictionary(uniqueKeysWithValues: trie.storage.map { ($0.part, $0.bytes) })
        let others = trie.partCounts.literalSlots * 16 + trie.partCounts.checkedEdges * 8 + trie.partCounts.endpoints * 16
        #expect(storage["trie nodes"].map { $0 + others } == trie.arenaWords * 4)
    }

    /// 65,535 routes ending at one node fit the header's two bytes; one more does not: wide.
    @Test(arguments: [(Int(UInt16.max), false), (Int(UInt16.max) + 1, true)])
    func aNodeWhereMoreRoutesEndThanTwoBytesCountIsWide(count: Int, isWide: Bool) throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register((0..<count).map { RouteSpec("/many/:id", priority: $0, target: $0) } + [RouteSpec("/many/list", target: -1)])
        let trie = table.snapshot.matcher.trie
        #expect(trie.wideNodeCount == (isWide ? 1 : 0))
        let many = trie.node(trie.literalSlot(trie.node(0).literals.start).child)
        #expect(trie.node(many.parameterChild).terminalsCount == Int32(count))
        #expect(try table.resolve("/many/1").target == count - 1)
        #expect(try table.resolve("/many/list").target == -1)
    }

    /// An endpoint keeps its route's scheme and priority in its signature, which routes of one
    /// shape share: routes of the same shape with different schemes and priorities must each
    /// keep their own, and a table with no scheme route must not read one.
    @Test func routesOfOneShapeKeepTheirOwnSchemesAndPrioritiesInTheirSignatures() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register("/user/:id", target: 1)
        try table.register("myapp://user/:id", target: 2)
        try table.register("other://user/:id", priority: 5, target: 3)
        try table.register("/user/:id", priority: 9, target: 4)
        let trie = table.snapshot.matcher.trie
        let user = trie.node(trie.literalSlot(trie.node(0).literals.start).child)
        let id = trie.node(user.parameterChild)
        #expect(id.terminalsCount == 4)
        let ends = (0..<min(id.terminalsCount, 4)).map { trie.endpoint(id.endpointsStart + $0 * FrozenTrie.endpointWords) }
        let shapes = ends.map { trie.signatures[Int($0.signature)] }
        // In precedence order: priority 9, then 5, then the scheme route before the plain one.
        #expect(ends.map(\.route) == [3, 2, 1, 0])
        #expect(shapes.map(\.priorityRank) == [2, 1, 0, 0])
        #expect(shapes.map(\.scheme) == [-1, trie.schemeIndex("other"), trie.schemeIndex("myapp"), -1])
        #expect(Set(ends.map(\.signature)).count == 4, "one shape, four signatures")
        #expect(trie.schemeSignatures != nil)
        for (url, target) in [("myapp://user/1", 4), ("other://user/1", 4), ("/user/1", 4), ("third://user/1", 4)] {
            #expect(try table.resolve(url).target == target, "\(url)")
        }
        table.unregister(table.routes[3].id)
        for (url, target) in [("myapp://user/1", 2), ("other://user/1", 3), ("/user/1", 1), ("third://user/1", 1)] {
            #expect(try table.resolve(url).target == target, "\(url)")
        }

        let plain = RouteTable<Int>(configuration: .quiet)
        try plain.register("/user/:id", target: 1)
        #expect(plain.snapshot.matcher.trie.schemeSignatures == nil)
        #expect(try plain.resolve("myapp://user/1").target == 1)
    }

    @Test func theFilterHasOneBitPerDistinctTopFourBitsOfTheKeysHashes() throws {
        let keys = ["list", "detail", "reviews", "settings", "notifications", "a", "b"]
        let table = RouteTable<Int>(configuration: .quiet)
        for (index, key) in keys.enumerated() { try table.register("/\(key)/end", target: index) }
        let trie = table.snapshot.matcher.trie
        var expected: UInt16 = 0
        for key in keys {
            var text = key
            expected |= text.withUTF8 { FrozenTrie.filterBit(FrozenTrie.literalKey($0, fold: false).hash) }
        }
        #expect(trie.node(0).literals.filter == expected)
        // Pinned as well, so a change to the key hash shows here and not only as a slower miss.
        #expect(expected == 0xF820)
        #expect(expected.nonzeroBitCount <= keys.count)
    }

    /// A key whose filter bit is set by another key must still be compared, and miss; one whose
    /// bit is clear misses without the slots. Both kinds, next to every registered key.
    @Test(arguments: [false, true])
    func segmentsSharingAFilterBitStillCompareAndOthersMiss(caseSensitive: Bool) throws {
        var configuration = RouterConfiguration.quiet
        configuration.caseSensitive = caseSensitive
        let table = RouteTable<Int>(configuration: configuration)
        let registered = (0..<6).map { "key-\($0)" }
        for (index, key) in registered.enumerated() { try table.register("/\(key)", target: index) }
        let trie = table.snapshot.matcher.trie
        let filter = trie.node(0).literals.filter
        var sharing = 0, clear = 0
        for candidate in (0..<400).map({ "other-\($0)" }) {
            var text = candidate
            let bit = text.withUTF8 { FrozenTrie.filterBit(FrozenTrie.literalKey($0, fold: false).hash) }
            if filter & bit != 0 { sharing += 1 } else { clear += 1 }
            #expect(table.snapshot.lookup("/\(candidate)") == nil, "\(candidate)")
        }
        #expect(sharing > 0 && clear > 0, "both kinds were tried: \(sharing) sharing, \(clear) clear")
        for (index, key) in registered.enumerated() {
            #expect(table.snapshot.lookup("/\(key)")?.route.target == index)
            #expect(table.snapshot.lookup("/\(key.uppercased())")?.route.target == (caseSensitive ? nil : index))
            #expect(table.snapshot.lookup("/\(key.replacingOccurrences(of: "-", with: "%2D"))")?.route.target == index)
        }
    }

    /// The longest literal the default limits allow is one 2,047-byte key: its record (length,
    /// then the bytes past the eighth) is found whole, and one byte more is refused at
    /// registration with the limit named, leaving the table as it was.
    @Test func theLongestLiteralKeyAtThePatternLimitAndOnePast() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let key = String(repeating: "k", count: 2_046) + "z"
        try table.register("/" + key, target: 1)
        #expect(table.snapshot.matcher.trie.keyBytes.count == 4 + 2_047 - 8)
        #expect(table.snapshot.lookup("/" + key)?.route.target == 1)
        #expect(table.snapshot.lookup("/" + key.uppercased())?.route.target == 1)
        for near in [String(key.dropLast()), key + "z", String(key.dropLast()) + "y", "K" + key.dropFirst(2) + "z"] {
            #expect(table.snapshot.lookup("/" + near) == nil, "\(near.count) bytes")
        }
        let over = "/" + key + "z"
        #expect(throws: PatternError(pattern: over, offset: 2_048,
                                     reason: .limitExceeded(LimitExceeded(.patternLength, value: 2_049, maximum: 2_048)))) {
            try table.register(over, target: 2)
        }
        #expect(table.snapshot.routes.count == 1)
        #expect(table.snapshot.lookup(over) == nil)
        #expect(table.snapshot.lookup("/" + key)?.route.target == 1)
    }

    @Test func aMatchHandsOutTheTablesOwnRouteObjectAndAnOldVersionKeepsItsOwn() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let kept = try table.register("/product/:id", target: 1)
        try table.register(regex: "^/legacy/(\\d+)$", target: 2)
        let old = table.snapshot
        let oldRoutes = old.routes
        // The trie's match names the route by its object's address, not by its index.
        let reference = try #require(old.matcher.match(path: "/product/7")?.route)
        #expect(reference < 0 && ~reference == Int(bitPattern: Unmanaged.passUnretained(oldRoutes[0]).toOpaque()))
        #expect(old.matcher.match(path: "/legacy/7")?.route == 1)
        #expect(old.lookup("/product/7")?.route === oldRoutes[0])
        #expect(old.lookup("/legacy/7")?.route === oldRoutes[1], "a regex route is found by its index")
        #expect(try old.resolve("myapp://product/7").route === oldRoutes[0])
        table.unregister(kept.id)
        try table.register("/product/:id", target: 3)
        #expect(table.snapshot.lookup("/product/7")?.route.target == 3)
        #expect(old.lookup("/product/7")?.route.target == 1, "the version read before the change still answers")
        #expect(old.lookup("/product/7")?.route === oldRoutes[0])
    }

    /// A literal segment with escapes is decoded outside the search's inlined path, and a key
    /// over eight bytes is compared outside it too: an escaped long key is found as written,
    /// in other case and at its full length; one byte short or long misses; and an escape that
    /// does not decode finds nothing in a lookup, is refused by a resolve naming where and why,
    /// and leaves the table as it was.
    @Test func escapedLiteralsAndEscapesThatDoNotDecode() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register("/shop/notifications-center", target: 1)
        try table.register("/shop/a", target: 2)
        for (path, target) in [("/shop/notifications%2Dcenter", 1), ("/shop/NOTIFICATIONS%2dCENTER", 1),
                               ("/shop/%6Eotifications-center", 1), ("/shop/%61", 2), ("/shop/%41", 2)] {
            #expect(table.snapshot.lookup(path)?.route.target == target, "\(path)")
        }
        for path in ["/shop/notifications%2Dcente", "/shop/notifications%2Dcenterr", "/shop/%62"] {
            #expect(table.snapshot.lookup(path) == nil, "\(path)")
        }
        let before = table.snapshot.routes.map(\.id)
        for (path, offset, reason) in [("/shop/%", 6, MalformedURLError.Reason.invalidPercentEscape),
                                       ("/shop/%2", 6, .invalidPercentEscape), ("/shop/%zz", 6, .invalidPercentEscape),
                                       ("/shop/notifications%2", 19, .invalidPercentEscape),
                                       ("/shop/%C3", 6, .invalidUTF8)] {
            #expect(table.snapshot.lookup(path) == nil, "\(path)")
            #expect(table.failure(path) == .malformedURL(MalformedURLError(url: path, offset: offset, reason: reason)), "\(path)")
        }
        #expect(table.snapshot.routes.map(\.id) == before)
        #expect(table.snapshot.lookup("/shop/notifications-center")?.route.target == 1)
    }
}
