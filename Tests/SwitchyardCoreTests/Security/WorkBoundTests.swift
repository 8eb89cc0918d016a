import Foundation
import Switchyard
@testable import SwitchyardPipeline
@testable import SwitchyardRouting
import SwitchyardSupport
import SwitchyardTools
import Testing

/// Work that grew with the input now has a bound, asserted as a count rather than a time.
/// (White-box: the counters are internal, hence `@testable`.)
@Suite("Work bounds: conflicts, suggestions and double taps")
struct WorkBoundTests {
    /// Issue 12, row 5: one batch of 200 same-shaped routes took 24 s (about n⁴); each
    /// registration now lists at most 16 conflicts and counts the rest.
    @Test func aBatchOfSameShapedRoutesReportsBoundedConflicts() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        let registrations = try routes.register((0..<200).map { RouteSpec("/a/:p\($0)", target: $0) })
        #expect(registrations.allSatisfy { $0.conflicts.count == 16 && $0.omittedConflicts == 183 })
        #expect(registrations[199].conflicts.first == RouteConflict(kind: .duplicate, loser: "/a/:p199", winner: "/a/:p0", overlap: "/a/:p199"))
        #expect(registrations[0].conflicts.first == RouteConflict(kind: .duplicate, loser: "/a/:p1", winner: "/a/:p0", overlap: "/a/:p1"))
        // One at a time, the newest route hears of every older one, up to the limit.
        let single = try routes.register("/a/:late", target: 200)
        #expect(single.conflicts.count == 16)
        #expect(single.omittedConflicts == 184)
        #expect(routes.routes.count == 201)
    }

    @Test func theConflictLimitIsASetting() throws {
        var configuration = RouterConfiguration.quiet
        configuration.limits.conflictsPerRegistration = 2
        let routes = RouteTable<Int>(configuration: configuration)
        try routes.register((0..<5).map { RouteSpec("/b/:x\($0)", target: $0) })
        let registration = try routes.register("/b/:y", target: 9)
        #expect(registration.conflicts.map(\.winner) == ["/b/:x0", "/b/:x1"])
        #expect(registration.omittedConflicts == 3)
    }

    /// The cap the conflict index reports under (its code moved into `ConflictIndex` with the
    /// layer split): a route with exactly the cap's conflicts lists them all; one more is counted.
    @Test(arguments: [(3, 3, 0), (4, 3, 1)])
    func conflictsAtTheCapAndOnePast(existing: Int, listed: Int, omitted: Int) throws {
        var configuration = RouterConfiguration.quiet
        configuration.limits.conflictsPerRegistration = 3
        let routes = RouteTable<Int>(configuration: configuration)
        try routes.register((0..<existing).map { RouteSpec("/c/:x\($0)", target: $0) })
        let before = routes.routes.map(\.pattern)
        let registration = try routes.register("/c/:y", target: 9)
        #expect(registration.conflicts.map(\.winner) == (0..<listed).map { "/c/:x\($0)" })
        #expect(registration.conflicts.allSatisfy { $0.kind == .duplicate && $0.loser == "/c/:y" })
        #expect(registration.omittedConflicts == omitted)
        // The routes already there are untouched, and the new one is registered after them.
        #expect(routes.routes.map(\.pattern) == before + ["/c/:y"])
        #expect(try routes.resolve("/c/1").target == 0)
    }

    /// The same batch in a manifest: lint finishes with each route's problems bounded.
    @Test func lintOfAManifestOfSameShapedRoutesIsBounded() throws {
        let routes = (0..<300).map { #"{ "pattern": "/a/:p\#($0)", "kind": "web", "url": "https://m.example.com/\#($0)" }"# }
        let json = #"{ "schemaVersion": 1, "manifestVersion": 2, "routes": [\#(routes.joined(separator: ","))] }"#
        let problems = ManifestValidator().problems(in: try ManifestDecoder.decode(Data(json.utf8)))
        let perRoute = Dictionary(grouping: problems, by: { $0.path }).mapValues(\.count)
        #expect(perRoute.values.allSatisfy { $0 <= 17 })
        #expect(perRoute["$.routes[299].pattern"] == 17)
        #expect(problems.contains(ManifestProblem(
            path: "$.routes[299].pattern", message: "283 more conflicts of /a/:p299 are not listed (InputLimits.conflictsPerRegistration)")))
        let report = Linter.lint(Data(json.utf8), file: "m.json")
        #expect(report.text.hasSuffix("m.json: \(problems.count) errors"))
    }

    /// Issue 12, row 6: a 40 KB path that matches nothing, against 1,000 routes, took 16.3 s to
    /// describe. The suggestion now compares 128 bytes at most and stops at its budget.
    @Test func theNearestPatternOfAHugeMissCostsWhatASmallOneDoes() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        try routes.register((0..<1_000).map { RouteSpec("/route\($0)/:id/detail/*", target: $0) })
        let huge = "/zz" + String(repeating: "y", count: 40_000) + "/7/detail/x"
        let patterns = routes.routes.compactMap { route -> RoutePattern? in
            if case .pattern(let pattern) = route.definition { return pattern }
            return nil
        }
        let budget = InputLimits.default.suggestionWork
        let hugeSearch = NearestPattern.find(path: huge, patterns: patterns, budget: budget)
        let smallSearch = NearestPattern.find(path: String(huge.prefix(256)), patterns: patterns, budget: budget)
        #expect(hugeSearch.work <= budget)
        #expect(hugeSearch.work == smallSearch.work)
        #expect(hugeSearch.pattern == smallSearch.pattern)
        // The message is bounded too: the path is cut for display.
        let message = routes.failure(huge)?.description ?? ""
        #expect(message.hasPrefix("no route matches /zzyyy"))
        #expect(message.count < 400)
    }

    /// Issue 12, row 6 as reported: the same miss opened with the recorder on took 15.2 s.
    /// The recorded outcome is the bounded message, the same as the open's own.
    @Test func aHugeMissOpenedWithTheRecorderOnRecordsTheBoundedMessage() async throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(recordingLast: 4))
        try router.register((0..<1_000).map { RouteSpec("/route\($0)/:id/detail/*", target: RouteTarget(.action { _ in })) })
        let huge = "/zz" + String(repeating: "y", count: 40_000) + "/7/detail/x"
        let result = await router.open(huge)
        guard case .notFound = result.outcome else {
            Issue.record("expected a miss, got \(result.outcome)")
            return
        }
        let entry = try #require(router.recorder?.entries.last)
        #expect(entry.outcome == result.outcome.description)
        #expect(entry.outcome.hasPrefix("not found: no route matches /zzyyy"))
        #expect(entry.outcome.count < 400)
    }

    @Test func aSpentBudgetStillSuggestsTheBestSoFar() throws {
        let patterns = try (0..<100).map { try RoutePattern("/product\($0)/:id") }
        let search = NearestPattern.find(path: "/prodcut1/7", patterns: patterns, budget: 3 * 11 * 12)
        #expect(search.exhausted)
        #expect(search.work <= 3 * 11 * 12)
        #expect(search.pattern == "/product1/:id")
        let full = NearestPattern.find(path: "/product42/7", patterns: patterns, budget: .max)
        #expect(full.pattern == "/product42/:id")
        #expect(full.distance == 0)
    }

    /// Issue 12, row 10: with 200,000 distinct URLs inside the window, the guard filtered its
    /// whole list on every open (300 µs an open). It now remembers at most 1,024 and forgets
    /// from the oldest end: the work is at most one step per open.
    @Test func theDuplicateGuardStaysSmallAndCheapWhateverArrives() throws {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .seconds(600)))
        func key(_ url: String, _ source: RouteSource) -> Int {
            DuplicateGuard.key(url: url, caller: RouteCaller(source: source), source: source, scene: nil, parameters: [:], callerParameters: [:])
        }
        var duplicates = 0
        let now = ClockReading.now
        for index in 0..<200_000 where router.isDuplicate(key("/p/\(index)", .deepLink), at: now) { duplicates += 1 }
        let state = router.arrivals.withLock { $0.duplicates }
        #expect(duplicates == 0)
        #expect(state.count == DuplicateGuard.capacity)
        #expect(state.work == 200_000 - DuplicateGuard.capacity)
        // The most recent are still caught; the forgotten oldest open again.
        #expect(router.isDuplicate(key("/p/199999", .deepLink), at: now), "a recent repeat is caught")
        #expect(!router.isDuplicate(key("/p/0", .deepLink), at: now), "the oldest was forgotten")
        #expect(!router.isDuplicate(key("/p/199999", .push), at: now), "another source is another open")
    }

    @Test func expiredOpensAreForgottenFromTheOldestEnd() throws {
        var guardState = DuplicateGuard()
        let start = ClockReading.now
        func key(_ url: String) -> Int {
            DuplicateGuard.key(url: url, caller: .app, source: .inApp, scene: nil, parameters: [:], callerParameters: [:])
        }
        for index in 0..<500 {
            _ = guardState.isDuplicate(key: key("/p/\(index)"), at: start + .milliseconds(index), window: .milliseconds(100))
        }
        #expect(guardState.count == 100)
        let repeated = guardState.isDuplicate(key: key("/p/499"), at: start + .milliseconds(550), window: .milliseconds(100))
        let expired = guardState.isDuplicate(key: key("/p/400"), at: start + .milliseconds(550), window: .milliseconds(100))
        #expect(repeated)
        #expect(!expired)
        #expect(guardState.count == 50)
    }
}
