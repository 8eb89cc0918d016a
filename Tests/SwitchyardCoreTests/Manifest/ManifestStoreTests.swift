import Foundation
import Switchyard
import Testing

@Suite("Manifest: signing, the store, and updates")
struct ManifestStoreTests {
    func store(cache: URL? = nil) throws -> ManifestStore {
        try ManifestStore(bundled: Fixtures.bundled(), verifier: Fixtures.verifier(), cacheFile: cache, logger: Fixtures.quiet)
    }

    @Test func aSignedManifestVerifiesAndAnythingElseIsRefused() throws {
        let verifier = try Fixtures.verifier()
        let payload = Fixtures.manifestJSON(version: 3)
        #expect(try verifier.verify(Fixtures.signer().sign(payload)) == payload)
        #expect(throws: ManifestError.badSignature) { try verifier.verify(Fixtures.signer(Fixtures.otherKeys).sign(payload)) }
        #expect(throws: ManifestError.notSigned(reason: "expected {\"payload\": …, \"signature\": …}")) { try verifier.verify(payload) }

        var envelope = try JSONDecoder().decode(SignedManifest.self, from: Fixtures.signer().sign(payload))
        envelope = SignedManifest(payload: Fixtures.manifestJSON(version: 4).base64EncodedString(), signature: envelope.signature)
        #expect(throws: ManifestError.badSignature, "a payload swapped under a valid signature") {
            try verifier.verify(JSONEncoder().encode(envelope))
        }
        #expect(throws: ManifestError.notSigned(reason: "the payload is not base64")) {
            try verifier.verify(JSONEncoder().encode(SignedManifest(payload: "%%%", signature: "")))
        }
    }

    @Test func aGoodDownloadIsSwappedInCachedAndAnnounced() async throws {
        let cache = Fixtures.temporaryFile()
        defer { try? FileManager.default.removeItem(at: cache) }
        let store = try store(cache: cache)
        var events = store.events().makeAsyncIterator()
        #expect(store.start() == .startedWithBundled(version: 1))
        #expect(await events.next() == .startedWithBundled(version: 1))

        #expect(store.accept(try Fixtures.signed(version: 2)) == .updated(from: 1, to: 2))
        #expect(await events.next() == .updated(from: 1, to: 2))
        #expect(store.manifest.manifestVersion == 2)
        #expect(store.manifest.routes.map(\.pattern) == ["/home", "/promo/v1", "/promo/v2"], "downloaded routes over the bundled ones")
        #expect(FileManager.default.fileExists(atPath: cache.path))

        // The next start uses the cache, offline.
        let restarted = try self.store(cache: cache)
        #expect(restarted.start() == .startedWithCache(version: 2))
        #expect(restarted.manifest.manifestVersion == 2)
    }

    @Test(arguments: [
        ("older", ManifestEvent.rejected(.notNewer(received: 2, current: 3))),
        ("same", .rejected(.notNewer(received: 3, current: 3))),
        ("other key", .rejected(.badSignature)),
        ("unsigned", .rejected(.notSigned(reason: "expected {\"payload\": …, \"signature\": …}"))),
        ("invalid", .rejected(.invalid([ManifestProblem(path: "$.routes[0].pattern", message: "invalid route pattern \"/bad(\" at offset 4: unbalanced parentheses: \"(\" is never closed")]))),
        ("truncated", .rejected(.notSigned(reason: "expected {\"payload\": …, \"signature\": …}"))),
    ])
    func aBadDownloadChangesNothing(kind: String, expected: ManifestEvent) throws {
        let cache = Fixtures.temporaryFile()
        defer { try? FileManager.default.removeItem(at: cache) }
        let store = try store(cache: cache)
        _ = store.accept(try Fixtures.signed(version: 3))
        let cached = try Data(contentsOf: cache)
        let envelope: Data
        switch kind {
        case "older": envelope = try Fixtures.signed(version: 2)
        case "same": envelope = try Fixtures.signed(version: 3)
        case "other key": envelope = try Fixtures.signed(version: 4, keys: Fixtures.otherKeys)
        case "unsigned": envelope = Fixtures.manifestJSON(version: 4)
        case "invalid": envelope = try Fixtures.signer().sign(Fixtures.manifestJSON(version: 4, routes: #"{ "pattern": "/bad(", "kind": "web", "url": "https://x.com" }"#))
        default: envelope = try Fixtures.signed(version: 4).prefix(40)
        }
        #expect(store.accept(envelope) == expected)
        #expect(store.manifest.manifestVersion == 3)
        #expect(store.manifest.routes.map(\.pattern) == ["/home", "/promo/v1", "/promo/v3"])
        #expect(try Data(contentsOf: cache) == cached, "the cache keeps the last good manifest")
    }

    @Test(arguments: ["garbage", "older than bundled", "other key"])
    func aBadCacheAtStartIsIgnoredAndTheBundledManifestServes(kind: String) async throws {
        let cache = Fixtures.temporaryFile()
        defer { try? FileManager.default.removeItem(at: cache) }
        switch kind {
        case "garbage": try Data("{\"payload\": 12".utf8).write(to: cache)
        case "older than bundled":
            try Fixtures.signer().sign(Fixtures.manifestJSON(version: 1)).write(to: cache)
        default: try Fixtures.signed(version: 5, keys: Fixtures.otherKeys).write(to: cache)
        }
        let store = try store(cache: cache)
        var events = store.events().makeAsyncIterator()
        #expect(store.start() == .startedWithBundled(version: 1))
        #expect(store.manifest == (try Fixtures.bundled()))
        guard case .cacheIgnored(let reason)? = await events.next() else {
            Issue.record("expected the cache to be ignored with a reason")
            return
        }
        #expect(reason == expectedReasons[kind])
    }

    let expectedReasons = [
        "garbage": "the manifest is not signed: expected {\"payload\": …, \"signature\": …}",
        "older than bundled": "manifest version 1 is not newer than the current version 1",
        "other key": "the manifest's signature does not match the configured public key",
    ]

    @Test func anInvalidBundledManifestIsAnErrorAtCreation() throws {
        let bad = RouteManifest(manifestVersion: 1, routes: [ManifestRoute(pattern: "/x(", kind: .web(url: "https://x.com"))])
        #expect(throws: ManifestError.invalid([ManifestProblem(path: "$.routes[0].pattern", message: "invalid route pattern \"/x(\" at offset 2: unbalanced parentheses: \"(\" is never closed")])) {
            try ManifestStore(bundled: bad, verifier: Fixtures.verifier())
        }
    }
}
