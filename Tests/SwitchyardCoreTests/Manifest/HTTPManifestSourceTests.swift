import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// Against a real HTTP server on 127.0.0.1 that each test starts and stops.
@Suite("Manifest: fetching over HTTP", .timeLimit(.minutes(1)))
struct HTTPManifestSourceTests {
    func store() throws -> ManifestStore {
        try ManifestStore(bundled: Fixtures.bundled(), verifier: Fixtures.verifier(), logger: Fixtures.quiet)
    }

    @Test func aNewManifestThenNotModifiedWithItsETag() async throws {
        let body = try Fixtures.signed(version: 2)
        let seenTags = Shared<[String?]>([])
        let server = try LocalHTTPServer { request in
            seenTags.withLock { $0.append(request.headers["if-none-match"]) }
            if request.headers["if-none-match"] == "\"v2\"" { return .respond(status: 304, headers: [:], body: Data()) }
            return .respond(status: 200, headers: ["ETag": "\"v2\""], body: body)
        }
        defer { server.stop() }
        let store = try store()
        let source = HTTPManifestSource(url: server.baseURL.appendingPathComponent("manifest"), timeout: 5)
        #expect(await store.refresh(from: source) == .updated(from: 1, to: 2))
        #expect(await store.refresh(from: source) == .notModified)
        #expect(seenTags.current == [nil, "\"v2\""])
        #expect(store.manifest.manifestVersion == 2)
    }

    @Test(arguments: ["500", "timeout", "truncated", "bad signature"])
    func aFailedFetchKeepsTheLastGoodManifest(kind: String) async throws {
        let good = try Fixtures.signed(version: 2)
        let bad = try Fixtures.signed(version: 3, keys: Fixtures.otherKeys)
        let server = try LocalHTTPServer { request in
            if request.path == "/good" { return .respond(status: 200, headers: [:], body: good) }
            switch kind {
            case "500": return .respond(status: 500, headers: [:], body: Data("oops".utf8))
            case "timeout": return .stall(seconds: 3)
            case "truncated": return .truncated(body: bad.prefix(30), claimed: bad.count)
            default: return .respond(status: 200, headers: [:], body: bad)
            }
        }
        defer { server.stop() }
        let store = try store()
        #expect(await store.refresh(from: HTTPManifestSource(url: server.baseURL.appendingPathComponent("good"))) == .updated(from: 1, to: 2))

        let event = await store.refresh(from: HTTPManifestSource(url: server.baseURL.appendingPathComponent("next"), timeout: 1))
        switch (kind, event) {
        case ("500", .fetchFailed(let reason)): #expect(reason.hasSuffix("/next: HTTP 500"))
        case ("timeout", .fetchFailed), ("truncated", .fetchFailed), ("truncated", .rejected): break
        case ("bad signature", .rejected(let error)): #expect(error == .badSignature)
        default: Issue.record("unexpected event for \(kind): \(event)")
        }
        #expect(store.manifest.manifestVersion == 2)
    }
}
