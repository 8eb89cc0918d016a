import Switchyard
@testable import SwitchyardPatterns
@testable import SwitchyardRouting
import Testing

/// Issue 51: a route keeps its owner's name as one object that the owner's routes share, and
/// its owner, stored pieces and priority in one reference, so a route of an `Int` target fills
/// 56 bytes. The name must stay right however the routes came (one call each, a batch, a
/// replacement) and however they went, and every mix of the parts must read back as given.
@Suite("Routing: route owners share one name; a route's parts in one reference")
struct RouteOwnerTests {
    @Test func theRoutesOfOneOwnerShareOneNameAcrossCallsAndOthersDoNot() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        try table.register("/cart", owner: "Cart", target: 1)
        try table.register([RouteSpec("/cart/list", owner: "Cart", target: 2), RouteSpec("/shop", owner: "Shop", target: 3)])
        try table.register("/cart/edit", owner: "Cart", target: 4)
        try table.register("/free", target: 5)
        let routes = table.routes
        #expect(routes.map(\.owner) == ["Cart", "Cart", "Shop", "Cart", nil])
        let cart = try #require(routes[0].ownerName)
        #expect(routes[1].ownerName === cart && routes[3].ownerName === cart)
        #expect(routes[2].ownerName !== cart && routes[4].ownerName == nil)
        #if os(Linux)
        // What glibc gave the objects: 56 for the 56 bytes asked, 88 for the 80 a route took.
        #expect(mallocUsableSize(Unmanaged.passUnretained(routes[4]).toOpaque()) == 56)
        #expect(mallocUsableSize(Unmanaged.passUnretained(routes[0]).toOpaque()) == 56)
        #endif
    }

    /// Each mix of owner, stored pieces (a regex segment keeps them), a whole-path regex and a
    /// priority (0, positive, negative, the extremes) reads back as registered, and wins as its
    /// priority says.
    @Test(arguments: [nil, "Cart"], [0, 1, -1, Int.max, Int.min])
    func everyMixOfOwnerPiecesRegexAndPriorityReadsBackAsGiven(owner: String?, priority: Int) throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let patterns = ["/plain/:id", "/login/:p([0-9]+)", "/user/:id(/:tab)"]
        try table.register(patterns.enumerated().map { RouteSpec($0.element, priority: priority, owner: owner, target: $0.offset) }
            + [.regex(#"/whole/(?<n>\d+)"#, owner: owner, target: 3)])
        for route in table.routes {
            #expect(route.owner == owner)
            #expect(route.priority == (route.target == 3 ? 0 : priority))
            #expect(route.ownerName === table.routes[0].ownerName)
        }
        #expect(table.routes.map(\.definition.description) == patterns.map { try! RoutePattern($0).description } + [#"/whole/(?<n>\d+)"#])
        if case .regex = table.routes[3].definition {} else { Issue.record("the whole-path regex came back as \(table.routes[3].definition)") }
        let kept = table.routes.prefix(3).map { route -> Bool in
            guard case .pattern(let pattern) = route.definition else { return false }
            return pattern.keepsPieces
        }
        #expect(kept == [false, true, true], "the regex and the group keep their pieces")
        #expect(try table.resolve("/login/12").request.pathParameters["p"] == "12")
        #expect(table.winner("/login/ab") == nil)
        #expect(try table.resolve("/user/1/orders").request.pathParameters["tab"] == "orders")
        #expect(try table.resolve("/whole/42").target == 3)
        // A route of the same shape registered later wins only by a higher priority.
        try table.register("/plain/:other", priority: priority == Int.max ? priority : priority + 1, target: 9)
        #expect(try table.resolve("/plain/1").target == (priority == Int.max ? 0 : 9))
    }

    @Test func anOwnerWhoseRoutesAllWentGetsAFreshNameAndTheOthersKeepTheirs() throws {
        let table = RouteTable<Int>(configuration: .quiet)
        let first = try table.register("/cart", owner: "Cart", target: 1)
        try table.register("/cart/list", owner: "Cart", target: 2)
        try table.register("/shop", owner: "Shop", target: 3)
        let old = try #require(table.routes[0].ownerName)
        #expect(table.unregister(first.id))
        #expect(table.routes.map(\.owner) == ["Cart", "Shop"])
        #expect(table.unregisterAll(owner: "Cart") == 1)
        #expect(table.unregisterAll(owner: "Cart") == 0)
        try table.register("/cart/again", owner: "Cart", target: 4)
        #expect(table.routes.map(\.owner) == ["Shop", "Cart"])
        #expect(table.routes[1].ownerName !== old, "the old name went with its last route")
        #expect(try table.replaceAll(owner: "Shop", with: [RouteSpec("/shop/new", owner: "Ignored", target: 5)]).count == 1)
        #expect(table.routes.map(\.owner) == ["Cart", "Shop"])
        #expect(table.exportRoutes().map(\.owner) == ["Cart", "Shop"])
        #expect(table.unregisterAll(owner: "Shop") == 1 && table.unregisterAll(owner: "Cart") == 1)
        #expect(table.routes.isEmpty)
    }
}

#if os(Linux)
/// glibc's `malloc_usable_size`, which its Swift module does not bring in.
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeRawPointer) -> Int
#endif
