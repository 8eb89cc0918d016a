import Foundation
import SwitchyardSupport
import SwitchyardTesting
import Testing

/// The one JSON reader (a page's messages, manifests): writing then reading gives the value back,
/// and no nesting, however deep, costs more than a stack entry.
@Suite("JSON reader and writer")
struct JSONReaderTests {
    /// A random value of at most `depth` levels.
    static func randomValue(_ generator: inout SplitMix64, depth: Int) -> JSONValue {
        switch generator.next() % (depth > 0 ? 6 : 4) {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2:
            let choices: [Double] = [0, -1, 42, 9_007_199_254_740_992, -0.5, 1e-7, 3.141592653589793, 1.7976931348623157e308]
            return .number(choices[Int(generator.next() % UInt64(choices.count))])
        case 3:
            let pieces = ["a", "\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "😀", "\u{2028}", "/", "</script>"]
            return .string((0..<Int(generator.next() % 5)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        case 4: return .array((0..<Int(generator.next() % 4)).map { _ in randomValue(&generator, depth: depth - 1) })
        default:
            var members: [String: JSONValue] = [:]
            for index in 0..<Int(generator.next() % 4) { members["k\(index)\u{e9}"] = randomValue(&generator, depth: depth - 1) }
            return .object(members)
        }
    }

    @Test func writingThenReadingGivesTheValueBack() {
        var generator = SplitMix64(seed: 2026)
        for _ in 0..<2_000 {
            let value = Self.randomValue(&generator, depth: 5)
            let text = JSONWriter.text(value)
            #expect(JSONReader.read(text.utf8, maximumDepth: 16, depthSetting: "test") == .success(value), "\(text)")
            // Foundation reads the same text as the same JSON.
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)) != nil, "\(text)")
        }
    }

    @Test func theWriterEscapesWhatAScriptMustNotSeeRaw() {
        #expect(JSONWriter.text(.string("a\u{2028}b\u{2029}\u{1}\"\\")) == #""a\u2028b\u2029\u0001\"\\""#)
        #expect(JSONWriter.text(.object(["b": .number(1), "a": .number(0.5)])) == #"{"a":0.5,"b":1}"#)
    }

    @Test func nestingFarPastAnyLimitIsAnErrorNotACrash() {
        let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        let failure = JSONReader.read(deep, maximumDepth: .max, depthSetting: "test")
        #expect(failure == .failure(JSONReader.Failure(offset: 1_000_000, message: "unexpected end of input; expected a value")))
        // Closed, it is JSON; kept shallower here only because releasing the value it builds
        // recurses once per level (the bridge's limits keep real values at 64 levels or fewer).
        let closed = [UInt8](repeating: UInt8(ascii: "["), count: 1_000) + [UInt8](repeating: UInt8(ascii: "]"), count: 1_000)
        guard case .success = JSONReader.read(closed, maximumDepth: .max, depthSetting: "test") else {
            Issue.record("a thousand levels, closed, is JSON")
            return
        }
    }

    /// As many elements as a 64 KB message holds, in one array and in one object. Each element
    /// used to copy its container whole (82 s for 100,000 in a release build); the benchmark's
    /// `json-read` scenario times it, this checks that all of it is read, in order.
    @Test func anArrayAndAnObjectAsLongAsAMessageMayBeAreReadWhole() {
        let count = 32_726
        let array = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
        guard case .success(.array(let items)) = JSONReader.read(array.utf8, maximumDepth: 16, depthSetting: "test") else {
            Issue.record("an array of \(count) numbers is JSON")
            return
        }
        #expect(items.count == count && items.allSatisfy { $0 == .number(0) })
        let object = "{" + (0..<count / 4).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        guard case .success(.object(let members)) = JSONReader.read(object.utf8, maximumDepth: 16, depthSetting: "test") else {
            Issue.record("an object of \(count / 4) members is JSON")
            return
        }
        #expect(members.count == count / 4 && members["k8000"] == .number(8_000))
    }

    /// Issue 36: the limit counts containers, whatever the innermost holds: "depth 2" took
    /// `[[]]` but not `[[1]]`.
    @Test(arguments: [
        ("[[1]]", true), ("[[]]", true), ("[{}]", true), (#"{"a":{"b":1}}"#, true), (#"[{"a":"x"}]"#, true), ("[1,[2]]", true),
        ("[[[1]]]", false), ("[[[]]]", false), ("[[{}]]", false), (#"{"a":{"b":{}}}"#, false), ("[1,[2,[]]]", false),
    ])
    func theDepthLimitCountsContainersWhateverTheInnermostHolds(json: String, fits: Bool) {
        switch JSONReader.read(json.utf8, maximumDepth: 2, depthSetting: "X.depth") {
        case .success: #expect(fits, "\(json) is 3 deep")
        case .failure(let failure):
            #expect(!fits, "\(json) is 2 deep: \(failure.message)")
            #expect(failure.message == "nesting deeper than 2 levels (X.depth)")
            // The offset of the container that goes one too deep.
            #expect(Array(json.utf8)[failure.offset] == UInt8(ascii: "[") || Array(json.utf8)[failure.offset] == UInt8(ascii: "{"))
        }
    }

    @Test func theFailureNamesTheOffsetOfTheContainerOneTooDeep() {
        #expect(JSONReader.read("[[[1]]]".utf8, maximumDepth: 2, depthSetting: "X.depth")
                == .failure(JSONReader.Failure(offset: 2, message: "nesting deeper than 2 levels (X.depth)")))
    }
}
