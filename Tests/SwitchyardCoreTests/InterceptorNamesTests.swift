@testable import SwitchyardCore
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

    static func chain(_ count: Int) -> [ChainEntry] {
        (0..<count).map { ChainEntry(Named(name: "i\($0)")) }
    }

    @Test func marksInOneChainReadBackInChainOrder() {
        let entries = Self.chain(5)
        var names = InterceptorNames()
        names.beginChain()
        names.mark(1, of: entries)
        names.mark(3, of: entries)
        names.mark(4, of: entries)
        #expect(names.names == ["i1", "i3", "i4"])
    }

    @Test func theWorkersNamesComeAfterTheMarks() {
        let entries = Self.chain(3)
        var names = InterceptorNames()
        names.beginChain()
        names.mark(0, of: entries)
        names.append(contentsOf: ["app"])
        names.mark(2, of: entries) // cannot happen in one chain, but must still keep the order
        #expect(names.names == ["i0", "app", "i2"])
    }

    /// A redirect runs the same chain again: its entries are listed again, not merged.
    @Test func aSecondRunOfTheSameChainListsItsEntriesAgain() {
        let entries = Self.chain(3)
        var names = InterceptorNames()
        names.beginChain()
        names.mark(0, of: entries)
        names.mark(1, of: entries)
        names.beginChain()
        names.mark(0, of: entries)
        names.mark(2, of: entries)
        #expect(names.names == ["i0", "i1", "i0", "i2"])
    }

    @Test func anotherChainIsNotMergedWithTheFirst() {
        let (first, second) = (Self.chain(3), Self.chain(3))
        var names = InterceptorNames()
        names.mark(2, of: first)
        names.mark(0, of: second)
        #expect(names.names == ["i2", "i0"])
    }

    /// Past 64 entries the marks do not fit one word: the names are listed instead.
    @Test func entriesPastTheSixtyFourthAreListed() {
        let entries = Self.chain(70)
        var names = InterceptorNames()
        names.mark(3, of: entries)
        names.mark(63, of: entries)
        names.mark(64, of: entries)
        names.mark(69, of: entries)
        #expect(names.names == ["i3", "i63", "i64", "i69"])
    }

    @Test func nothingRanIsAnEmptyList() {
        var names = InterceptorNames()
        names.beginChain()
        names.append(contentsOf: [])
        #expect(names.names.isEmpty)
    }
}
