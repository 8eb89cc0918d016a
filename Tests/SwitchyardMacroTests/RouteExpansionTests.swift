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

            extension ProductRoute: TypedRoute {
                public static var pattern: String {
                    "/product/<int:id>(/:tab)"
                }

                public init(request: RouteRequest) throws(ParameterError) {
                    self.id = try TypedRouteSupport.path(request, "id", ParameterCoder.of(Int.self))
                    self.tab = try TypedRouteSupport.optionalPath(request, "tab", ParameterCoder.of(String.self))
                    if let value = try TypedRouteSupport.query(request, "ref", ParameterCoder.of(String.self)) {
                        self.referrer = value
                    }
                    if let value = try TypedRouteSupport.query(request, "page", ParameterCoder.of(Int.self)) {
                        self.page = value
                    }
                    if let value = try TypedRouteSupport.queryList(request, "tags", ParameterCoder.of(String.self)) {
                        self.tags = value
                    }
                }

                public var routeValues: TypedRouteValues {
                    var values = TypedRouteValues()
                    values.setPath("id", self.id, ParameterCoder.of(Int.self))
                    values.setPath("tab", self.tab, ParameterCoder.of(String.self))
                    values.addQuery("ref", self.referrer, ParameterCoder.of(String.self))
                    values.addQuery("page", self.page, ParameterCoder.of(Int.self))
                    values.addQuery("tags", self.tags, ParameterCoder.of(String.self))
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

            extension FileRoute: TypedRoute {
                static var pattern: String {
                    "myapp://files/<uuid:owner>/<sku:code>/<path:rest>"
                }

                init(request: RouteRequest) throws(ParameterError) {
                    self.owner = try TypedRouteSupport.path(request, "owner", ParameterCoder.of(UUID.self))
                    self.code = try TypedRouteSupport.path(request, "code", ParameterCoder.converted(SKU.self))
                    self.rest = TypedRouteSupport.remainder(request, "rest")
                    self.note = try TypedRouteSupport.query(request, "note", ParameterCoder.of(String.self))
                }

                var routeValues: TypedRouteValues {
                    var values = TypedRouteValues()
                    values.setPath("owner", self.owner, ParameterCoder.of(UUID.self))
                    values.setPath("code", self.code, ParameterCoder.converted(SKU.self))
                    values.setRemainder("rest", self.rest)
                    values.addQuery("note", self.note, ParameterCoder.of(String.self))
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

            extension HomeRoute: TypedRoute {
                public static var pattern: String {
                    "/home"
                }

                public init(request: RouteRequest) throws(ParameterError) {

                }

                public var routeValues: TypedRouteValues {
                    TypedRouteValues()
                }
            }
            """
        )
    }
}
