import Foundation
import SwitchyardCore
import Testing

/// Regexes that can backtrack without bound are refused at registration, in `:name(regex)`
/// segments, whole-path regex routes and manifests alike; the accepted subset still covers
/// what routes need.
@Suite("Regex safety")
struct RegexSafetyTests {
    @Test("regexes routes really use are accepted", arguments: [
        #"[0-9]+"#, #"\d{4}-\d{2}-\d{2}"#, #"[a-z0-9]+(?:-[a-z0-9]+)*"#, #"(?i)[a-z]+"#, #"(?<year>\d{4})-(\w+)"#,
        #"(foo|bar)+"#, #"[^/]+\.json"#, #"\p{L}+"#, #"[A-Z]{2}[0-9]{6}"#, #"v[0-9]+(\.[0-9]+)*"#, #"(ab)+c?"#,
        #"[a-f0-9]{8}-[a-f0-9]{4}"#, #"\d+(\.\d+)?"#, #"(https?|ftp)"#, #"[\w.+-]+@[\w-]+\.[a-z]{2,}"#, #"x{2,1000}"#,
    ])
    func accepted(regex: String) throws {
        #expect(throws: Never.self) { try RegexPattern(regex) }
        #expect(throws: Never.self) { try RoutePattern("/r/:value(\(regex))") }
    }

    @Test("regexes that can backtrack without bound are refused, naming the construct and its offset", arguments: [
        (#"(a+)+"#, 0, RegexHazard.nestedRepeat(group: "(a+)+", inner: "a+")),
        (#"x(\w+\s?)*"#, 1, .nestedRepeat(group: #"(\w+\s?)*"#, inner: #"\w+"#)),
        (#"(a?){20}"#, 0, .nestedRepeat(group: "(a?){20}", inner: "a?")),
        (#"((ab)+c)+"#, 0, .nestedRepeat(group: "((ab)+c)+", inner: "(ab)+")),
        (#"(a|aa)+"#, 0, .overlappingAlternatives(group: "(a|aa)+")),
        (#"(\d|\w)*"#, 0, .overlappingAlternatives(group: #"(\d|\w)*"#)),
        (#"(a|)+"#, 0, .overlappingAlternatives(group: "(a|)+")),
        (#"\d+\d+"#, 3, .adjacentRepeats(first: #"\d+"#, second: #"\d+"#)),
        (#".*.*"#, 2, .adjacentRepeats(first: ".*", second: ".*")),
        (#"a+b?a+"#, 4, .adjacentRepeats(first: "a+", second: "a+")),
        (#"[a-z]+(x|[a-c]+)"#, 6, .adjacentRepeats(first: "[a-z]+", second: "(x|[a-c]+)")),
        (#"(a)\1"#, 3, .backreference(#"\1"#)),
        (#"(?<n>a)\k<n>"#, 7, .backreference(#"\k<n>"#)),
        (#"(?=a)a"#, 0, .lookaround("(?=")),
        (#"(?<!a)b"#, 0, .lookaround("(?<!")),
        (#"(?>a+)b"#, 0, .unsupported(#"an atomic group "(?>""#)),
        (#"a{1001}"#, 1, .repeatCount("{1001}", limit: 1_000)),
        (#"[a-z[0-9]]"#, 4, .unsupported(#"a nested character class or set operation in "[a-z[""#)),
        (#"\Qa\E"#, 0, .unsupported(#"quoting "\Q…\E""#)),
        (#"(?x)a b"#, 0, .unsupported(#"free-spacing mode "(?x""#)),
    ])
    func refused(regex: String, offset: Int, hazard: RegexHazard) {
        #expect(throws: PatternError(pattern: regex, offset: offset, reason: .unsafeRegex(hazard))) { try RegexPattern(regex) }
        // In a segment the offset counts from the start of the pattern.
        let pattern = "/r/:value(\(regex))"
        #expect(throws: PatternError(pattern: pattern, offset: 10 + offset, reason: .unsafeRegex(hazard))) { try RoutePattern(pattern) }
    }

    @Test func caseInsensitiveRegexesAreCheckedFolded() {
        #expect(throws: PatternError(pattern: "(?i)[a-z]+[A-Z]+", offset: 10, reason: .unsafeRegex(.adjacentRepeats(first: "[a-z]+", second: "[A-Z]+")))) {
            try RegexPattern("(?i)[a-z]+[A-Z]+")
        }
        #expect(throws: Never.self) { try RegexPattern("[a-z]+[A-Z]+") }
    }

    /// Issue 12, row 7: each of these took 1.1–1.5 s of the caller's thread per URL and was
    /// reported as "no route matches". Now none of them can be registered.
    @Test func theReportedRegexesAreRefusedAtRegistration() throws {
        let routes = RouteTable<String>(configuration: .quiet)
        let before = routes.snapshot
        #expect(throws: PatternError(pattern: "/r/:id((a+)+$)", offset: 7, reason: .unsafeRegex(.nestedRepeat(group: "(a+)+", inner: "a+")))) {
            try routes.register("/r/:id((a+)+$)", target: "r")
        }
        #expect(throws: PatternError(pattern: "/s/:id((a|aa)+b)", offset: 7, reason: .unsafeRegex(.overlappingAlternatives(group: "(a|aa)+")))) {
            try routes.register("/s/:id((a|aa)+b)", target: "s")
        }
        #expect(throws: PatternError(pattern: "(a+)+", offset: 0, reason: .unsafeRegex(.nestedRepeat(group: "(a+)+", inner: "a+")))) {
            try routes.register(regex: "(a+)+", target: "w")
        }
        #expect(routes.snapshot === before)
        #expect(try PatternError(pattern: "(a+)+", offset: 0, reason: .unsafeRegex(.nestedRepeat(group: "(a+)+", inner: "a+"))).description
            == #"invalid route pattern "(a+)+" at offset 0: unsafe regular expression: "(a+)+" repeats a group whose own repeat "a+" can match what the group starts with, so it can backtrack without bound"#)
    }

    @Test func aManifestWithAnUnsafeRegexIsInvalid() throws {
        let json = #"{ "schemaVersion": 1, "manifestVersion": 2, "routes": [{ "pattern": "/r/:id((a+)+)", "kind": "web", "url": "https://m.example.com/r" }] }"#
        let manifest = try ManifestDecoder.decode(Data(json.utf8))
        #expect(ManifestValidator().problems(in: manifest) == [ManifestProblem(
            path: "$.routes[0].pattern",
            message: #"invalid route pattern "/r/:id((a+)+)" at offset 7: unsafe regular expression: "(a+)+" repeats a group whose own repeat "a+" can match what the group starts with, so it can backtrack without bound"#)])
    }

    @Test func anAcceptedRegexStillMatchesAsBefore() throws {
        let routes = try table(["/slug/:s([a-z0-9]+(?:-[a-z0-9]+)*)", "/d/:date(\\d{4}-\\d{2}-\\d{2})"])
        #expect(try routes.resolve("/slug/red-shoes-42").request.string("s") == "red-shoes-42")
        #expect(routes.winner("/slug/red--shoes") == nil)
        #expect(try routes.resolve("/d/2026-11-23").request.string("date") == "2026-11-23")
    }
}
