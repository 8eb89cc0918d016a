import Switchyard
import SwitchyardPatterns
@testable import SwitchyardRouting
import SwitchyardTesting
import Testing

/// The trie build reuses the variants registration calls expanded for their conflict checks,
/// kept by route id from every call since the last build. These tests hold a table that builds
/// once after many calls, removals and replacements to one that builds after every change (and
/// so takes each call's variants at once), and to the pattern text.
@Suite("Routing: a build from the registrations' kept variants matches one from the pattern text")
struct PendingVariantsTests {
    static let patterns = [
        "/a/:id", "/a/<int:n>/b", "/a/list", "/c/<path:rest>", "/c/d(/e)", "/f/[g]/h", "/x/:p/y/:q",
        "/a/:id/edit", "/Mixed/Case/:v", "/a/<float:f>", "/opt(/one)(/two)", "/c/d",
    ]
    static let paths = [
        "/a/1", "/a/1/b", "/a/x/b", "/a/list", "/c/1/2", "/c/d", "/c/d/e", "/f/h", "/f/g/h", "/x/1/y/2",
        "/a/sku/edit", "/mixed/case/9", "/a/1.5", "/opt", "/opt/one/two", "/opt/two", "/nothing",
    ]

    /// What every path finds: the route's pattern and its parameters, or nothing.
    static func answers(_ table: RouteTable<String>) -> [String] {
        paths.map { path in
            guard let found = table.snapshot.lookup(path) else { return "\(path): -" }
            return "\(path): \(found.route.target) \(found.parameters.map { "\($0.name)=\($0.value)" })"
        }
    }

    @Test(arguments: 0..<30)
    func manyCallsThenOneBuildAnswerAsABuildAfterEveryCallDoes(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xBEEF_0000 + seed)
        let lazy = RouteTable<String>(configuration: .quiet)
        let eager = RouteTable<String>(configuration: .quiet)
        var idsLazy: [RouteID] = [], idsEager: [RouteID] = []
        for step in 0..<40 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let pattern = Self.patterns.randomElement(using: &random) ?? "/a/:id"
                idsLazy.append(try lazy.register(pattern, target: "\(pattern)#\(step)").id)
                idsEager.append(try eager.register(pattern, target: "\(pattern)#\(step)").id)
            case 5..<7:
                let batch = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.patterns.randomElement(using: &random) ?? "/a" }
                let specs = batch.map { RouteSpec($0, owner: "batch", target: "\($0)#\(step)") }
                idsLazy += try lazy.register(specs).map(\.id)
                idsEager += try eager.register(specs).map(\.id)
            case 7..<9 where !idsLazy.isEmpty:
                let index = Int.random(in: 0..<idsLazy.count, using: &random)
                #expect(lazy.unregister(idsLazy.remove(at: index)) == eager.unregister(idsEager.remove(at: index)))
            default:
                let pattern = Self.patterns.randomElement(using: &random) ?? "/a"
                _ = try lazy.replaceAll(owner: "batch", with: [RouteSpec(pattern, target: "\(pattern)#\(step)")])
                _ = try eager.replaceAll(owner: "batch", with: [RouteSpec(pattern, target: "\(pattern)#\(step)")])
            }
            _ = Self.answers(eager) // builds this version, taking the call's variants
        }
        #expect(Self.answers(lazy) == Self.answers(eager), "seed \(seed)")
        // And both as a table made from the texts alone, with nothing kept.
        let fromText = RouteTable<String>(configuration: .quiet)
        for route in eager.snapshot.routes { try fromText.register(route.pattern, priority: route.priority, target: route.target) }
        _ = fromText.writer.withLock { $0.log.pending.take() } // dropped: its build reads every text
        #expect(Self.answers(lazy) == Self.answers(fromText), "seed \(seed)")
    }

    @Test func aBuildTakesEveryCallsVariantsAndLeavesNoneBehind() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        for index in 0..<50 { try table.register("/r\(index)/:id", target: index) }
        let log = table.writer.withLock { $0.log }
        let taken = try #require(log.pending.take())
        #expect(taken.runs.count == 50)
        #expect(taken.variants(of: RouteID(rawValue: 0))?.count == 1)
        #expect(taken.variants(of: RouteID(rawValue: 49))?.count == 1)
        #expect(taken.variants(of: RouteID(rawValue: 50)) == nil)
        #expect(log.pending.take() == nil)
        // Taken before the build: the build reads every pattern's text and finds the same.
        #expect(table.snapshot.lookup("/r49/x")?.route.target == 49)
        #expect(table.snapshot.lookup("/r0/x")?.parameters["id"] == "x")
    }

    /// Routes replaced again and again with no lookup between: what is kept stays within twice
    /// the live routes and a thousand more, and the build still answers from the text.
    @Test func aTableReplacedOverAndOverWithoutABuildKeepsBoundedVariants() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let live = 1500
        var most = 0
        for round in 0..<20 {
            _ = try table.replaceAll(owner: "manifest", with: (0..<live).map { RouteSpec("/m\($0)/:id", target: round * live + $0) })
            most = max(most, table.writer.withLock { $0.log.pending.keptRoutes })
        }
        #expect(most <= 2 * live + 1024)
        #expect(most >= live)
        #expect(table.snapshot.lookup("/m7/x")?.route.target == 19 * live + 7)
        #expect(table.writer.withLock { $0.log.pending.keptRoutes } == 0)
    }

    /// The cap on kept variants, at the limit and one route past it: at it everything is kept;
    /// one past, what was kept goes and only the new call's are kept.
    @Test func keptVariantsAtTheirLimitAndOnePast() throws {
        let variants = try #require(RoutePattern.parsed("/a/:id", converters: ParameterConverter.defaultSet, limits: .default).variants)
        let pending = PendingVariants()
        pending.add(first: 0, variants: [variants, variants], keepingAtMost: 3)
        pending.add(first: 2, variants: [variants], keepingAtMost: 3)
        #expect(pending.keptRoutes == 3)
        pending.add(first: 3, variants: [variants], keepingAtMost: 3)
        #expect(pending.keptRoutes == 1)
        let taken = try #require(pending.take())
        #expect(taken.variants(of: RouteID(rawValue: 0)) == nil)
        #expect(taken.variants(of: RouteID(rawValue: 3))?.count == 1)
        #expect(pending.keptRoutes == 0)
    }
}
