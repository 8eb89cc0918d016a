import Dispatch
import Foundation
import Switchyard
import Testing

/// A source that serves one fixed download, for racing refreshes.
struct FixedSource: ManifestSource {
    let envelope: Data
    let etag: String

    func fetch(ifNoneMatch etag: String?) async throws(ManifestFetchError) -> ManifestFetch {
        .manifest(envelope, etag: self.etag)
    }
}

/// Issue 12, row 2: two `accept` calls racing, a signed v6 and a signed v7 over v1, ended at
/// v6 in 200 of 200 runs, because the newer-than check ran outside the lock. Taking a manifest
/// in is one step now. Part of the Thread Sanitizer stress run (`--filter Concurrency`).
@Suite("Concurrency: manifest races", .timeLimit(.minutes(3)))
struct ManifestRaceConcurrencyTests {
    static let v6 = Result { try Fixtures.signed(version: 6) }
    static let v7 = Result { try Fixtures.signed(version: 7) }

    /// What one race left behind: the version in use, the cached version, and what the
    /// observer saw, in order.
    struct Ending: Equatable {
        var current: Int
        var cached: Int?
        var observed: [Int]
    }

    static func race(_ run: @escaping @Sendable (ManifestStore) -> Void, cache: URL) throws -> Ending {
        try? FileManager.default.removeItem(at: cache)
        let store = try ManifestStore(bundled: Fixtures.bundled(), verifier: Fixtures.verifier(), cacheFile: cache, logger: Fixtures.quiet)
        let observed = Shared<[Int]>([])
        store.observe { manifest in observed.withLock { $0.append(manifest.manifestVersion) } }
        run(store)
        let cached = (try? Data(contentsOf: cache)).flatMap { try? Fixtures.verifier().verify($0) }
            .flatMap { try? ManifestDecoder.decode($0).manifestVersion }
        return Ending(current: store.manifest.manifestVersion, cached: cached, observed: observed.current)
    }

    @Test func theNewerManifestWinsEveryRace() throws {
        let (v6, v7) = (try Self.v6.get(), try Self.v7.get())
        let cache = Fixtures.temporaryFile()
        defer { try? FileManager.default.removeItem(at: cache) }
        var endings: [Ending] = []
        for round in 0..<1_000 {
            endings.append(try Self.race({ store in
                // Both start together; which is first alternates, so either order is tried.
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    _ = store.accept(index == round % 2 ? v6 : v7)
                }
            }, cache: cache))
        }
        let wrong = endings.filter { $0.current != 7 || $0.cached != 7 || $0.observed.last != 7 || $0.observed != $0.observed.sorted() }
        #expect(wrong.isEmpty, "\(wrong.count) of 1,000 races ended wrong, e.g. \(String(describing: wrong.first))")
        // Both orders happened: sometimes v6 came first and was then replaced.
        #expect(Set(endings.map(\.observed)).isSubset(of: [[1, 7], [1, 6, 7]]))
    }

    @Test func aReplayedOldManifestLosesToTheNewOneWhicheverArrivesFirst() throws {
        let (v6, v7) = (try Self.v6.get(), try Self.v7.get())
        let cache = Fixtures.temporaryFile()
        defer { try? FileManager.default.removeItem(at: cache) }
        let store = try ManifestStore(bundled: Fixtures.bundled(), verifier: Fixtures.verifier(), cacheFile: cache, logger: Fixtures.quiet)
        #expect(store.accept(v7) == .updated(from: 1, to: 7))
        #expect(store.accept(v6) == .rejected(.notNewer(received: 6, current: 7)))
        #expect(store.accept(v7) == .rejected(.notNewer(received: 7, current: 7)), "a replay of the current one changes nothing")
        #expect(try Fixtures.verifier().verify(Data(contentsOf: cache)) == Fixtures.manifestJSON(version: 7))
    }

    @Test func racingRefreshesKeepTheNewerManifestAndItsTag() async throws {
        let (v6, v7) = (try Self.v6.get(), try Self.v7.get())
        let cache = Fixtures.temporaryFile()
        defer { try? FileManager.default.removeItem(at: cache) }
        for _ in 0..<200 {
            try? FileManager.default.removeItem(at: cache)
            let store = try ManifestStore(bundled: Fixtures.bundled(), verifier: Fixtures.verifier(), cacheFile: cache, logger: Fixtures.quiet)
            async let first = store.refresh(from: FixedSource(envelope: v6, etag: "\"v6\""))
            async let second = store.refresh(from: FixedSource(envelope: v7, etag: "\"v7\""))
            _ = await (first, second)
            #expect(store.manifest.manifestVersion == 7)
            // The next refresh sends the tag of the manifest in use.
            let asked = Shared<String?>(nil)
            struct Recording: ManifestSource {
                let asked: Shared<String?>
                func fetch(ifNoneMatch etag: String?) async throws(ManifestFetchError) -> ManifestFetch {
                    asked.withLock { $0 = etag }
                    return .notModified
                }
            }
            #expect(await store.refresh(from: Recording(asked: asked)) == .notModified)
            #expect(asked.current == "\"v7\"")
        }
    }

    @Test func anObserverAddedDuringARaceEndsOnTheNewest() throws {
        let v7 = try Self.v7.get()
        for _ in 0..<200 {
            let store = try ManifestStore(bundled: Fixtures.bundled(), verifier: Fixtures.verifier(), logger: Fixtures.quiet)
            let seen = Shared<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    _ = store.accept(v7)
                } else {
                    store.observe { manifest in seen.withLock { $0.append(manifest.manifestVersion) } }
                }
            }
            #expect(seen.current.last == 7)
        }
    }
}
