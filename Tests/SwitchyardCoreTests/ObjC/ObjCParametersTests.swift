import Foundation
import SwitchyardObjCRules
import SwitchyardSupport
import SwitchyardTesting
import Testing

/// Issue 37: what an Objective-C parameter dictionary becomes, and every dictionary refused,
/// each naming the key, at each limit and one past it.
@Suite("Objective-C parameter dictionaries")
struct ObjCParametersTests {
    final class Model: @unchecked Sendable {}

    @Test func plistValuesBecomeTheSwiftValuesRoutesRead() throws {
        let read = try ObjCParameters.read([
            "name": "Trail shoes", "count": NSNumber(value: 42), "flag": NSNumber(value: true), "price": NSNumber(value: 89.5),
            "huge": NSNumber(value: UInt64.max), "tags": ["a", NSNumber(value: 1)], "nested": ["depth": ["x": "y"]],
        ])
        #expect(read["name"] as? String == "Trail shoes")
        #expect(read["count"] as? Int == 42)
        #expect(read["flag"] as? Bool == true)
        #expect(read["price"] as? Double == 89.5)
        #expect(read["huge"] as? Double == Double(UInt64.max))
        let tags = try #require(read["tags"] as? [any Sendable])
        #expect(tags.count == 2 && tags[0] as? String == "a" && tags[1] as? Int == 1)
        let nested = try #require(read["nested"] as? [String: any Sendable])
        #expect((nested["depth"] as? [String: any Sendable])?["x"] as? String == "y")
    }

    /// An in-app caller's object (a view controller, a delegate) travels as itself.
    @Test func anInAppObjectIsCarriedAndReadBackAsItself() throws {
        let model = Model()
        let read = try ObjCParameters.read(["model": model])
        #expect(ForeignObject.unwrap(read["model"], as: Model.self) === model)
        #expect(ObjCParameters.write(read)["model"] as? Model === model)
    }

    /// What Swift hands Objective-C is never refused: no limit, and any key written as text.
    @Test func writingNeverEmptiesTheParameters() {
        let long = String(repeating: "k", count: 300)
        let written = ObjCParameters.write(["nested": [1: "a"] as [Int: String], long: "v", "deep": [[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]]])
        #expect(written.count == 3)
        #expect((written["nested"] as? [String: Any])?["1"] as? String == "a")
        #expect(written[long] as? String == "v")
    }

    @Test func nilIsAnEmptyDictionary() throws {
        #expect(try ObjCParameters.read(nil).isEmpty)
        #expect(try ObjCParameters.urlValues(nil).isEmpty)
    }

    /// The bad dictionaries, each with the path and the problem its error names.
    static func badDictionary(_ index: Int) -> (dictionary: [AnyHashable: Any], path: String, problem: ObjCCallError.ParameterProblem) {
        let long = String(repeating: "k", count: 257)
        return [
            (["gone": NSNull()] as [AnyHashable: Any], "gone", .null),
            (["list": ["a", NSNull()]], "list[1]", .null),
            (["outer": ["inner": NSNull()]], "outer.inner", .null),
            ([NSNumber(value: 7): "seven"], "7", .keyNotString(keyClass: "NSNumber")),
            (["outer": [NSNumber(value: 1): "x"]], "outer", .keyNotString(keyClass: "NSNumber")),
            ([long: "v"], long, .keyTooLong(bytes: 257, limit: 256)),
            (["text": String(repeating: "é", count: 32_769)], "text", .stringTooLong(bytes: 65_538, limit: 65_536)),
        ][index]
    }

    /// Each bad dictionary: the exact error, naming the key or the path inside a collection.
    @Test(arguments: 0..<7)
    func aDictionaryItDoesNotTakeIsRefusedNamingTheKey(index: Int) {
        let bad = Self.badDictionary(index)
        #expect(throws: ObjCCallError.parameter(path: bad.path, problem: bad.problem)) { try ObjCParameters.read(bad.dictionary) }
    }

    @Test func keysAndStringsAtTheirLimitsAreTaken() throws {
        let key = String(repeating: "k", count: 256)
        let read = try ObjCParameters.read([key: String(repeating: "x", count: 65_536)])
        #expect((read[key] as? String)?.utf8.count == 65_536)
    }

    /// Depth: 16 nested collections are read, 17 are not; 10,000 are refused at the 17th.
    @Test func nestingIsHeldToItsDepthWithoutRecursion() throws {
        func nested(_ depth: Int) -> [AnyHashable: Any] {
            var value: Any = "leaf"
            for _ in 0..<depth { value = [value] }
            return ["deep": value]
        }
        // The dictionary itself is depth 0; 16 arrays inside it reach depth 16.
        _ = try ObjCParameters.read(nested(16))
        #expect(throws: ObjCCallError.parameter(path: "deep" + String(repeating: "[0]", count: 16), problem: .tooDeep(limit: 16))) {
            try ObjCParameters.read(nested(17))
        }
        // Deep enough that reading it by recursion would be the reader's risk; releasing a deeper one
        // takes the test's own stack (Swift frees nested arrays recursively).
        #expect(throws: ObjCCallError.parameter(path: "deep" + String(repeating: "[0]", count: 16), problem: .tooDeep(limit: 16))) {
            try ObjCParameters.read(nested(10_000))
        }
    }

    /// Entries: 4,096 in all are read, 4,097 are not, whether in one dictionary or spread out.
    @Test func entriesAreCountedAcrossEveryCollection() throws {
        let flat = Dictionary(uniqueKeysWithValues: (0..<4_096).map { ("k\($0)", "v") as (AnyHashable, Any) })
        #expect(try ObjCParameters.read(flat).count == 4_096)
        var over = flat
        over["one more"] = "v"
        #expect(throws: ObjCCallError.parameter(path: "(all)", problem: .tooMany(count: 4_097, limit: 4_096))) { try ObjCParameters.read(over) }
        let spread: [AnyHashable: Any] = ["list": Array(repeating: "x", count: 4_095), "other": "y"]
        #expect(throws: ObjCCallError.parameter(path: "list", problem: .tooMany(count: 4_097, limit: 4_096))) { try ObjCParameters.read(spread) }
    }

    /// A URL carries strings and numbers only: a collection or an object is refused, naming the key.
    @Test func urlValuesAreStringsAndNumbers() throws {
        let values = try ObjCParameters.urlValues(["id": NSNumber(value: 42), "flag": NSNumber(value: false), "name": "a b"])
        // A collection over the limit is refused before its elements are read.
        #expect(throws: ObjCCallError.parameter(path: "huge", problem: .tooMany(count: 1_000_001, limit: 4_096))) {
            try ObjCParameters.read(["huge": Array(repeating: 0, count: 1_000_000)])
        }
        #expect(values == ["id": "42", "flag": "false", "name": "a b"])
        #expect(throws: ObjCCallError.parameter(path: "list", problem: .notText(valueClass: "Array<Any>"))) {
            try ObjCParameters.urlValues(["list": [NSNumber(value: 1)]])
        }
        #expect(throws: ObjCCallError.parameter(path: "model", problem: .notText(valueClass: "Model"))) {
            try ObjCParameters.urlValues(["model": Model()])
        }
    }

    /// Reading what was written gives the same values back (plist values).
    @Test(arguments: 0..<50)
    func writeThenReadGivesTheSameValues(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        var parameters: [String: any Sendable] = [:]
        for index in 0..<Int.random(in: 1...8, using: &generator) {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: parameters["s\(index)"] = String(Int.random(in: 0...1_000_000, using: &generator))
            case 1: parameters["i\(index)"] = Int.random(in: Int.min...Int.max, using: &generator)
            case 2: parameters["b\(index)"] = Bool.random(using: &generator)
            default: parameters["d\(index)"] = Double.random(in: -1e6...1e6, using: &generator)
            }
        }
        let back = try ObjCParameters.read(ObjCParameters.write(parameters))
        #expect(back.keys.sorted() == parameters.keys.sorted())
        for (key, value) in parameters { #expect("\(back[key] ?? "missing")" == "\(value)") }
    }
}

