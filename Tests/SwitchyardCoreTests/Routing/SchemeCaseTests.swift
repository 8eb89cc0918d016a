import Switchyard
import SwitchyardRouting
import Testing

/// A URL's scheme and host are read in any case without allocating (issue 51): the web schemes
/// are told byte by byte, and ASCII text is lowercased a byte at a time. What a resolve reports
/// must not change: the same scheme and host as `String.lowercased()` gave, the same web URLs.
@Suite("Scheme and host case")
struct SchemeCaseTests {
    static let configuration = RouterConfiguration(schemes: ["myapp", "my-app.2+x"], associatedDomains: ["example.com"])

    /// The web schemes in every case are web URLs: their host must be associated.
    @Test(arguments: ["http", "https", "HTTP", "HTTPS", "Http", "hTtPs", "httP"])
    func httpAndHttpsInAnyCaseAreWebSchemes(scheme: String) throws {
        let routes = try table(["/product/:id"], configuration: Self.configuration)
        #expect(routes.winner("\(scheme)://example.com/product/1") == "/product/:id")
        #expect(routes.failure("\(scheme)://evil.com/product/1") == .hostNotAssociated(host: "evil.com", url: "\(scheme)://evil.com/product/1"))
    }

    /// One letter short, one too many, one off: not web schemes, so refused as schemes the
    /// table does not accept (a web scheme would have been refused for its host instead).
    @Test(arguments: ["htt", "httpss", "httpx", "hxtp", "ftp", "http2", "ttps", "h"])
    func schemesNearTheWebOnesAreNotWebSchemes(scheme: String) throws {
        let routes = try table(["/product/:id"], configuration: Self.configuration)
        let url = "\(scheme)://evil.com/product/1"
        #expect(routes.failure(url) == .schemeNotAccepted(scheme: scheme.lowercased(), url: url))
    }

    /// What the URL scan refuses in a web URL only, the web schemes in any case: a backslash
    /// (browsers read it as `/`) and a missing host. Schemes one letter off are not web URLs,
    /// so neither is refused for that reason (the table refuses their scheme instead).
    @Test(arguments: ["http", "https", "HTTP", "HTTPS", "Http", "hTtPs", "httP"])
    func aBackslashOrNoHostIsRefusedInWebSchemesInAnyCase(scheme: String) throws {
        let routes = try table(["/product/:id"], configuration: Self.configuration)
        let backslash = "\(scheme)://example.com\\product/1"
        #expect(routes.failure(backslash) == .malformedURL(MalformedURLError(url: backslash, offset: scheme.count + 14, reason: .backslash)))
        let hostless = "\(scheme):/product/1"
        #expect(routes.failure(hostless) == .malformedURL(MalformedURLError(url: hostless, offset: scheme.count, reason: .webURLWithoutHost)))
    }

    @Test(arguments: ["htt", "httpss", "httpx", "hxtp", "ttps", "Httq"])
    func aBackslashOrNoHostIsNoWebURLProblemInOtherSchemes(scheme: String) throws {
        let routes = try table(["/product/:id"], configuration: Self.configuration)
        for url in ["\(scheme)://example.com\\product/1", "\(scheme):/product/1"] {
            #expect(routes.failure(url) == .schemeNotAccepted(scheme: scheme.lowercased(), url: url))
        }
    }

    /// The scheme and a web host as the request reports them: lowercased, whatever the case
    /// they came in.
    @Test(arguments: [
        ("MyApp://product/1", "myapp", nil),
        ("MY-APP.2+X://product/1", "my-app.2+x", nil),
        ("HTTPS://EXAMPLE.com/product/1", "https", "example.com"),
    ] as [(String, String, String?)])
    func theRequestReportsTheSchemeAndHostLowercased(url: String, scheme: String, host: String?) throws {
        let routes = RouteTable<String>(configuration: Self.configuration)
        try routes.register("/product/:id", target: "product")
        let request = try routes.resolve(url).request
        #expect(request.scheme == scheme)
        #expect(request.host == host)
    }

    /// The law: the byte-wise lowercasing gives what `String.lowercased()` gives, for ASCII
    /// text of every byte and for text that is not ASCII (which it hands to `lowercased()`).
    @Test func lowercasingIsStringLowercasedForAsciiAndNot() {
        var texts = ["", "MyApp", "ABCXYZ", "@[`{", "ÄPFEL.de", "straße", "İSTANBUL", "ΣΊΣΥΦΟΣ", "a\u{0301}B", "x\u{7F}Y"]
        texts.append(String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self))
        var generator = SeededBytes(seed: 51)
        for _ in 0..<500 { texts.append(String(decoding: (0..<generator.next(below: 24)).map { _ in UInt8(generator.next(below: 128)) }, as: UTF8.self)) }
        for text in texts {
            var copy = text
            let lowered = copy.withUTF8 { URLLayout.lowercasedText($0) }
            #expect(lowered == text.lowercased(), "\(text.debugDescription)")
        }
    }
}

/// A small deterministic generator, so a failure names an input that fails again.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
