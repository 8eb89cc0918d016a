import Switchyard
@testable import SwitchyardRouting
import Testing

/// Issue 51: a route keeps its owner's name as one object that the owner's routes share, so a
/// route of an `Int` target fills 72 bytes. The name must stay right however the routes came
/// (one call each, a batch, a replacement) and however they went.
@Suite("Routing: route owners share one name")
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
        // What glibc gave the object: 72 for the 72 bytes asked, 88 for the 80 a route took.
        #expect(mallocUsableSize(Unmanaged.passUnretained(routes[4]).toOpaque()) == 72)
        #endif
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
