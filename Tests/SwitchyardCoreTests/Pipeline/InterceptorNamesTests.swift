import Switchyard
@testable import SwitchyardPipeline
import Testing

/// The names an open reports for its interceptors are kept as marks on the chain while only
/// built-ins decided; every way of adding to them must read back as the plain list would.
/// (White-box: the type is internal, hence `@testable`.)
@Suite("Interceptor names of an open")
struct InterceptorNamesTests {
    struct Named: Interceptor {
        let name: String
        func intercept(_ request: RouteRequest) async throws -> InterceptorDecision { .proceed }
    }

    enum Step: Sendable {
        /// A run of the chain begins (the open's first, or a redirect's).
        case begin
        /// Entry `index` of chain `chain` (0 or 1, two distinct chains) ran.
        case mark(Int, chain: Int = 0)
        /// These names are added as a list.
        case append([String])
        /// A chain's worker marked these entries of chain `chain`, and they are added.
        case worker([Int], chain: Int = 0)
    }

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        var entries = 5
        let steps: [Step]
        let expected: [String]
    }

    static let cases: [Case] = [
        Case(description: "marks in one run read back in chain order",
             steps: [.begin, .mark(1), .mark(3), .mark(4)], expected: ["i1", "i3", "i4"]),
        Case(description: "the worker's names come after the marks, and a later mark after them",
             steps: [.begin, .mark(0), .append(["app"]), .mark(2)], expected: ["i0", "app", "i2"]),
        Case(description: "a redirect runs the same chain again: its entries are listed again",
             steps: [.begin, .mark(0), .mark(1), .begin, .mark(0), .mark(2)], expected: ["i0", "i1", "i0", "i2"]),
        Case(description: "another chain is not merged with the first",
             steps: [.mark(2), .mark(0, chain: 1)], expected: ["i2", "i0"]),
        Case(description: "past 64 entries the marks do not fit one word, and the names are listed",
             entries: 70, steps: [.mark(3), .mark(63), .mark(64), .mark(69)], expected: ["i3", "i63", "i64", "i69"]),
        Case(description: "nothing ran", steps: [.begin, .append([]), .worker([])], expected: []),
        Case(description: "a worker's marks after inline marks on the same chain",
             steps: [.begin, .mark(0), .mark(1), .worker([2, 4])], expected: ["i0", "i1", "i2", "i4"]),
        Case(description: "a worker's marks alone",
             steps: [.begin, .worker([3])], expected: ["i3"]),
        Case(description: "a worker's marks before an inline mark stay in the order they were added",
             steps: [.begin, .mark(3), .worker([1, 2])], expected: ["i3", "i1", "i2"]),
        Case(description: "a worker's marks on another chain",
             steps: [.mark(1), .worker([0], chain: 1)], expected: ["i1", "i0"]),
        Case(description: "a worker's marks after a redirect's list",
             steps: [.begin, .mark(0), .begin, .mark(0), .worker([1])], expected: ["i0", "i0", "i1"]),
    ]

    @Test(arguments: cases)
    func namesReadBackAsAPlainList(_ test: Case) {
        let chains = (0..<2).map { _ in (0..<test.entries).map { ChainEntry(Named(name: "i\($0)")) } }
        var names = InterceptorNames()
        for step in test.steps {
            switch step {
            case .begin: names.beginChain()
            case .mark(let index, let chain): names.mark(index, of: chains[chain])
            case .append(let more): names.append(contentsOf: more)
            case .worker(let indices, let chain):
                var marked = InterceptorNames()
                for index in indices { marked.mark(index, of: chains[chain]) }
                names.append(marked)
            }
        }
        #expect(names.names == test.expected)
    }
}
