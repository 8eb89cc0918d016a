import Foundation
import Switchyard
import Testing

/// Typed and regex segments at the same place are tried side by side and the preferred route
/// wins a value both take: registration says when one can never win, or loses some URLs,
/// with a URL both match.
@Suite("Conflicts between typed and regex segments")
struct SideBySideConflictTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let first: String
        let second: String
        var secondPriority = 0
        /// Kind, loser, winner and example of the one conflict, or `nil` for none.
        let expected: (RouteConflict.Kind, String, String, String)?
        var testDescription: String { "\(first) then \(second)" }
    }

    static let cases: [Case] = [
        Case(first: "/q/:c([a-z]+)", second: "/q/:d([a-c]+)", expected: (.covered, "/q/:d([a-c]+)", "/q/:c([a-z]+)", "/q/a")),
        // Past 18 digits an int must also fit in Int, so the regex still wins some values.
        Case(first: "/q/<int:n>", second: "/q/:c([0-9]+)", expected: (.overlapping, "/q/:c([0-9]+)", "/q/<int:n>", "/q/0")),
        // Found in review: a regex skips a segment over InputLimits.regexInput where int still
        // takes it (`/q/` and 1,100 zeros then 1), so the regex does not cover the int route.
        Case(first: "/q/:c([-+]?[0-9]+)", second: "/q/<int:n>", expected: (.overlapping, "/q/<int:n>", "/q/:c([-+]?[0-9]+)", "/q/0")),
        Case(first: "/q/<int:n>", second: "/q/:c([0-9]{1,3})", expected: (.covered, "/q/:c([0-9]{1,3})", "/q/<int:n>", "/q/0")),
        Case(first: "/q/:c([0-9]+)", second: "/q/<int:n>", expected: (.overlapping, "/q/<int:n>", "/q/:c([0-9]+)", "/q/0")),
        Case(first: "/q/:c([a-z]+)", second: "/q/:d([a-c]+)", secondPriority: 1, expected: (.overlapping, "/q/:c([a-z]+)", "/q/:d([a-c]+)", "/q/a")),
        Case(first: "/f/<float:x>", second: "/f/<int:n>", expected: (.covered, "/f/<int:n>", "/f/<float:x>", "/f/0")),
        Case(first: "/s/<string:s>", second: "/s/:r([a-z]+)", expected: (.covered, "/s/:r([a-z]+)", "/s/<string:s>", "/s/a")),
        // The string converter takes non-ASCII values too, which the check does not decide on.
        Case(first: "/s/:r([a-z]+)", second: "/s/<string:s>", expected: (.overlapping, "/s/<string:s>", "/s/:r([a-z]+)", "/s/a")),
        Case(first: "/m/<int:a>/:b([a-z]+)", second: "/m/:c([0-9]{1,2})/:d([a-c]+)",
             expected: (.covered, "/m/:c([0-9]{1,2})/:d([a-c]+)", "/m/<int:a>/:b([a-z]+)", "/m/0/a")),
        // `.` takes no line break, `\\D` no digit: a winner read that loosely cannot prove a loser never wins.
        Case(first: "/q/:c(.+)", second: "/q/:d([a-c]+)", expected: (.overlapping, "/q/:d([a-c]+)", "/q/:c(.+)", "/q/a")),
        Case(first: "/q/:c(\\D+)", second: "/q/:d([a-c]+)", expected: (.overlapping, "/q/:d([a-c]+)", "/q/:c(\\D+)", "/q/a")),
        Case(first: "/q/:c([.a-z]+)", second: "/q/:d([a-c]+)", expected: (.covered, "/q/:d([a-c]+)", "/q/:c([.a-z]+)", "/q/a")),
        Case(first: "/e/:a([a-z]+)/x", second: "/e/:b([a-c]+)/:rest", expected: nil),
        Case(first: "/p/:a(%[0-9]{2})", second: "/p/:b(%2[0-9])", expected: (.covered, "/p/:b(%2[0-9])", "/p/:a(%[0-9]{2})", "/p/%2520")),
        Case(first: "/u/<uuid:u>", second: "/u/<int:n>", expected: nil),
        Case(first: "/a/:x([a-z]+)", second: "/a/:y([0-9]+)", expected: nil),
        Case(first: "/c/:a((?i)abc)", second: "/c/:b(abc)", expected: nil),
        Case(first: "myapp://q/:c([a-z]+)", second: "/q/:d([a-c]+)", expected: nil),
    ]

    @Test(arguments: cases)
    func registrationReportsWhoLosesWhere(_ test: Case) throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register(test.first, target: 1)
        let second = try table.register(test.second, priority: test.secondPriority, target: 2)
        guard let (kind, loser, winner, example) = test.expected else {
            #expect(second.conflicts.isEmpty)
            return
        }
        #expect(second.conflicts == [RouteConflict(kind: kind, loser: loser, winner: winner, overlap: loser, example: example)])
        // The example really is matched by both, and the winner takes it.
        #expect(try table.resolve(example).route.pattern == winner)
        let alone = RouteTable<Int>(configuration: .quiet)
        try alone.register(loser, target: 0)
        #expect(alone.canOpen(example))
    }

    @Test func theMessageSaysWhoWinsAndWhere() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register("/q/<int:n>", target: 1)
        let covered = try table.register("/q/:c([0-9]{1,3})", target: 2)
        #expect(covered.conflicts.map(\.description) == [
            "/q/:c([0-9]{1,3}) can never win: /q/<int:n> also matches every URL it does, such as /q/0, and is preferred",
        ])
        let overlapping = try table.register("/q/:h([0-9a-f]+)", target: 3)
        #expect(overlapping.conflicts.map(\.description) == [
            "/q/:h([0-9a-f]+) loses to /q/<int:n> wherever both match, such as /q/0: typed and regex segments are tried side by side and the preferred route wins",
            "/q/:h([0-9a-f]+) loses to /q/:c([0-9]{1,3}) wherever both match, such as /q/0: typed and regex segments are tried side by side and the preferred route wins",
        ])
    }

    @Test func aConverterStillWinsValuesTooLongForTheRegexAheadOfIt() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register("/q/:c([-+]?[0-9]+)", target: 1)
        #expect(try table.register("/q/<int:n>", target: 2).conflicts.map(\.kind) == [.overlapping])
        #expect(try table.resolve("/q/12").target == 1)
        #expect(try table.resolve("/q/" + String(repeating: "0", count: 1_100) + "1").target == 2)
    }

    @Test func anUnregisteredWinnerNoLongerConflicts() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let first = try table.register("/q/:c([a-z]+)", target: 1)
        table.unregister(first.id)
        #expect(try table.register("/q/:d([a-c]+)", target: 2).conflicts.isEmpty)
    }

    @Test func aManifestRefusesARouteThatCanNeverWinButNotAnOverlap() throws {
        func problems(_ patterns: [String]) throws -> [String] {
            let routes = patterns.map { #"{ "pattern": "\#($0)", "kind": "web", "url": "https://m.example.com/" }"# }.joined(separator: ",")
            let manifest = try ManifestDecoder.decode(Data(#"{ "schemaVersion": 1, "manifestVersion": 2, "routes": [\#(routes)] }"#.utf8))
            return ManifestValidator().problems(in: manifest).map(\.description)
        }
        #expect(try problems(["/q/:c([a-z]+)", "/q/:d([a-c]+)"]).count == 1)
        #expect(try problems(["/q/<int:n>", "/q/:c([0-9]+)"]).isEmpty)
    }

    @Test func manyRegexesSideBySideCostABoundedAmountEach() throws {
        // Every route shares the shape of every other: each registration explores a fixed budget.
        let table = RouteTable<Int>(configuration: .quiet)
        let specs = (0..<120).map { RouteSpec("/r/:v([a-z]{1,\($0 + 1)}[0-9]*)", target: $0) }
        let registrations = try table.register(specs)
        #expect(registrations.count == 120)
        #expect(registrations[1].conflicts.first?.kind == .overlapping)
        // The last one is compared with at most 64 of the 119 before it, fewer once its
        // budget of automaton states is spent.
        let last = try #require(registrations.last)
        #expect((1...64).contains(last.conflicts.count + last.omittedConflicts))
    }
}
