import Foundation
@testable import SwitchyardTools
import Switchyard
import SwitchyardTesting
import Testing

/// `switchyard aasa` in bounded time and memory (issue 29, item 12): wildcards matched by an
/// automaton, components indexed by first segment, a budget of steps, files refused before
/// they are read, and no file written that Apple would not read.
@Suite("apple-app-site-association: bounds")
struct AppSiteBoundTests {
    /// Apple's wildcards by backtracking, for reference: obviously right, exponential at worst.
    static func reference(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case UInt8(ascii: "*"): return (0...text.count).contains { reference(Array(pattern.dropFirst()), Array(text.dropFirst($0))) }
        case UInt8(ascii: "?"): return !text.isEmpty && reference(Array(pattern.dropFirst()), Array(text.dropFirst()))
        default: return text.first == first && reference(Array(pattern.dropFirst()), Array(text.dropFirst()))
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func theAutomatonAgreesWithBacktrackingOnRandomPatterns(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let alphabet = Array("ab/*?".utf8), textAlphabet = Array("ab/".utf8)
        for _ in 0..<1_500 {
            let pattern = (0..<Int(generator.next() % 9)).map { _ in alphabet[Int(generator.next() % 5)] }
            let text = (0..<Int(generator.next() % 10)).map { _ in textAlphabet[Int(generator.next() % 3)] }
            var steps = 0
            let compiled = Wildcard(String(decoding: pattern, as: UTF8.self), caseSensitive: true)
            #expect(compiled.matches(text, steps: &steps) == Self.reference(pattern, text),
                    "\(String(decoding: pattern, as: UTF8.self)) against \(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test func longPatternsSpanningWordsAgreeToo() {
        // 70 positions: the automaton's state is two words, and the carry between them matters.
        let pattern = String(repeating: "a", count: 63) + "*b" + String(repeating: "?", count: 5)
        var steps = 0
        let compiled = Wildcard(pattern, caseSensitive: false)
        #expect(compiled.matches(Array((String(repeating: "A", count: 63) + "xxbyyyyy").utf8), steps: &steps))
        #expect(!compiled.matches(Array((String(repeating: "a", count: 62) + "xxbyyyyy").utf8), steps: &steps))
    }

    @Test func aPatternThatMakesBacktrackingRetryEveryPositionCostsTheTextTimesItsWords() {
        let pattern = "*" + String(repeating: "a", count: 700) + "c*"
        let text = Array(String(repeating: "a", count: 2_000).utf8)
        var steps = 0
        #expect(!Wildcard(pattern, caseSensitive: true).matches(text, steps: &steps))
        #expect(steps <= 2_000 * 11 + 2, "one step per byte and 64 positions: \(steps)")
    }

    static func routes(_ patterns: [String]) -> RouteCatalog {
        (try? RouteCatalog.load(Data(JSONSerialization.data(withJSONObject: patterns.map {
            ["pattern": $0, "kind": "pattern", "priority": 0, "parameters": [String]()] as [String: Any]
        })))) ?? RouteCatalog(entries: [], manifest: nil)
    }

    @Test func tenThousandComponentsAgainstTwoThousandRoutesTakeOneStepEachWhereTheirFirstSegmentsDiffer() throws {
        let site = AppSiteAssociation(details: [.init(appIDs: ["T.app"], components: (0..<10_000).map { .init(path: "/\($0)") })])
        let report = try site.check(Self.routes((0..<2_000).map { "/r\($0)/:id" }), appID: nil, domain: nil, profile: AppProfile(), maximumSteps: 2_000)
        #expect(report.routesLeftToSafari.count == 2_000, "every route is left to Safari, and no component was compared")
    }

    @Test func aCheckOverItsBudgetStopsAndSaysHowFarItGot() throws {
        let component = AppSiteAssociation.Component(path: "*" + String(repeating: "a", count: 700) + "c*")
        let site = AppSiteAssociation(details: [.init(appIDs: ["T.app"], components: Array(repeating: component, count: 20))])
        let long = "/" + Array(repeating: String(repeating: "a", count: 29), count: 60).joined(separator: "/")
        let catalog = Self.routes((0..<10).map { long + "/x\($0)" })
        #expect(throws: ToolError("the check stopped after 2 of 10 routes: comparing them with the file's components took more than 1000000 steps "
            + "(AppSiteAssociation.maximumCheckSteps); components whose path starts with a wildcard are compared with every route")) {
            try site.check(catalog, appID: nil, domain: nil, profile: AppProfile(), maximumSteps: 1_000_000)
        }
        // The same check within its bound.
        #expect(try site.check(catalog, appID: nil, domain: nil, profile: AppProfile(), maximumSteps: 10_000_000).routesLeftToSafari.count == 10)
    }

    @Test func generateRefusesAFileAppleWouldNotReadAndSaysWhatPerFirstSegmentMakes() throws {
        let catalog = Self.routes((0..<3_000).map { "/shelf\($0 % 40)/item\($0)/:id" })
        do {
            _ = try AppSiteAssociation.generate(catalog, appIDs: ["TEAM.app"])
            Issue.record("a file over 128 KB was written")
        } catch {
            #expect(error.description.hasPrefix("the file would be "))
            #expect(error.description.contains("with 3000 components; Apple reads at most 131072 bytes, and a file Apple reads has at most 10000 components: "
                + "pass --per-first-segment for one component per first path segment (40 components, "))
        }
        let collapsed = try AppSiteAssociation.generate(catalog, appIDs: ["TEAM.app"], perFirstSegment: true)
        #expect(collapsed.details[0].components.map { $0.path ?? "" }.prefix(2) == ["/shelf0/*", "/shelf1/*"])
        #expect(try collapsed.check(catalog).routesLeftToSafari.isEmpty)
        #expect(try AppSiteAssociation.read(Data(collapsed.json.utf8)) == collapsed, "what it writes, check reads")
    }

    @Test func generateWritesAFileOfExactlyTheLimitAndRefusesOneByteMore() throws {
        let catalog = Self.routes(["/a/:id"])
        let base = try AppSiteAssociation.generate(catalog, appIDs: ["T.app"], excluding: ["/x"]).json.utf8.count
        let kept = { (extra: Int) in "/x" + String(repeating: "x", count: extra) }
        let atLimit = try AppSiteAssociation.generate(catalog, appIDs: ["T.app"], excluding: [kept(AppSiteAssociation.maximumBytes - base)])
        #expect(atLimit.json.utf8.count == AppSiteAssociation.maximumBytes)
        #expect(throws: ToolError.self) {
            try AppSiteAssociation.generate(catalog, appIDs: ["T.app"], excluding: [kept(AppSiteAssociation.maximumBytes - base + 1)])
        }
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let routes = try temporaryFile(#"[{"pattern": "/a", "kind": "pattern", "priority": 0, "parameters": []}]"#)
        let big = try temporaryFile(String(repeating: " ", count: AppSiteAssociation.maximumBytes + 1))
        #expect(toolMessage(["aasa", "check", big, routes]) == "Error: apple-app-site-association file \(big) is over 131072 bytes, all that Apple reads")
    }
}
