import Switchyard
@testable import SwitchyardPatterns
import Testing

/// A pattern keeps only its canonical text and where each piece lies in it; everything else
/// is read back from there. These pin that what is read back is what was parsed.
@Suite("Pattern storage")
struct PatternStorageTests {
    @Test("the segments and groups read back from the canonical text", arguments: [
        ("/", [PatternElement]()),
        ("/product/:id", [.segment(.literal("product")), .segment(.parameter(name: "id"))]),
        ("/a%2Fb/caf%C3%A9/100%25/a%20b", [.segment(.literal("a/b")), .segment(.literal("café")), .segment(.literal("100%")), .segment(.literal("a b"))]),
        ("/%3Aweird/x%3F%23", [.segment(.literal(":weird")), .segment(.literal("x?#"))]),
        ("/x/:re([a-z]{2,3}(-[a-z]+)?)/:p(/(/a))", [
            .segment(.literal("x")), .segment(.constrained(name: "re", regex: "[a-z]{2,3}(-[a-z]+)?")), .segment(.parameter(name: "p")),
            .optional([.optional([.segment(.literal("a"))])]),
        ]),
        ("/x/:p((/a))", [.segment(.literal("x")), .segment(.constrained(name: "p", regex: "(/a)"))]),
        ("/t/:d(\\d+)/:s([(]x[)])", [.segment(.literal("t")), .segment(.constrained(name: "d", regex: "\\d+")), .segment(.constrained(name: "s", regex: "[(]x[)]"))]),
        ("/a/<int:id>/<name>/<uuid:u_1>", [.segment(.literal("a")), .segment(.typed(name: "id", converter: "int")),
                                            .segment(.typed(name: "name", converter: "string")), .segment(.typed(name: "u_1", converter: "uuid"))]),
        ("/files/<path:rest>", [.segment(.literal("files")), .segment(.catchAll(name: "rest"))]),
        ("/files(/*)", [.segment(.literal("files")), .optional([.segment(.catchAll(name: nil))])]),
        ("MyApp://user/:uid(/orders(/:page))", [.segment(.literal("user")), .segment(.parameter(name: "uid")),
                                               .optional([.segment(.literal("orders")), .optional([.segment(.parameter(name: "page"))])])]),
        ("myapp://(/:tab)", [.optional([.segment(.parameter(name: "tab"))])]),
        ("myapp://", [PatternElement]()),
        ("/time/12:30/über", [.segment(.literal("time")), .segment(.literal("12:30")), .segment(.literal("über"))]),
    ] as [(String, [PatternElement])])
    func elementsReadBack(text: String, expected: [PatternElement]) throws {
        let pattern = try RoutePattern(text)
        #expect(pattern.elements == expected)
        #expect(pattern.parameterNames == expected.parameterNames)
        #expect(try RoutePattern(pattern.description).elements == expected)
    }

    @Test("the scheme reads back lowercased, and only from a scheme", arguments: [
        ("MyApp://user/:uid", "myapp"), ("a+b.c-d://x", "a+b.c-d"), ("myapp://(/:tab)", "myapp"), ("myapp://", "myapp"),
        ("/time/12:30", nil), ("(/a:b)", nil), ("/", nil), ("x/y:z", nil),
    ] as [(String, String?)])
    func schemeReadsBack(text: String, scheme: String?) throws {
        #expect(try RoutePattern(text).scheme == scheme)
    }

    /// A table holds one pattern per route: most keep only their text (and a text of 15 bytes
    /// or less lives inside the pattern itself).
    @Test("only groups, regexes and custom converters keep more than the text", arguments: [
        ("/product/:id", false), ("myapp://user/<int:uid>/orders", false), ("/files/<path:rest>", false), ("/a/*", false),
        ("/a%2Fb/%3Ax/100%25", false), ("/", false), ("myapp://", false), ("/time/12:30", false), ("/a/<name>/<uuid:u>", false),
        ("/user/:id(/:tab)", true), ("myapp://(/:tab)", true), ("/login/:p([0-9]+)", true), ("/item/<sku:code>", true),
    ])
    func whatAPatternKeeps(text: String, keepsPieces: Bool) throws {
        var converters = ParameterConverter.defaultSet
        converters["sku"] = ParameterConverter(name: "sku") { $0.count == 8 }
        let pattern = try RoutePattern(text, converters: converters)
        #expect(pattern.keepsPieces == keepsPieces)
        #expect(pattern.variants.reduce(0) { $0 + max(1, $1.count) } == pattern.expandedSegmentCount)
    }

    @Test func catchAllsAreFoundInsideGroupsToo() throws {
        #expect(try RoutePattern("/a(/*)").hasCatchAll)
        #expect(try RoutePattern("/a/<path:p>").hasCatchAll)
        #expect(try RoutePattern("/a(/b)/:c").hasCatchAll == false)
    }

    /// Print then parse, through the stored form: printing what was read back gives the text.
    @Test("elements read back print the canonical text again", arguments: PatternParsingCorpus.patterns)
    func readBackPrintsTheSameText(text: String) throws {
        let pattern = try RoutePattern(text)
        #expect(PatternTokens.write(scheme: pattern.scheme, pattern.elements).text == pattern.description)
        #expect(pattern.variants.count == Set(pattern.variants.map { $0.map(\.debugShape) }).count)
    }

    /// Found by the pattern fuzz target on 48164a6, in the target's own check: `hasPrefix("/")`
    /// compares characters, and "/" followed by a joiner is one character that is not "/". The
    /// pattern splits at the byte, as the router does; these pin it.
    @Test func aMarkOrJoinerAfterASlashDoesNotHideTheSlash() throws {
        let joined = try RoutePattern("d://\u{200D}\u{200D}")
        #expect(joined.description == "d://\u{200D}\u{200D}")
        #expect(joined.scheme == "d")
        #expect(joined.elements.map(\.description) == ["/\u{200D}\u{200D}"])
        let marked = try RoutePattern("/a/\u{0301}b/:id")
        #expect(marked.elements.map(\.description) == ["/a", "/\u{0301}b", "/:id"])
        let routes = RouteTable<Int>(configuration: .quiet)
        try routes.register("/a/\u{0301}b/:id", target: 1)
        #expect(try routes.resolve("/a/\u{0301}b/7").request.string("id") == "7")
        #expect(try routes.resolve("/a/%CC%81b/7").request.string("id") == "7")
        #expect(throws: RoutingError.self) { try routes.resolve("/a/b/7") }
    }

    /// Offsets count characters before the byte where the problem is, whatever precedes it.
    @Test func offsetsAfterMultiByteCharactersCountCharacters() {
        #expect(throws: PatternError(pattern: "/é(/a)(/b)", offset: 2, reason: .limitExceeded(LimitExceeded(.expandedSegments, value: 8, maximum: 2)))) {
            try RoutePattern("/é(/a)(/b)", limits: InputLimits(expandedSegments: 2))
        }
        let long = "/é" + String(repeating: "?", count: 10)
        #expect(throws: PatternError(pattern: long, offset: 2, reason: .canonicalFormTooLong(LimitExceeded(.patternLength, value: 33, maximum: 13)))) {
            try RoutePattern(long, limits: InputLimits(patternLength: 13))
        }
    }

    @Test func aTokenHoldsAPieceUpToTheLengthCeilingAndNoLonger() throws {
        let longest = PatternTokens.Token.maximumLength
        let token = try #require(PatternTokens.Token(.typed, start: 7, end: 7 + longest))
        #expect(token.kind == .typed && token.start == 7 && token.end == 7 + longest)
        #expect(PatternTokens.Token(.literal, start: 0, end: longest + 1) == nil)
        #expect(PatternTokens.Token(.literal, start: Int(UInt32.max) + 1, end: Int(UInt32.max) + 1) == nil)
        #expect(InputLimits.patternLengthCeiling * 3 <= longest)
    }

    /// The refusal itself is `patternLength`'s, tested at its limit elsewhere; parsing an
    /// 89 MB pattern here would only make the suite slow.
    @Test func noSettingLetsAPatternPastTheLengthCeiling() {
        var limits = InputLimits(patternLength: .max)
        #expect(limits.patternLength == InputLimits.patternLengthCeiling)
        limits.patternLength = 1
        #expect(limits.patternLength == 1)
        limits.patternLength = .max
        #expect(limits.patternLength == 89_478_485)
        #expect(InputLimits.unbounded.patternLength == InputLimits.patternLengthCeiling)
    }
}

/// Patterns covering every kind of piece, for laws that hold over all of them.
enum PatternParsingCorpus {
    static let patterns = [
        "/", "/product/:id", "product/:id/", "/login/:phone([0-9]+)", "/a/<int:id>/<float:x>/<uuid:u>/<string:s>",
        "/files/<path:rest>", "/files/*", "/user/:id(/:tab)", "/a(/b(/c))", "MyApp://user/:uid/orders", "myapp://",
        "myapp://(/:tab)", "MYAPP://(/:a)/b", "/x/:p(/(/z))", "/x/a((/b)/c)", "((/a)/b)", "myapp:///a", "/caf%C3%A9",
        "/a%2Fb/100%25", "/x/:re([a-z]{2,3}(-[a-z]+)?)", "/a(/b)(/c)(/d)", "/q/:c([a-z]+)(/*)", "/%3A%3A/x%20y",
        // A joiner or a combining mark right after "/" makes one character with it.
        "d://\u{200D}\u{200D}", "/a/\u{0301}b/:id", "myapp://\u{0301}(/:tab)",
    ]
}

extension PatternStorageTests {
    static func storage(_ text: String) -> UnsafeRawPointer? {
        text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    /// A canonical text is kept as given, so a table's patterns share the caller's storage.
    @Test(arguments: ["/product/:id/reviews/<int:page>", "myapp://user/:uid/orders/:order(/:tab)", "/caf\u{E9}-long-enough-to-be-stored"])
    func aCanonicalTextIsKeptAsGivenNotCopied(text: String) throws {
        let pattern = try RoutePattern(text)
        #expect(pattern.description == text)
        #expect(Self.storage(pattern.description) == Self.storage(text))
    }

    /// A text that prints otherwise gets the printed copy; "==" alone would take a decomposed
    /// "é" for the precomposed one, so the bytes are what decide.
    @Test(arguments: [
        ("/product/<id>/reviews-and-more", "/product/<string:id>/reviews-and-more"),
        ("MYAPP://user/:uid/orders-and-more", "myapp://user/:uid/orders-and-more"),
        ("/cafe\u{301}/x?y-long-enough", "/cafe\u{301}/x%3Fy-long-enough"),
    ])
    func aTextThatPrintsOtherwiseIsReplacedByItsCanonicalForm(text: String, canonical: String) throws {
        let pattern = try RoutePattern(text)
        #expect(Array(pattern.description.utf8) == Array(canonical.utf8))
        #expect(Self.storage(pattern.description) != Self.storage(text))
    }

    @Test func aDecomposedLetterStaysDecomposed() throws {
        let decomposed = "/cafe\u{301}-and-a-long-tail", precomposed = "/caf\u{E9}-and-a-long-tail"
        #expect(decomposed == precomposed, "Swift's == equates them")
        #expect(Array(try RoutePattern(decomposed).description.utf8) == Array(decomposed.utf8))
        #expect(Array(try RoutePattern(precomposed).description.utf8) == Array(precomposed.utf8))
    }
}

extension CompiledSegment {
    /// The segment's kind and text, to tell variants apart in tests.
    var debugShape: String {
        switch self {
        case .literal(let text): return "L" + text
        case .parameter(let name): return ":" + name
        case .checked(let name, let check): return "C" + name + check.key
        case .catchAll(let name): return "*" + (name ?? "")
        }
    }
}
