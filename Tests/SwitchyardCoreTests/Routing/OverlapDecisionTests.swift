import Switchyard
@testable import SwitchyardTools
import Testing

/// The overlap report covers every pair or says which it could not decide, and why (issue 29,
/// item 14): a custom converter that accepts none of the values tried is never taken for "no
/// overlap".
@Suite("Route overlaps: pairs the report cannot decide")
struct OverlapDecisionTests {
    /// A migrating app with several hosts puts a host-checking converter first in every route.
    static func hostRoutes(examples: [String] = []) throws -> RouteTable<String> {
        var configuration = RouterConfiguration.quiet
        let hosts: Set<String> = ["www.example.com", "m.example.com"]
        try configuration.register(ParameterConverter(name: "host", examples: examples) { hosts.contains($0) })
        return try table(["/<host:h>/profile/verify_email", "/<host:h>/profile/:user_param", "/<host:h>/help", "/<host:h>/about"],
                         configuration: configuration)
    }

    @Test func aConverterThatAcceptsNoValueTriedLeavesThePairUndecidedAndTheReportIncomplete() throws {
        let report = try Self.hostRoutes().overlapReport()
        #expect(report.overlaps.isEmpty)
        #expect(report.undecided == [UndecidedOverlap(
            first: "/<host:h>/profile/verify_email", second: "/<host:h>/profile/:user_param",
            reason: "converter host accepts none of the values tried (1, a, 1.5, a UUID, a-1, A): give it examples, "
                + "ParameterConverter(name:examples:accepts:), so the report can compare its routes")])
        #expect(!report.isComplete && !report.isCut)
        #expect(try Self.hostRoutes().overlaps().complete == false, "the tuple form says it too")
    }

    @Test func withExamplesThePairIsFoundAndTheReportIsComplete() throws {
        let report = try Self.hostRoutes(examples: ["www.example.com"]).overlapReport()
        #expect(report.overlaps.map(\.description)
            == ["/www.example.com/profile/verify_email opens /<host:h>/profile/verify_email, not /<host:h>/profile/:user_param"])
        #expect(report.undecided.isEmpty && report.isComplete)
    }

    @Test(arguments: [
        (["/a/:x([0-9]+)", "/a/:y([a-z]+)"], 0),           // regexes with no common value: decided, no overlap
        (["/a/<int:n>", "/a/<string:s>"], 1),              // built-ins: a value both take
        (["/a/:x([X-Z]{3})", "/a/:y"], 1),                 // a regex that takes none of the samples, read exactly
    ])
    func checksTheReportCanReadAreDecided(patterns: [String], overlapCount: Int) throws {
        let report = try table(patterns).overlapReport()
        #expect(report.overlaps.count == overlapCount)
        #expect(report.isComplete, "\(report.undecided)")
    }

    @Test func theLintSaysWhichPairsItCouldNotDecide() throws {
        var configuration = RouterConfiguration.quiet
        try configuration.register(ParameterConverter(name: "host") { $0 == "www.example.com" })
        let notes = Linter.overlapNotes([("/<host:h>/a/b", 0, "$[0]"), ("/<host:h>/a/:c", 0, "$[1]")], configuration: configuration)
            .map { "\($0.severity): \($0.path): \($0.message)" }
        #expect(notes == ["note: $[1]: whether /<host:h>/a/:c overlaps /<host:h>/a/b was not decided: converter host accepts none of the values tried "
            + "(1, a, 1.5, a UUID, a-1, A): give it examples, ParameterConverter(name:examples:accepts:), so the report can compare its routes"])
    }
}
