import Atomics
import Foundation
import Switchyard
import Testing

/// Readers resolve while a writer registers and unregisters. Run under Thread Sanitizer in CI
/// (`swift test --sanitize=thread --filter Concurrency`).
@Suite("Concurrency")
struct ConcurrencyTests {
    /// Each generation registers one batch whose targets all carry the generation number, so a
    /// reader that saw a half-built table would find two different generations in one snapshot.
    @Test func resolvesSeeAWholeOldOrNewTableNeverAMix() async throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        let paths = (0..<20).map { "/module\($0)/:id" }
        try routes.register(paths.map { RouteSpec($0, owner: "gen", target: 0) })
        let generations = 60

        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                for generation in 1...generations {
                    routes.unregisterAll(owner: "gen")
                    try routes.register(paths.map { RouteSpec($0, owner: "gen", target: generation) })
                }
                return 0
            }
            for reader in 0..<4 {
                group.addTask {
                    var mixed = 0
                    for round in 0..<3_000 {
                        let snapshot = routes.snapshot
                        let seen = Set((0..<20).compactMap { snapshot.lookup("/module\($0)/\(round + reader)")?.route.target })
                        if seen.count > 1 { mixed += 1 }
                        _ = try? routes.resolve("myapp://module\(round % 20)/x?r=\(reader)")
                    }
                    return mixed
                }
            }
            var mixedSnapshots = 0
            for try await mixed in group { mixedSnapshots += mixed }
            #expect(mixedSnapshots == 0)
        }
        #expect(try routes.resolve("/module3/1").target == generations)
    }

    @Test func concurrentRegistrationsAreAllKept() async throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<25 {
                        _ = try? routes.register("/w\(writer)/r\(index)/:id", target: writer * 100 + index)
                    }
                }
            }
        }
        #expect(routes.routes.count == 200)
        #expect(try routes.resolve("/w7/r24/x").target == 724)
        #expect(Set(routes.routes.map(\.id)).count == 200)
    }

    /// A version is built by its first reader; readers racing to build the same one each get a
    /// whole table with every route registered before they started, and the writer never waits.
    @Test func readersRacingToBuildAVersionEachSeeEveryRouteRegisteredBefore() async throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        let registered = ManagedAtomic(-1)
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                for index in 0..<400 {
                    try routes.register("/single\(index)/:id", target: index)
                    registered.store(index, ordering: .releasing)
                }
                return 0
            }
            for _ in 0..<3 {
                group.addTask {
                    // Found in review: readers that started before the first registration
                    // could finish without checking anything.
                    while registered.load(ordering: .acquiring) < 0 { await Task.yield() }
                    var missed = 0
                    for round in 0..<2_000 {
                        let newest = registered.load(ordering: .acquiring)
                        let wanted = round % (newest + 1)
                        if routes.snapshot.lookup("/single\(wanted)/x")?.route.target != wanted { missed += 1 }
                        if (try? routes.resolve("/single\(newest)/y"))?.target != newest { missed += 1 }
                    }
                    return missed
                }
            }
            var missed = 0
            for try await count in group { missed += count }
            #expect(missed == 0)
        }
        #expect(routes.routes.count == 400)
    }
}
