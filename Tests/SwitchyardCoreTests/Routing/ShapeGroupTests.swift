import Switchyard
@testable import SwitchyardRouting
import Testing

/// Registration does work for its own routes only, however many routes share their shape or
/// how many schemes the table has (issue 29, item 9): counts of routes looked at, not times.
@Suite("Registration: routes of one shape, routes of many schemes")
struct ShapeGroupTests {
    func lookedAt(_ table: RouteTable<Int>) -> Int { table.writer.withLock { $0.lookedAtInLastCall } }

    @Test(arguments: [2_000, 20_000])
    func routesOfOneShapeInDistinctSchemesAreNeverCompared(count: Int) throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let registrations = try table.register((1...count).map { RouteSpec("ns\($0)://x/:id", target: $0) })
        #expect(lookedAt(table) == 0)
        #expect(registrations.allSatisfy { $0.conflicts.isEmpty && $0.omittedConflicts == 0 })
        #expect(try table.resolve("ns\(count)://x/7").target == count)
        #expect(try table.resolve("ns1://x/7").target == 1)
        // One at a time, too.
        let single = try table.register("ns\(count + 1)://x/:id", target: count + 1)
        #expect(lookedAt(table) == 0 && single.conflicts.isEmpty)
    }

    @Test(arguments: [2_000, 20_000])
    func routesOfOneShapeAreCountedAfterTheFirstFewAreListed(count: Int) throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let registrations = try table.register((0..<count).map { RouteSpec("/x/:p\($0)", target: $0) })
        #expect(lookedAt(table) == count * 16, "each route looks at 16 others, whatever the count")
        #expect(registrations.allSatisfy { $0.conflicts.count == 16 && $0.omittedConflicts == count - 17 })
        #expect(registrations[count - 1].conflicts.first == RouteConflict(kind: .duplicate, loser: "/x/:p\(count - 1)", winner: "/x/:p0", overlap: "/x/:p\(count - 1)"))
        let late = try table.register("/x/:late", target: -1)
        #expect(lookedAt(table) == 16)
        #expect(late.conflicts.count == 16 && late.omittedConflicts == count - 16)
    }

    @Test func conflictsThatReadAlikeAreListedOnceAndCounted() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let registrations = try table.register((0..<100).map { RouteSpec("/x/:id", priority: $0, target: $0) })
        #expect(registrations[0].conflicts == [RouteConflict(kind: .outranked, loser: "/x/:id", winner: "/x/:id", overlap: "/x/:id")])
        #expect(registrations[0].omittedConflicts == 99 - 16)
    }

    /// A route of no scheme matches every scheme's URLs: where it wins, the scheme route of its
    /// shape never does, whichever registers first; a scheme route never takes the URLs of
    /// another scheme. (`winner` is the pattern that always wins; nil: no conflict.)
    @Test(arguments: [
        ("myapp://a/:x", 0, "/a/:y", 1, "/a/:y"),
        ("/a/:y", 1, "myapp://a/:x", 0, "/a/:y"),
        ("myapp://a/:x", 0, "/a/:y", 0, nil),
        ("/a/:y", 0, "myapp://a/:x", 0, nil),
        ("myapp://a/:x", 0, "/a/<string:s>", 0, "/a/<string:s>"),
        ("/a/<string:s>", 0, "myapp://a/:x", 0, "/a/<string:s>"),
        ("myapp://a/<string:s>", 0, "/a/:x", 0, nil),
        ("/a/:x", 0, "myapp://a/<string:s>", 0, nil),
        ("myapp://a/:x", 0, "other://a/:y", 0, nil),
        ("myapp://a/:x", 0, "myapp://a/:y", 0, "myapp://a/:x"),
    ] as [(String, Int, String, Int, String?)])
    func conflictsAcrossSchemes(first: String, firstPriority: Int, second: String, secondPriority: Int, winner: String?) throws {
        for batch in [true, false] {
            let table = RouteTable<Int>(configuration: .quiet)
            let registrations: [RouteRegistration]
            if batch {
                registrations = try table.register([RouteSpec(first, priority: firstPriority, target: 1), RouteSpec(second, priority: secondPriority, target: 2)])
            } else {
                registrations = [try table.register(first, priority: firstPriority, target: 1), try table.register(second, priority: secondPriority, target: 2)]
            }
            #expect(registrations[1].conflicts.map(\.winner) == (winner.map { [$0] } ?? []), "batch: \(batch)")
            if batch { #expect(registrations[0].conflicts.map(\.winner) == (winner.map { [$0] } ?? []), "listed under both") }
        }
    }
}
