import Testing

/// Every misuse of `@Route` is an error on the token it is about, never a crash of the plugin,
/// and nothing is generated for it.
@Suite("Typed routes: compile errors")
struct RouteDiagnosticTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let source: String
        let expected: [Reported]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "invalid pattern, on the literal, with the offset in the message", source: """
            @Route("/user/:id(/:tab")
            struct UserRoute { let id: String; var tab: String? }
            """, expected: [
                Reported(message: #"invalid route pattern "/user/:id(/:tab" at offset 9: unbalanced parentheses: "(" is never closed"#, line: 1, column: 8),
            ]),
        Case(label: "a parameter named twice", source: """
            @Route("/a/:x/:x")
            struct Twice { let x: String }
            """, expected: [
                Reported(message: #"invalid route pattern "/a/:x/:x" at offset 6: duplicate parameter name "x""#, line: 1, column: 8),
            ]),
        Case(label: "on an enum", source: """
            @Route("/a")
            enum NotAStruct { case a }
            """, expected: [
                Reported(message: "@Route applies to a struct; a enum cannot be a typed route", line: 2, column: 1),
            ]),
        Case(label: "on a class", source: """
            @Route("/a")
            final class NotAStruct {}
            """, expected: [
                Reported(message: "@Route applies to a struct; a class cannot be a typed route", line: 2, column: 7),
            ]),
        Case(label: "a pattern that is not a literal", source: """
            @Route(Paths.product)
            struct R { let id: Int }
            """, expected: [
                Reported(message: "the pattern of @Route must be a string literal without interpolation, so that it is checked at compile time", line: 1, column: 8),
            ]),
        Case(label: "an interpolated pattern", source: #"""
            @Route("/p/\(x)")
            struct R {}
            """#, expected: [
                Reported(message: "the pattern of @Route must be a string literal without interpolation, so that it is checked at compile time", line: 1, column: 8),
            ]),
        Case(label: "no pattern", source: """
            @Route
            struct R {}
            """, expected: [
                Reported(message: #"@Route takes one argument, the pattern as a string literal: @Route("/product/<int:id>")"#, line: 1, column: 1),
            ]),
        Case(label: "a parameter without a property", source: """
            @Route("/product/<int:id>")
            struct R { let ident: Int? }
            """, expected: [
                Reported(message: #"the pattern's parameter "id" has no stored property: declare `let id: Int`"#, line: 1, column: 8),
            ]),
        Case(label: "the wrong type for <int:>", source: """
            @Route("/product/<int:id>")
            struct R {
                let id: String
            }
            """, expected: [
                Reported(message: #"'id' is <int:id> in "/product/<int:id>", so its type must be Int, not String"#, line: 3, column: 13),
            ]),
        Case(label: "the wrong types for <float:>, <uuid:> and <path:>", source: """
            @Route("/m/<float:x>/<uuid:u>/<path:rest>")
            struct R {
                let x: Int
                let u: String
                let rest: [Int]
            }
            """, expected: [
                Reported(message: #"'x' is <float:x> in "/m/<float:x>/<uuid:u>/<path:rest>", so its type must be Double or Float, not Int"#, line: 3, column: 12),
                Reported(message: #"'u' is <uuid:u> in "/m/<float:x>/<uuid:u>/<path:rest>", so its type must be UUID, not String"#, line: 4, column: 12),
                Reported(message: #"'rest' is <path:rest> in "/m/<float:x>/<uuid:u>/<path:rest>", so its type must be [String] or String, not [Int]"#, line: 5, column: 15),
            ]),
        Case(label: "a parameter of an optional group that is not Optional", source: """
            @Route("/user/:id(/:tab)")
            struct R {
                let id: String
                let tab: String
            }
            """, expected: [
                Reported(message: #"'tab' is :tab in "/user/:id(/:tab)", inside an optional group, so its type must be Optional: `String?`"#, line: 4, column: 14),
            ]),
        Case(label: "a parameter every URL has, declared Optional", source: """
            @Route("/user/:id")
            struct R { let id: String? }
            """, expected: [
                Reported(message: #"'id' is :id in "/user/:id", which every matching URL has, so its type cannot be Optional: `String`"#, line: 2, column: 20),
            ]),
        Case(label: "a computed property for a parameter", source: """
            @Route("/user/:id")
            struct R {
                var id: String { "x" }
            }
            """, expected: [
                Reported(message: #"'id' is :id in "/user/:id", so it must be a stored property, not a computed one"#, line: 3, column: 9),
            ]),
        Case(label: "a query item that a URL may leave out but has no default", source: """
            @Route("/search")
            struct R {
                let q: String
            }
            """, expected: [
                Reported(message: #"'q' is not in the pattern, so it is the query item "q", which a URL may leave out: make it Optional (`String?`) or give it a default value"#, line: 3, column: 12),
            ]),
        Case(label: "a property without a type", source: """
            @Route("/search/:q")
            struct R {
                var q = "x"
                var page = 1
            }
            """, expected: [
                Reported(message: #"'q' is :q in "/search/:q": write its type, such as `String`"#, line: 3, column: 9),
                Reported(message: #"'page' is the query item "page": write its type, such as `String?`, so @Route knows how to read it"#, line: 4, column: 9),
            ]),
        Case(label: "@RouteQuery on a path parameter, twice the same query name, and a taken name", source: """
            @Route("/u/:id")
            struct R {
                @RouteQuery("x") let id: String
                @RouteQuery("ref") var a: String?
                @RouteQuery("ref") var b: String?
                @RouteQuery("id") var c: String?
            }
            """, expected: [
                Reported(message: #"properties 'a' and 'b' are both the query item "ref""#, line: 5, column: 5),
                Reported(message: #"query item "id" has the name of a path parameter of "/u/:id""#, line: 6, column: 5),
                Reported(message: #"'id' is a path parameter of "/u/:id", not a query item"#, line: 3, column: 5),
            ]),
        Case(label: "@RouteQuery without a literal name", source: """
            @Route("/u")
            struct R {
                @RouteQuery(name) var a: String?
            }
            """, expected: [
                Reported(message: #"@RouteQuery takes the query item's name as a non-empty string literal: @RouteQuery("ref")"#, line: 3, column: 5),
            ]),
        Case(label: "a lazy property, a tuple pattern and properties inside #if", source: """
            @Route("/u")
            struct R {
                lazy var cache: Int = 0
                let (w, h): (Int, Int)
                #if DEBUG
                var debug: String?
                #endif
            }
            """, expected: [
                Reported(message: "a lazy property cannot be part of a route: make it computed, or a stored property", line: 3, column: 5),
                Reported(message: "@Route reads one property per name: declare each of these on its own", line: 4, column: 9),
                Reported(message: "@Route cannot read properties inside #if: declare the route's properties outside it", line: 5, column: 5),
            ]),
        Case(label: "query defaults a URL without the item could not read back", source: """
            @Route("/u")
            struct R {
                var sort: String? = "new"
                var tags: [String] = ["a"]
                var ids: [Int]? = nil
                var label = "x", page: Int = 1
            }
            """, expected: [
                Reported(message: #"'sort' is the query item "sort": an Optional's default must be nil, or a URL without the item could not read back as nil"#, line: 3, column: 15),
                Reported(message: #"'tags' is the query item "tags": its default must be `[]`, the list a URL without the item reads back as"#, line: 4, column: 15),
                Reported(message: #"'ids' is the query item "ids": a URL cannot tell an empty list from none, so declare it `[Int] = []`"#, line: 5, column: 14),
                Reported(message: #"'label' is the query item "label": write its type, such as `String?`, so @Route knows how to read it"#, line: 6, column: 9),
            ]),
    ]

    @Test(arguments: cases)
    func reportsTheMisuseWhereItIs(_ testCase: Case) {
        let (text, diagnostics) = expand(testCase.source)
        #expect(diagnostics == testCase.expected)
        #expect(!text.contains("extension"), "nothing is generated for a declaration with an error")
    }
}
