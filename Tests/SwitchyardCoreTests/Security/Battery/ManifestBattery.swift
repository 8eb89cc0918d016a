import Foundation
import Switchyard
import Testing

/// Manifest tampering and replay: whatever a network attacker or a compromised cache hands
/// the store, it refuses with the exact reason and changes nothing — not the manifest in use,
/// not the cache file, not the routes installed from it.
@Suite("Security battery: manifests")
struct ManifestBattery {
    /// A store at version 3, installed on a router, with its cache on disk.
    struct Setup {
        let store: ManifestStore
        let router: Router
        let cache: URL

        init(verifier: ManifestVerifier? = nil) throws {
            cache = Fixtures.temporaryFile()
            store = try ManifestStore(bundled: Fixtures.bundled(), verifier: verifier ?? Fixtures.verifier(), cacheFile: cache, logger: Fixtures.quiet)
            router = Router(configuration: .quiet)
            router.install(store)
            _ = store.start()
            _ = store.accept(try Fixtures.signed(version: 3))
        }

        /// What an attacker must not change.
        var state: [String] {
            [String(store.manifest.manifestVersion), ((try? Data(contentsOf: cache)) ?? Data()).base64EncodedString()]
                + router.table.routes.map(\.pattern)
        }
    }

    static func envelope(payload: Data, signature: String? = nil, keyID: String? = nil, raw: String? = nil) throws -> Data {
        if let raw { return Data(raw.utf8) }
        let signed = try JSONDecoder().decode(SignedManifest.self, from: Fixtures.signer().sign(payload))
        return try JSONEncoder().encode(SignedManifest(payload: signed.payload, signature: signature ?? signed.signature, keyID: keyID))
    }

    static let cases: [(label: String, make: @Sendable () throws -> Data, expected: ManifestError)] = [
        ("payload swapped under the signature", {
            let good = try JSONDecoder().decode(SignedManifest.self, from: Fixtures.signed(version: 9))
            return try JSONEncoder().encode(SignedManifest(payload: Fixtures.manifestJSON(version: 10).base64EncodedString(), signature: good.signature))
        }, .badSignature),
        ("signature altered", {
            let good = try JSONDecoder().decode(SignedManifest.self, from: Fixtures.signed(version: 9))
            var bytes = Data(base64Encoded: good.signature) ?? Data()
            bytes[0] ^= 1
            return try JSONEncoder().encode(SignedManifest(payload: good.payload, signature: bytes.base64EncodedString()))
        }, .badSignature),
        ("signed with another key", { try Fixtures.signed(version: 9, keys: Fixtures.otherKeys) }, .badSignature),
        ("an unknown key id", { try envelope(payload: Fixtures.manifestJSON(version: 9), keyID: "2027") }, .unknownKey("2027", known: [])),
        ("a repeated envelope key", {
            let good = try JSONDecoder().decode(SignedManifest.self, from: Fixtures.signed(version: 9))
            return Data(#"{"payload":"e30=","payload":"\#(good.payload)","signature":"\#(good.signature)"}"#.utf8)
        }, .notSigned(reason: #"the envelope has the key "payload" twice (line 1, column 19)"#)),
        ("a repeated manifest key, signed", {
            try Fixtures.signer().sign(Data(#"{"schemaVersion":1,"manifestVersion":9,"routes":[],"manifestVersion":2}"#.utf8))
        }, .malformedJSON(line: 1, column: 52, message: #"duplicate key "manifestVersion" in one object"#)),
        ("an older version replayed", { try Fixtures.signed(version: 2) }, .notNewer(received: 2, current: 3)),
        ("the current version replayed", { try Fixtures.signed(version: 3) }, .notNewer(received: 3, current: 3)),
        ("not JSON", { Data("<html>captive portal</html>".utf8) }, .notSigned(reason: #"expected {"payload": …, "signature": …}"#)),
        ("truncated", { (try Fixtures.signed(version: 9)).prefix(40) }, .notSigned(reason: #"expected {"payload": …, "signature": …}"#)),
        ("payload not base64", { Data(#"{"payload":"%%%","signature":"AA=="}"#.utf8) }, .notSigned(reason: "the payload is not base64")),
        ("an unsafe regex, signed", {
            try Fixtures.signer().sign(Fixtures.manifestJSON(version: 9, routes: #"{ "pattern": "/r/:id((a+)+)", "kind": "web", "url": "https://m.example.com/r" }"#))
        }, .invalid([ManifestProblem(path: "$.routes[0].pattern",
            message: #"invalid route pattern "/r/:id((a+)+)" at offset 7: unsafe regular expression: "(a+)+" repeats "a+" inside another repeat, so a match can be split in many ways and backtrack without bound"#)])),
        ("a schema this app cannot read, signed", {
            try Fixtures.signer().sign(Data(#"{"schemaVersion":99,"manifestVersion":9}"#.utf8))
        }, .invalid([ManifestProblem(path: "$.schemaVersion", message: "unknown schema version 99; this app reads 1")])),
        ("deeply nested, signed", {
            try Fixtures.signer().sign(Data((#"{"schemaVersion":1,"manifestVersion":9,"routes":[],"x":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}").utf8))
        }, .malformedJSON(line: 1, column: 87, message: "nesting deeper than 32 levels (InputLimits.jsonDepth)")),
    ]

    @Test("a tampered or replayed manifest is refused and changes nothing", arguments: cases)
    func refused(label: String, make: @Sendable () throws -> Data, expected: ManifestError) throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.cache) }
        let before = setup.state
        #expect(setup.store.accept(try make()) == .rejected(expected), "\(label)")
        #expect(setup.state == before, "\(label) changed the store, the cache or the routes")
    }

    @Test func anOversizedEnvelopeIsRefusedUnread() throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.cache) }
        let before = setup.state
        let huge = Data(repeating: 0x20, count: 2 * InputLimits.default.manifestBytes + 1)
        #expect(setup.store.accept(huge) == .rejected(.limitExceeded(LimitExceeded(.manifestBytes, value: huge.count, maximum: huge.count - 1))))
        #expect(setup.state == before)
    }

    @Test func aTamperedCacheIsIgnoredAtStartAndTheBundledManifestServes() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.cache) }
        var cached = try Data(contentsOf: setup.cache)
        cached[cached.count / 2] ^= 0x01
        try cached.write(to: setup.cache)
        let restarted = try ManifestStore(bundled: Fixtures.bundled(), verifier: Fixtures.verifier(), cacheFile: setup.cache, logger: Fixtures.quiet)
        var events = restarted.events().makeAsyncIterator()
        #expect(restarted.start() == .startedWithBundled(version: 1))
        guard case .cacheIgnored = await events.next() else {
            Issue.record("a tampered cache was not reported")
            return
        }
        #expect(restarted.manifest.manifestVersion == 1)
    }

    @Test func manifestKeysRotateWithoutBreakingCachedManifests() throws {
        let old = ManifestSigner.generateKeyPair()
        let new = ManifestSigner.generateKeyPair()
        func key(_ pair: (privateKey: String, publicKey: String)) -> Data { Data(base64Encoded: pair.publicKey) ?? Data() }
        func signer(_ pair: (privateKey: String, publicKey: String), id: String?) throws -> ManifestSigner {
            try ManifestSigner(privateKey: Data(base64Encoded: pair.privateKey) ?? Data(), keyID: id)
        }
        let rotating = try ManifestVerifier(publicKeys: ["2026": key(old), "2027": key(new)])
        let payload = Fixtures.manifestJSON(version: 4)
        // Signed before key ids existed, by the old key by name, and by the new key.
        for envelope in [try signer(old, id: nil).sign(payload), try signer(old, id: "2026").sign(payload), try signer(new, id: "2027").sign(payload)] {
            #expect(try rotating.verify(envelope) == payload)
        }
        // A new key's envelope claiming the old id fails: the id picks the key.
        #expect(throws: ManifestError.badSignature) { try rotating.verify(signer(new, id: "2026").sign(payload)) }
        let retired = try ManifestVerifier(publicKeys: ["2027": key(new)])
        #expect(throws: ManifestError.unknownKey("2026", known: ["2027"])) { try retired.verify(signer(old, id: "2026").sign(payload)) }
        #expect(ManifestError.unknownKey("2026", known: ["2027"]).description == #"the manifest is signed with key "2026", which this app does not have (it has: 2027)"#)
        #expect(ManifestError.unknownKey("2026", known: []).description == #"the manifest is signed with key "2026", which this app does not have (its only key has no id)"#)
        #expect(throws: ManifestError.badSignature) { try retired.verify(signer(old, id: nil).sign(payload)) }
        #expect(throws: ManifestError.invalidKey(id: nil, reason: "a verifier needs 1 to 8 keys, got 0")) { try ManifestVerifier(publicKeys: [:]) }
    }

    /// Found by fuzzing the syntax check against Foundation's parser: JSON it passed and
    /// Foundation refused, so the error lost its line and column. Each is refused here now.
    @Test("JSON Foundation refuses is refused with its place", arguments: [
        (Data([0x22, 0xA5, 0x31, 0x22]), ManifestError.malformedJSON(line: 1, column: 2, message: "invalid UTF-8")),
        (Data("\t\n\n\t\t77e77776\t\n".utf8), .malformedJSON(line: 3, column: 3, message: "the number 77e77776 is out of range")),
        (Data(#"{"a": "\uDEAE"}"#.utf8), .malformedJSON(line: 1, column: 8, message: "an unpaired surrogate escape")),
        (Data(#"{"a": "\uD83D"}"#.utf8), .malformedJSON(line: 1, column: 8, message: "an unpaired surrogate escape")),
        (Data(#"{"a": "\uD83Dx"}"#.utf8), .malformedJSON(line: 1, column: 8, message: "an unpaired surrogate escape")),
    ])
    func foundationsRefusals(json: Data, expected: ManifestError) {
        #expect((try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])) == nil)
        #expect(throws: expected) { try ManifestDecoder.checkJSON(json) }
        #expect(throws: Never.self) { try ManifestDecoder.checkJSON(Data(#"{"a": "\uD83D\uDE80", "b": 1e300}"#.utf8)) }
    }
}
