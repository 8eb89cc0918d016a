import Testing

/// What `@Route` writes for a well-formed declaration: read it as the reviewer of a diff would.
@Suite("Typed routes: expansion")
struct RouteExpansionTests {
    @Test func pathParametersOptionalGroupAndQuery() {
        expectExpansion(
            """
            @Route("/product/<int:id>(/:tab)")
            public struct ProductRoute: Equatable {
                public let id: Int
                public var tab: String?
                @RouteQuery("ref") public var referrer: String? = nil
                public var page: Int = 1
                public var tags: [String] = []
                let kind = "product"
                var label: String { "p\\(id)" }
            }
            """,
            """
            public struct ProductRoute: Equatable {
                public let id: Int
                public var tab: String?
                public var referrer: String? = nil
                public var page: Int = 1
                public var tags: [String] = []
                let kind = "product"
                var label: String { "p\\(id)" }
            }

            extension ProductRoute: SwitchyardRouting.TypedRoute {
                public static var pattern: String {
                    "/product/<int:id>(/:tab)"
                }

                public init(request: SwitchyardRouting.RouteRequest) throws(SwitchyardRouting.ParameterError) {
                    self.id = try SwitchyardRouting.TypedRouteSupport.path(request, "id", SwitchyardRouting.ParameterCoder.of(Int.self))
                    self.tab = try SwitchyardRouting.TypedRouteSupport.optionalPath(request, "tab", SwitchyardRouting.ParameterCoder.of(String.self))
                    if let value = try SwitchyardRouting.TypedRouteSupport.query(request, "ref", SwitchyardRouting.ParameterCoder.of(String.self)) {
                        self.referrer = value
                    }
                    if let value = try SwitchyardRouting.TypedRouteSupport.query(request, "page", SwitchyardRouting.ParameterCoder.of(Int.self)) {
                        self.page = value
                    }
                    if let value = try SwitchyardRouting.TypedRouteSupport.queryList(request, "tags", SwitchyardRouting.ParameterCoder.of(String.self)) {
                        self.tags = value
                    }
                }

                public var routeValues: SwitchyardRouting.TypedRouteValues {
                    var values = SwitchyardRouting.TypedRouteValues()
                    values.setPath("id", self.id, SwitchyardRouting.ParameterCoder.of(Int.self))
                    values.setPath("tab", self.tab, SwitchyardRouting.ParameterCoder.of(String.self))
                    values.addQuery("ref", self.referrer, SwitchyardRouting.ParameterCoder.of(String.self))
                    values.addQuery("page", self.page, SwitchyardRouting.ParameterCoder.of(Int.self))
                    values.addQuery("tags", self.tags, SwitchyardRouting.ParameterCoder.of(String.self))
                    return values
                }
            }
            """
        )
    }

    @Test func catchAllUUIDAndAnAppConverter() {
        expectExpansion(
            """
            @Route("myapp://files/<uuid:owner>/<sku:code>/<path:rest>")
            struct FileRoute {
                let owner: UUID
                let code: SKU
                let rest: [String]
                let note: String?
            }
            """,
            """
            struct FileRoute {
                let owner: UUID
                let code: SKU
                let rest: [String]
                let note: String?
            }

            extension FileRoute: SwitchyardRouting.TypedRoute {
                static var pattern: String {
                    "myapp://files/<uuid:owner>/<sku:code>/<path:rest>"
                }

                init(request: SwitchyardRouting.RouteRequest) throws(SwitchyardRouting.ParameterError) {
                    self.owner = try SwitchyardRouting.TypedRouteSupport.path(request, "owner", SwitchyardRouting.ParameterCoder.of(UUID.self))
                    self.code = try SwitchyardRouting.TypedRouteSupport.path(request, "code", SwitchyardRouting.ParameterCoder.converted(SKU.self))
                    self.rest = SwitchyardRouting.TypedRouteSupport.remainder(request, "rest")
                    self.note = try SwitchyardRouting.TypedRouteSupport.query(request, "note", SwitchyardRouting.ParameterCoder.of(String.self))
                }

                var routeValues: SwitchyardRouting.TypedRouteValues {
                    var values = SwitchyardRouting.TypedRouteValues()
                    values.setPath("owner", self.owner, SwitchyardRouting.ParameterCoder.of(UUID.self))
                    values.setPath("code", self.code, SwitchyardRouting.ParameterCoder.converted(SKU.self))
                    values.setRemainder("rest", self.rest)
                    values.addQuery("note", self.note, SwitchyardRouting.ParameterCoder.of(String.self))
                    return values
                }
            }
            """
        )
    }
}

extension RouteExpansionTests {
    /// A route without values must not leave a `var` the compiler warns was never mutated.
    @Test func aRouteWithoutValues() {
        expectExpansion(
            """
            @Route("/home")
            public struct HomeRoute {}
            """,
            """
            public struct HomeRoute {}

            extension HomeRoute: SwitchyardRouting.TypedRoute {
                public static var pattern: String {
                    "/home"
                }

                public init(request: SwitchyardRouting.RouteRequest) throws(SwitchyardRouting.ParameterError) {

                }

                public var routeValues: SwitchyardRouting.TypedRouteValues {
                    SwitchyardRouting.TypedRouteValues()
                }
            }
            """
        )
    }
}
