import Foundation
import Atomics
import Switchyard
@testable import SwitchyardRouting
@testable import SwitchyardSupport
import SwitchyardTesting
import Testing

/// Registering one route at a time costs what a batch does: no change rebuilds the table,
/// the first read after a run of changes builds it once, and conflicts come from an index of
/// shapes that forgets what is unregistered. Counts, not timings.
@Suite("Registration cost: one at a time is a batch")
struct RegistrationCostTests {
    @Test func aThousandSingleRegistrationsBuildTheTableOnceAtTheFirstRead() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        for index in 0..<1_000 { try table.register("/page\(index)/:id", target: index) }
        #expect(table.builds.load(ordering: .relaxed) == 0)
        #expect(try table.resolve("/page999/7").target == 999)
        #expect(try table.resolve("/page0/7").target == 0)
        #expect(table.builds.load(ordering: .relaxed) == 1)
        table.unregister(try table.register("/extra", target: -1).id)
        #expect(table.routes.count == 1_000)
        #expect(table.builds.load(ordering: .relaxed) == 2)
    }

    @Test func pagesAndActionsRegisteredOneAtATimeBuildOnceAtTheFirstOpen() async throws {
        let router = Router(configuration: .quiet)
        for index in 0..<1_000 {
            try router.action("/action\(index)/:id") { _ in }
            try router.redirect("/old\(index)", to: "/action\(index)/0")
        }
        #expect(router.table.builds.load(ordering: .relaxed) == 0)
        #expect(await router.open("/old999").outcome == .performedAction(pattern: "/action999/:id"))
        #expect(router.table.builds.load(ordering: .relaxed) == 1)
    }

    @Test func aResolveAfterRegisterReturnedSeesTheNewRoute() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        for index in 0..<200 {
            try table.register("/r\(index)", target: index)
            #expect(try table.resolve("/r\(index)").target == index)
            #expect(table.canOpen("/r\(index)"))
        }
        #expect(table.builds.load(ordering: .relaxed) == 200)
    }

    @Test func singleRegistrationsReportTheSameConflictsAsOneBatch() throws {
        let patterns = ["/a/:x", "/a/:y", "/a/<string:s>", "/b(/:p)", "/b/:q", "/c/<int:n>", "/c/<int:m>",
                        "myapp://a/:z", "/A/:w", "/d/*", "/d/*", "/e/:v"]
        let batch = RouteTable<Int>(configuration: .quiet)
        let batched = try batch.register(patterns.enumerated().map { RouteSpec($0.element, priority: $0.offset == 11 ? 1 : 0, target: $0.offset) })
        let single = RouteTable<Int>(configuration: .quiet)
        var singles: [RouteRegistration] = []
        for (offset, pattern) in patterns.enumerated() {
            singles.append(try single.register(pattern, priority: offset == 11 ? 1 : 0, target: offset))
        }
        // A batch lists a conflict between two of its routes under both; one at a time, the
        // earlier registration had returned before the later one existed.
        for (one, many) in zip(singles, batched) {
            #expect(Set(one.conflicts).isSubset(of: Set(many.conflicts)), "\(one.pattern)")
        }
        #expect(singles.map(\.conflicts.count) == [0, 1, 2, 0, 1, 0, 1, 1, 3, 0, 1, 0])
        // The scheme route beats the plain ones but not the typed one, tried first for any scheme.
        #expect(singles[7].conflicts == [RouteConflict(kind: .shadowed, loser: "myapp://a/:z", winner: "/a/<string:s>", overlap: "myapp://a/:z")])
        // Literals compare without ASCII case unless the table is case-sensitive.
        #expect(singles[8].conflicts.map(\.winner) == ["/a/:x", "/a/:y", "/a/<string:s>"])
        #expect(singles[2].conflicts.map(\.kind) == [.shadowed, .shadowed])
        #expect(singles[4].conflicts == [RouteConflict(kind: .duplicate, loser: "/b/:q", winner: "/b(/:p)", overlap: "/b/:q")])
    }

    @Test func anUnregisteredRouteNoLongerConflicts() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let first = try table.register("/a/:x", target: 1)
        #expect(try table.register("/a/:y", target: 2).conflicts.count == 1)
        table.unregister(first.id)
        table.unregisterAll(owner: "nobody")
        #expect(try table.register("/a/<string:s>", target: 3).conflicts
            == [RouteConflict(kind: .shadowed, loser: "/a/:y", winner: "/a/<string:s>", overlap: "/a/:y")])
        try table.replaceAll(owner: "manifest", with: [RouteSpec("/m/:id", target: 4)])
        try table.replaceAll(owner: "manifest", with: [RouteSpec("/m/:key", target: 5)])
        #expect(try table.register("/m/:other", target: 6).conflicts
            == [RouteConflict(kind: .duplicate, loser: "/m/:other", winner: "/m/:key", overlap: "/m/:other")])
        let regex = try table.register(regex: "/z/(\\d+)", target: 7)
        table.unregister(regex.id)
        #expect(try table.register(regex: "/z/(\\d+)", target: 8).conflicts.isEmpty)
        #expect(try table.resolve("/z/3").target == 8)
    }

    @Test func aTableThatChurnsKeepsAboutItsLiveRoutes() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        for index in 0..<100 { try table.register("/kept/\(index)", target: index) }
        for round in 0..<5_000 {
            table.unregister(try table.register("/churn/\(round)", target: round).id)
            // Removed routes are dropped once they outnumber the live ones.
            #expect(table.retainedRouteCount <= 2 * 100 + 1)
        }
        #expect(table.routes.map(\.target) == Array(0..<100))
        #expect(try table.resolve("/kept/42").target == 42)
        #expect(!table.canOpen("/churn/4999"))
    }

    /// The registry finds a route by id in the log (no dictionary of its own): across runs of
    /// the log, before and after it compacts, and never a route removed in between.
    @Test func routesAreFoundByIDBeforeAndAfterTheLogCompacts() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let kept = try (0..<40).map { try table.register("/k/\($0)/:x", target: $0) }
        let gone = try (0..<39).map { try table.register("/g/\($0)/:x", target: 100 + $0) }
        for registration in gone.prefix(30) { #expect(table.unregister(registration.id)) }
        #expect(table.retainedRouteCount == 79, "30 removed of 79: not compacted yet")
        #expect(!table.unregister(gone[0].id))
        let late = try table.register("/g/0/:y", target: 0)
        #expect(late.conflicts.isEmpty, "a removed route does not conflict")
        let later = try table.register("/g/35/:y", target: 0)
        #expect(later.conflicts.map(\.winner) == ["/g/35/:x"])
        for registration in gone.suffix(9) + [late, later] { #expect(table.unregister(registration.id)) }
        #expect(table.retainedRouteCount == 40, "41 removed outnumber 40 live: compacted")
        #expect(!table.unregister(gone[38].id))
        #expect(try table.register("/k/7/:z", target: 0).conflicts.map(\.winner) == ["/k/7/:x"])
        #expect(table.unregister(kept[7].id))
        #expect(!table.unregister(kept[7].id))
        #expect(try table.register("/k/7/:w", target: 0).conflicts.map(\.winner) == ["/k/7/:z"])
    }

    @Test func theSharedLogFindsAnElementByKeyInEveryRun() {
        var log = SharedLog<Int>()
        for start in stride(from: 0, to: 3_000, by: 7) { log.append(contentsOf: Array(start..<(start + 7)).map { $0 * 2 }) }
        #expect(log.depth > 1)
        for key in 0..<6_020 {
            #expect(log.element(withKey: key) { $0 } == (key % 2 == 0 && key < 6_006 ? key : nil))
        }
        #expect(SharedLog<Int>().element(withKey: 0) { $0 } == nil)
    }

    /// The shape index's table against a dictionary of lists: the same entries per key, in
    /// the order they were inserted, through growth, removals that shift entries back, lone
    /// entries that become groups and back, keys that share a slot, a key of 0 and keys that
    /// differ only above their low 32 bits (which the table tells apart through `keyOf`).
    @Test(arguments: [UInt64(1), 2, 3])
    func theShapeTableAgreesWithADictionaryOfLists(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var table = ShapeTable()
        var model: [UInt64: [ShapeIndex.Entry]] = [:]
        var keyOfEntry: [ShapeIndex.Entry: UInt64] = [:]
        let keyOf = { (entry: ShapeIndex.Entry) in keyOfEntry[entry] }
        // Few distinct keys, several of them landing in the same slot, so clusters form and wrap.
        let keys: [UInt64] = [0, 1, 7, 15, 16, 31, 1 << 40 | 7, 1 << 32, 1 << 32 | 1, 0xFFFF_FFFF_FFFF_FFFF] + (0..<24).map { _ in generator.next() }
        var next = 0
        for step in 0..<4_000 {
            let key = keys[Int(generator.next() % UInt64(keys.count))]
            if generator.next() % 3 == 0, let list = model[key], !list.isEmpty {
                let entry = list[Int(generator.next() % UInt64(list.count))]
                table.remove(key, entry)
                model[key]?.removeAll { $0 == entry }
            } else {
                let entry = ShapeIndex.Entry(route: RouteID(rawValue: next), variant: step % 3)
                next += 1
                keyOfEntry[entry] = key
                table.insert(key, entry, keyOf: keyOf)
                model[key, default: []].append(entry)
            }
            if step % 97 == 0 || step > 3_950 {
                for key in keys { #expect(table.entries(key, keyOf: keyOf) == model[key] ?? [], "oldest first") }
            }
        }
        #expect(table.count == model.values.reduce(0) { $0 + $1.count })
        table.remove(12_345, ShapeIndex.Entry(route: RouteID(rawValue: 1), variant: 0))
        #expect(table.count == model.values.reduce(0) { $0 + $1.count }, "removing what is not there changes nothing")
    }

    /// The trie builder keeps edges in flat lists and groups them by node when it freezes:
    /// each node's items in the order they were added, which is the order the trie tries them.
    @Test func positionsGroupedByNodeKeepTheOrderTheyWereAddedIn() {
        let groups = NodeGroups([2, 0, 2, 4, 0, 2], nodeCount: 5)
        #expect((0..<5).map { Array(groups.positions(of: Int32($0))) } == [[1, 4], [], [0, 2, 5], [], [3]])
        #expect(NodeGroups([], nodeCount: 1).positions(of: 0).isEmpty)
    }

    @Test func theSharedLogStaysShallowAndKeepsOrder() {
        var log = SharedLog<Int>()
        var versions: [SharedLog<Int>] = []
        for value in 0..<1_000 {
            log.append(value)
            if value % 100 == 0 { versions.append(log) }
        }
        #expect(log.elements() == Array(0..<1_000))
        #expect(versions.map { $0.elements().count } == Array(stride(from: 1, through: 901, by: 100)))
        #expect(log.depth <= 10)
        // Found in review: runs that only had to shrink grew √(2n) deep on shrinking batches.
        var shrinking = SharedLog<Int>()
        var next = 0
        for size in stride(from: 62, through: 1, by: -1) {
            shrinking.append(contentsOf: Array(next..<(next + size)))
            next += size
            #expect(shrinking.depth <= Int(log2(Double(shrinking.count))) + 1)
        }
        #expect(shrinking.elements() == Array(0..<next))
    }
}
