import Foundation
import Logging
import Switchyard
import Testing

@Suite("Registration")
struct RegistrationTests {
    @Test func duplicatesAreReportedNamingBothPatterns() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        let first = try routes.register("/product/:id", target: 1)
        #expect(first.conflicts.isEmpty)
        let second = try routes.register("/product/:slug", target: 2)
        #expect(second.conflicts == [RouteConflict(kind: .duplicate, loser: "/product/:slug", winner: "/product/:id", overlap: "/product/:slug")])
        #expect(second.conflicts.first?.description == "/product/:slug can never win: it duplicates /product/:id, which was registered first")
        #expect(try routes.resolve("/product/1").target == 1)
    }

    @Test func aHigherPriorityRouteReportsWhomItShadows() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        try routes.register("/product/:id", target: 1)
        let typed = try routes.register("/product/<int:id>", target: 2)
        #expect(typed.conflicts.isEmpty, "an int segment takes only some values, so both can win")
        let shadowing = try routes.register("/product/:x", priority: 3, target: 3)
        #expect(shadowing.conflicts.map(\.description) == [
            "/product/:id can never win: /product/:x matches the same URLs with a higher priority",
        ])
    }

    @Test func aStringSegmentShadowsAPlainParameterOfTheSameShape() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        try routes.register("/a/:x/edit", target: 1)
        #expect(try routes.register("/a/<string:y>/edit", target: 2).conflicts.map(\.description) == [
            "/a/:x/edit can never win: /a/<string:y>/edit takes the same URLs first (<string:> is tried before a plain :parameter)",
        ])
        #expect(try routes.register("/b/<string:y>", target: 3).conflicts.isEmpty)
        #expect(try routes.register("/b/:z", priority: 9, target: 4).conflicts.map(\.description) == [
            "/b/:z can never win: /b/<string:y> takes the same URLs first (<string:> is tried before a plain :parameter)",
        ])
        #expect(try routes.register("/a/:x/view", target: 5).conflicts.isEmpty, "a different shape can still win")
        #expect(try routes.resolve("/b/1").target == 3)
    }

    @Test func optionalGroupsReportTheOverlappingVariant() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        try routes.register("/user/:id", target: 1)
        let registration = try routes.register("/user/:uid(/:tab)", target: 2)
        #expect(registration.conflicts.map(\.description) == [
            "/user/:uid(/:tab) can never win for /user/:uid: it duplicates /user/:id, which was registered first",
        ])
        #expect(try routes.resolve("/user/1/orders").target == 2)
    }

    @Test func differentSchemesDoNotConflict() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        try routes.register("myapp://user/:id", target: 1)
        #expect(try routes.register("/user/:id", target: 2).conflicts.isEmpty)
        #expect(try routes.register("other://user/:id", target: 3).conflicts.isEmpty)
        #expect(try routes.register("myapp://user/:x", target: 4).conflicts.count == 1)
    }

    @Test func anInvalidPatternInABatchRegistersNothing() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        try routes.register("/keep", target: 0)
        #expect(throws: PatternError.self) {
            try routes.register([RouteSpec("/a", target: 1), RouteSpec("/b/:", target: 2), RouteSpec("/c", target: 3)])
        }
        #expect(routes.routes.map(\.pattern) == ["/keep"])
        #expect(routes.winner("/a") == nil)
    }

    @Test func unregister() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        let product = try routes.register("/product/:id", owner: "Product", target: 1)
        try routes.register("/product/list", owner: "Product", target: 2)
        try routes.register("/cart", owner: "Cart", target: 3)
        #expect(routes.unregister(product.id))
        #expect(!routes.unregister(product.id))
        #expect(routes.winner("/product/1") == nil)
        #expect(routes.unregisterAll(owner: "Product") == 1)
        #expect(routes.routes.map(\.pattern) == ["/cart"])
    }

    @Test func exportListsEveryRoute() throws {
        let routes = RouteTable<Int>(configuration: .quiet)
        try routes.register([
            RouteSpec("/product/<int:id>(/:tab)", priority: 2, owner: "Product", target: 1),
            .regex(#"/promo/(?<code>\w+)"#, owner: "Home", target: 2),
        ])
        #expect(routes.exportRoutes() == [
            RouteExport(pattern: "/product/<int:id>(/:tab)", kind: .pattern, priority: 2, owner: "Product", parameters: ["id", "tab"]),
            RouteExport(pattern: #"/promo/(?<code>\w+)"#, kind: .regex, priority: 0, owner: "Home", parameters: ["code"]),
        ])
    }
}

@Suite("Regex routes")
struct RegexRouteTests {
    @Test func namedAndNumberedGroups() throws {
        let routes = RouteTable<String>(configuration: .quiet)
        try routes.register(regex: #"/campaign/(?<year>\d{4})-(\w+)"#, target: "campaign")
        let match = try routes.resolve("/campaign/2026-spring?ref=x")
        #expect(match.request.pathParameters.dictionary == ["year": "2026", "group2": "spring"])
        #expect(match.request.query["ref"] == "x")
        #expect(match.request.pattern == nil)
    }

    @Test func regexRoutesAreTriedOnlyAfterPatternRoutes() throws {
        let routes = RouteTable<String>(configuration: .quiet)
        try routes.register(regex: #"/item/(\d+)"#, target: "regex")
        try routes.register("/item/:id", target: "pattern")
        #expect(try routes.resolve("/item/1").target == "pattern")
        try routes.register(regex: #"/deep/.*"#, target: "first")
        try routes.register(regex: #"/deep/(?<rest>.*)"#, target: "second")
        #expect(try routes.resolve("/deep/a/b").target == "first")
    }

    @Test func valuesAreDecodedAndTheWholePathMustMatch() throws {
        let routes = RouteTable<String>(configuration: .quiet)
        try routes.register(regex: #"/tag/(?<name>[^/]+)"#, target: "tag")
        #expect(try routes.resolve("/tag/c%2B%2B%2Fx").request.string("name") == "c++/x")
        #expect(routes.winner("/tag/a/b") == nil)
        #expect(routes.winner("/prefix/tag/a") == nil)
    }

    @Test func invalidRegexIsRejected() {
        #expect(throws: PatternError(pattern: "/a/(", offset: 0, reason: .invalidRegex("/a/("))) {
            try RouteTable<Int>(configuration: .quiet).register(regex: "/a/(", target: 1)
        }
        #expect(throws: PatternError(pattern: "", offset: 0, reason: .emptyPattern)) {
            try RegexPattern("")
        }
    }

    @Test func nonCapturingGroupsAreNotParameters() throws {
        let pattern = try RegexPattern(#"/a/(?:x|y)/(?<id>\d+)/?([a-z]*)"#)
        #expect(pattern.groupNames == ["id", "group2"])
    }

    @Test func lookaroundIsOutsideTheAcceptedSubset() {
        #expect(throws: PatternError(pattern: #"/a/(?<id>\d+)(?=/|$)"#, offset: 13, reason: .unsafeRegex(.lookaround("(?=")))) {
            try RegexPattern(#"/a/(?<id>\d+)(?=/|$)"#)
        }
    }
}

@Suite("Logging")
struct LoggingTests {
    @Test func conflictsAreLogged() throws {
        let recorder = LogCapture()
        let routes = RouteTable<Int>(configuration: RouterConfiguration(logger: recorder.logger))
        try routes.register("/product/:id", target: 1)
        #expect(recorder.lines.isEmpty)
        try routes.register("/product/:slug", target: 2)
        #expect(recorder.lines == [
            "warning: route conflict: /product/:slug can never win: it duplicates /product/:id, which was registered first",
        ])
    }
}
