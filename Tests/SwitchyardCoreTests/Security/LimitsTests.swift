import Foundation
import Switchyard
@testable import SwitchyardPatterns
import Testing

/// Every limit of ``InputLimits``: input at the limit works, one past it is refused with an
/// error naming the setting and the value, and a refused registration leaves the table as it was.
@Suite("Limits: every dimension of untrusted input")
struct LimitsTests {
    static func configuration(_ change: (inout InputLimits) -> Void = { _ in }) -> RouterConfiguration {
        var configuration = RouterConfiguration.quiet
        change(&configuration.limits)
        return configuration
    }

    /// Registers `pattern` into `routes` and returns its error, checking the table did not change.
    static func refusal(_ pattern: String, into routes: RouteTable<String>) -> PatternError? {
        let before = routes.snapshot
        do {
            try routes.register(pattern, target: pattern)
            return nil
        } catch {
            #expect(routes.snapshot === before, "a refused registration must not publish a table")
            return error
        }
    }

    // MARK: - URLs

    @Test func urlLengthAtTheDefaultLimitAndOnePast() throws {
        let routes = try table(["/v/:value"])
        let atLimit = "/v/" + String(repeating: "a", count: 65_536 - 3)
        #expect(try routes.resolve(atLimit).request.string("value")?.utf8.count == 65_533)
        let over = atLimit + "a"
        let expected = LimitExceeded(.urlLength, value: 65_537, maximum: 65_536)
        #expect(routes.failure(over) == .malformedURL(MalformedURLError(url: over, offset: 65_536, reason: .limitExceeded(expected))))
        #expect(routes.failure(over)?.description.hasSuffix(
            "…(65337 more characters)\" refused at offset 65536: the URL is 65537 bytes long; the limit is 65536 (InputLimits.urlLength)") == true)
    }

    @Test func urlLengthIsASetting() throws {
        let routes = try table(["/v/:value"], configuration: Self.configuration { $0.urlLength = 10 })
        #expect(routes.winner("/v/1234567") == "/v/:value")
        #expect(routes.failure("/v/12345678")?.description
            == #"URL "/v/12345678" refused at offset 10: the URL is 11 bytes long; the limit is 10 (InputLimits.urlLength)"#)
    }

    @Test func pathSegmentsAtTheLimitAndOnePast() throws {
        let routes = try table(["/*"])
        let atLimit = String(repeating: "/x", count: 128)
        #expect(try routes.resolve(atLimit).request.remainder?.count == 128)
        let over = atLimit + "/y"
        #expect(routes.failure(over) == .malformedURL(MalformedURLError(
            url: over, offset: 257, reason: .limitExceeded(LimitExceeded(.pathSegments, value: 129, maximum: 128)))))
        // A custom scheme's host is the first segment, and counts.
        let deepLink = "myapp://x" + String(repeating: "/x", count: 127)
        #expect(try routes.resolve(deepLink).request.remainder?.count == 128)
        #expect(routes.failure(deepLink + "/y")?.description.hasSuffix(
            "refused at offset 264: the URL has 129 path segments; the limit is 128 (InputLimits.pathSegments)") == true)
        // Empty segments are not segments.
        #expect(try routes.resolve(atLimit + "//////").request.remainder?.count == 128)
    }

    @Test func queryItemsAtTheLimitAndOnePast() throws {
        let routes = try table(["/v"])
        let items = (0..<256).map { "k\($0)=\($0)" }
        let atLimit = "/v?" + items.joined(separator: "&")
        #expect(try routes.resolve(atLimit).request.query.count == 256)
        let onePast = atLimit + "&extra=1"
        #expect(routes.failure(onePast) == .malformedURL(MalformedURLError(
            url: onePast, offset: atLimit.utf8.count + 1, reason: .limitExceeded(LimitExceeded(.queryItems, value: 257, maximum: 256)))))
        let over = atLimit + "&extra=1&more=2"
        #expect(routes.failure(over) == .malformedURL(MalformedURLError(
            url: over, offset: atLimit.utf8.count + 1, reason: .limitExceeded(LimitExceeded(.queryItems, value: 258, maximum: 256)))))
        // The limit counts items, not `&`s: empty items are skipped.
        #expect(try routes.resolve(atLimit + "&&&").request.query.count == 256)
    }

    @Test func limitsApplyToSignedLinksAndRemoteCallsToo() throws {
        let signer = try LinkSigner(secret: Data("key".utf8))
        let deep = "myapp://call" + String(repeating: "/x", count: 200)
        #expect(throws: RoutingError.self) { try signer.sign(deep) }
        let mediator = Mediator(configuration: MediatorConfiguration(remoteSchemes: ["myapp"], remoteHosts: ["call"]))
        #expect {
            _ = try mediator.remoteCall(for: deep)
        } throws: { error in
            (error as? MediatorError)?.description.contains("the URL has 200 path segments; the limit is 128 (InputLimits.pathSegments)") == true
        }
    }

    // MARK: - Patterns

    @Test func patternLengthAtTheLimitAndOnePast() throws {
        let routes = try table([])
        let atLimit = "/" + String(repeating: "a", count: 2_047)
        #expect(Self.refusal(atLimit, into: routes) == nil)
        let over = "/b" + String(repeating: "a", count: 2_047)
        #expect(Self.refusal(over, into: routes)
            == PatternError(pattern: over, offset: 2_048, reason: .limitExceeded(LimitExceeded(.patternLength, value: 2_049, maximum: 2_048))))
    }

    /// Found by fuzzing (pattern target, 1.2 million executions): a pattern of 830 bytes with
    /// raw `?` and control characters in its literals printed a canonical form over 2,048 bytes,
    /// which read back as an error. The canonical form is held to the limit at registration.
    @Test func aCanonicalFormOverTheLengthLimitIsRefused() throws {
        let routes = try table(["/kept"])
        let atLimit = "/x" + String(repeating: "?", count: 682)          // 684 bytes, canonical 2,048
        #expect(Self.refusal(atLimit, into: routes) == nil)
        let printed = try RoutePattern(atLimit).description
        #expect(printed.utf8.count == 2_048)
        #expect(try RoutePattern(printed) == RoutePattern(atLimit))
        let settled = routes.snapshot
        let over = "/x" + String(repeating: "?", count: 682) + "y"        // 685 bytes, canonical 2,049
        let error = Self.refusal(over, into: routes)
        #expect(error == PatternError(pattern: over, offset: 2,
                                      reason: .canonicalFormTooLong(LimitExceeded(.patternLength, value: 2_049, maximum: 2_048))))
        #expect(error?.reason.description
            == "its canonical form, with ?, #, spaces and control characters in literals percent-encoded, is 2049 bytes long; the limit is 2048 (InputLimits.patternLength)")
        #expect(routes.snapshot === settled, "a refused pattern publishes nothing")
        // A longer limit lets it through, and it still prints back to itself.
        let roomy = try table([], configuration: Self.configuration { $0.patternLength = 4_096 })
        #expect(Self.refusal(over, into: roomy) == nil)
    }

    @Test func patternSegmentsAtTheLimitAndOnePast() throws {
        let routes = try table([])
        #expect(Self.refusal(String(repeating: "/a", count: 64), into: routes) == nil)
        let over = String(repeating: "/b", count: 65)
        let error = Self.refusal(over, into: routes)
        #expect(error == PatternError(pattern: over, offset: 129, reason: .limitExceeded(LimitExceeded(.patternSegments, value: 65, maximum: 64))))
        #expect(error?.reason.description == "the pattern has 65 segments; the limit is 64 (InputLimits.patternSegments)")
        // The issue's pattern of 6,000 segments is refused, not a stack overflow: first for its
        // length, and with a length limit raised for it, for its segments.
        let huge = String(repeating: "/a", count: 6_000)
        #expect(Self.refusal(huge, into: routes)?.reason == .limitExceeded(LimitExceeded(.patternLength, value: 12_000, maximum: 2_048)))
        let roomy = try table([], configuration: Self.configuration { $0.patternLength = 20_000 })
        #expect(Self.refusal(huge, into: roomy)?.reason == .limitExceeded(LimitExceeded(.patternSegments, value: 6_000, maximum: 64)))
        // Segments in optional groups count, and so does a scheme's host.
        let grouped = "myapp://h" + String(repeating: "/a", count: 60) + "(/b(/c(/d(/e))))"
        #expect(Self.refusal(grouped, into: routes)?.reason == .limitExceeded(LimitExceeded(.patternSegments, value: 65, maximum: 64)))
    }

    @Test func patternSegmentsAreClampedToTheCeiling() {
        var limits = InputLimits(patternSegments: 100_000)
        #expect(limits.patternSegments == InputLimits.patternSegmentCeiling)
        limits.patternSegments = 1_000
        #expect(limits.patternSegments == 256)
        limits.optionalGroups = 50
        #expect(limits.optionalGroups == InputLimits.optionalGroupCeiling)
        limits.jsonDepth = 10_000
        #expect(limits.jsonDepth == InputLimits.jsonDepthCeiling)
    }

    @Test func optionalGroupsAtTheLimitAndOnePast() throws {
        let routes = try table([])
        let eight = "/x" + (0..<8).map { "(/g\($0))" }.joined()
        #expect(Self.refusal(eight, into: routes) == nil)
        #expect(routes.routes.first?.definition.description == eight)
        let nine = "/y" + (0..<9).map { "(/g\($0))" }.joined()
        #expect(Self.refusal(nine, into: routes)
            == PatternError(pattern: nine, offset: 42, reason: .limitExceeded(LimitExceeded(.optionalGroups, value: 9, maximum: 8, isLowerBound: true))))
    }

    /// Found in review: eight optional groups before 56 more segments make 256 trie paths of
    /// up to 64 nodes for one pattern of 150 bytes; 5,000 such routes were tens of gigabytes.
    @Test func optionalGroupsExpandWithinABound() throws {
        let routes = try table([])
        let eight = "/x" + (0..<8).map { "(/g\($0))" }.joined()
        #expect(Self.refusal(eight, into: routes) == nil, "8 one-segment groups expand to 1,280 segments")
        let deep = (0..<8).map { "(/g\($0))" }.joined() + (0..<56).map { "/s\($0)" }.joined()
        #expect(Self.refusal(deep, into: routes)
            == PatternError(pattern: deep, offset: 0, reason: .limitExceeded(LimitExceeded(.expandedSegments, value: 15_360, maximum: 2_048))))
    }

    /// The two refusals whose offset is found by byte since 2c29184, with a two-byte character
    /// before the offending spot: at the limit the pattern registers; one past, the exact error
    /// (its offset counted in characters) and the table as it was.
    @Test func offsetsAfterAMultiByteCharacterAtTheLimitAndOnePast() throws {
        let grouped = "/é(/a)(/b)"                                          // expands to 8 segments
        let roomy = try table([], configuration: Self.configuration { $0.expandedSegments = 8 })
        #expect(Self.refusal(grouped, into: roomy) == nil)
        let tight = try table(["/kept"], configuration: Self.configuration { $0.expandedSegments = 7 })
        let settled = tight.snapshot
        #expect(Self.refusal(grouped, into: tight)
            == PatternError(pattern: grouped, offset: 2, reason: .limitExceeded(LimitExceeded(.expandedSegments, value: 8, maximum: 7))))
        #expect(tight.snapshot === settled)
        #expect(try tight.resolve("/kept").route.target == "/kept")

        let encoded = "/é" + String(repeating: "?", count: 10)               // 13 bytes, canonical 33
        let fits = try table([], configuration: Self.configuration { $0.patternLength = 33 })
        #expect(Self.refusal(encoded, into: fits) == nil)
        let short = try table(["/kept"], configuration: Self.configuration { $0.patternLength = 32 })
        let before = short.snapshot
        #expect(Self.refusal(encoded, into: short)
            == PatternError(pattern: encoded, offset: 2, reason: .canonicalFormTooLong(LimitExceeded(.patternLength, value: 33, maximum: 32))))
        #expect(short.snapshot === before)
    }

    @Test func aManifestsListsAndTheirExpansionAreBounded() throws {
        let loginRequired = (0..<11).map { #""/p\#($0)/:x""# }.joined(separator: ",")
        let manifest = try ManifestDecoder.decode(Data(#"{ "schemaVersion": 1, "manifestVersion": 2, "routes": [], "loginRequired": [\#(loginRequired)] }"#.utf8))
        #expect(ManifestValidator(limits: InputLimits(manifestRoutes: 10)).problems(in: manifest)
            == [ManifestProblem(path: "$.loginRequired", message: "11 entries; the limit is 10 (InputLimits.manifestRoutes)")])
        let routes = (0..<30).map { #"{ "pattern": "/r\#($0)(/a)(/b)(/c)", "kind": "web", "url": "https://m.example.com/" }"# }.joined(separator: ",")
        let wide = try ManifestDecoder.decode(Data(#"{ "schemaVersion": 1, "manifestVersion": 2, "routes": [\#(routes)] }"#.utf8))
        #expect(ManifestValidator(limits: InputLimits(manifestSegments: 500)).problems(in: wide)
            == [ManifestProblem(path: "$.routes", message: "the manifest's patterns expand to 600 segments; the limit is 500 (InputLimits.manifestSegments)")])
    }

    @Test func regexLengthAtTheLimitAndOnePast() throws {
        let routes = try table([])
        let atLimit = "/r/:id(" + String(repeating: "a", count: 249) + ")"
        #expect(Self.refusal(atLimit, into: routes) == nil)
        let over = "/s/:id(" + String(repeating: "a", count: 250) + ")"
        #expect(Self.refusal(over, into: routes)
            == PatternError(pattern: over, offset: 7, reason: .limitExceeded(LimitExceeded(.regexLength, value: 250, maximum: 249))))
        let wholePath = "/w/" + String(repeating: "b", count: 247)
        #expect(throws: PatternError(pattern: wholePath, offset: 249, reason: .limitExceeded(LimitExceeded(.regexLength, value: 250, maximum: 249)))) {
            try RegexPattern(wholePath)
        }
        #expect(try RegexPattern(String(wholePath.dropLast())).source.utf8.count == 249)
    }

    @Test func noSettingLetsARegexPastTheCeiling() throws {
        // Linux Foundation never frees its copy of an expression over 256 UTF-16 units
        // (found by the pattern fuzzer under LeakSanitizer), so none may be compiled.
        let limits = InputLimits(regexLength: 10_000)
        #expect(limits.regexLength == InputLimits.regexLengthCeiling)
        var raised = InputLimits.default
        raised.regexLength = .max
        #expect(raised.regexLength == 249)
        let over = String(repeating: "c", count: 250)
        #expect(throws: PatternError(pattern: over, offset: 249, reason: .limitExceeded(LimitExceeded(.regexLength, value: 250, maximum: 249)))) {
            try RegexPattern(over, limits: raised)
        }
        let longest = try #require(SendableRegex(matchingWhole: String(repeating: "é", count: 124)))
        #expect(longest.value.pattern.utf16.count <= 256)
        #expect(try #require(SendableRegex(matchingWhole: String(repeating: "c", count: 249))).value.pattern.utf16.count == 256)
    }

    // MARK: - What a regex check may look at

    @Test func aRegexSegmentGivesUpPastTheInputLimitAndSaysSo() throws {
        let routes = try table(["/r/:id([a-z]+)"])
        let atLimit = "/r/" + String(repeating: "a", count: 1_024)
        #expect(routes.winner(atLimit) == "/r/:id([a-z]+)")
        let over = atLimit + "a"
        #expect(routes.failure(over) == .regexGaveUp(regex: "[a-z]+", path: over, LimitExceeded(.regexInput, value: 1_025, maximum: 1_024)))
        #expect(routes.failure(over)?.description.hasSuffix(
            "…(828 more characters): the value to check is 1025 bytes long; the limit is 1024 (InputLimits.regexInput)") == true)
        // A long value that no regex would see is an ordinary miss.
        #expect(routes.failure("/elsewhere/" + String(repeating: "a", count: 2_000))?.description.hasPrefix("no route matches") == true)
    }

    @Test func aWholePathRegexRouteGivesUpPastTheInputLimit() throws {
        let routes = RouteTable<String>(configuration: Self.configuration { $0.regexInput = 16 })
        try routes.register(regex: "/w/[a-z]+", target: "w")
        #expect(try routes.resolve("/w/" + String(repeating: "a", count: 13)).target == "w")
        let over = "/w/" + String(repeating: "a", count: 14)
        #expect(routes.failure(over) == .regexGaveUp(regex: "/w/[a-z]+", path: over, LimitExceeded(.regexInput, value: 17, maximum: 16)))
    }

    // MARK: - Manifests

    @Test func manifestRoutesAtTheLimitAndOnePast() throws {
        func manifest(_ count: Int) throws -> RouteManifest {
            let routes = (0..<count).map { #"{ "pattern": "/p\#($0)", "kind": "web", "url": "https://m.example.com/\#($0)" }"# }
            return try ManifestDecoder.decode(Data(#"{ "schemaVersion": 1, "manifestVersion": 2, "routes": [\#(routes.joined(separator: ","))] }"#.utf8))
        }
        let validator = ManifestValidator(limits: InputLimits(manifestRoutes: 10))
        #expect(validator.problems(in: try manifest(10)).isEmpty)
        #expect(validator.problems(in: try manifest(11))
            == [ManifestProblem(path: "$.routes", message: "the manifest has 11 routes; the limit is 10 (InputLimits.manifestRoutes)")])
    }

    @Test func manifestJSONDepthAtTheLimitAndOnePast() throws {
        func nested(_ levels: Int) -> Data {
            // The document itself is one level; `extra` adds the rest.
            let inner = String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1)
            return Data(#"{ "schemaVersion": 1, "manifestVersion": 2, "routes": [], "extra": \#(inner) }"#.utf8)
        }
        #expect(try ManifestDecoder.decode(nested(32)).manifestVersion == 2)
        #expect(throws: ManifestError.malformedJSON(line: 1, column: 99, message: "nesting deeper than 32 levels (InputLimits.jsonDepth)")) {
            try ManifestDecoder.decode(nested(33))
        }
    }

    /// Issue 38: one string nearly as long as a manifest may be, read at its limit and one
    /// byte past it (where nothing is read); the same exact answers as a short manifest gets.
    @Test func aManifestOfOneLongStringAtTheByteLimitAndOnePast() throws {
        let head = #"{"schemaVersion":1,"manifestVersion":9,"routes":[],"note":""#
        let text = head + String(repeating: "a", count: 9_000_000) + #""}"#
        let atLimit = InputLimits(manifestBytes: text.utf8.count)
        #expect(throws: Never.self) { try ManifestDecoder.checkJSON(Data(text.utf8), limits: atLimit) }
        let past = Data((text + " ").utf8)
        #expect(throws: ManifestError.limitExceeded(LimitExceeded(.manifestBytes, value: past.count, maximum: past.count - 1))) {
            try ManifestDecoder.checkJSON(past, limits: atLimit)
        }
        // A control character at the string's end is named at its offset, 9 MB in.
        let broken = head + String(repeating: "a", count: 9_000_000) + "\u{1}" + #""}"#
        #expect(throws: ManifestError.malformedJSON(line: 1, column: head.utf8.count + 9_000_001, message: "control character in a string")) {
            try ManifestDecoder.checkJSON(Data(broken.utf8), limits: InputLimits(manifestBytes: broken.utf8.count))
        }
    }

    @Test func aSignedEnvelopeMayBeTwiceTheManifestLimit() throws {
        let limits = InputLimits(manifestBytes: 100)
        let envelope = Data(repeating: 0x20, count: 201)
        #expect(throws: ManifestError.limitExceeded(LimitExceeded(.manifestBytes, value: 201, maximum: 200))) {
            try Fixtures.verifier().verify(envelope, limits: limits)
        }
        #expect(throws: ManifestError.notSigned(reason: "expected {\"payload\": …, \"signature\": …}")) {
            try Fixtures.verifier().verify(Data(repeating: 0x20, count: 200), limits: limits)
        }
    }

    @Test func everyLimitIsDocumentedWithItsSettingName() {
        // The error text names the `InputLimits` property, so a reader can find the setting.
        for limit in LimitExceeded.Limit.allCases {
            #expect(LimitExceeded(limit, value: 2, maximum: 1).description.hasSuffix("; the limit is 1 (InputLimits.\(limit.rawValue))"))
        }
        let defaults = InputLimits.default
        let values: [Int] = [defaults.urlLength, defaults.pathSegments, defaults.queryItems, defaults.patternLength, defaults.patternSegments,
                 defaults.optionalGroups, defaults.expandedSegments, defaults.regexLength, defaults.regexInput, defaults.conflictsPerRegistration,
                 defaults.suggestionWork, defaults.manifestBytes, defaults.manifestRoutes, defaults.manifestSegments, defaults.jsonDepth]
        #expect(values == [65_536, 128, 256, 2_048, 64, 8, 2_048, 249, 1_024, 16, 1_000_000, 10_485_760, 2_000, 100_000, 32])
    }
}
