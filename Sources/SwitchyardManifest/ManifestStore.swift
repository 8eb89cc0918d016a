import Foundation
import Logging
import SwitchyardPipeline
import SwitchyardSupport

/// The manifest in use: the bundled one, overridden per pattern by the last good download.
///
/// A download must be signed with the configured key, pass validation and carry a higher
/// `manifestVersion` than the one in use; then it is swapped in at once, cached on disk and
/// announced. Anything else changes nothing and is announced with the reason. At start the
/// cache is used offline, unless it is corrupt or older than the bundled manifest.
///
/// Keep the cache in Application Support, not Caches: iOS purges Caches under storage
/// pressure, and a store that lost its cache starts from the bundled manifest, so a server
/// could then roll the app back to any signed manifest newer than the bundled one.
///
/// ```swift
/// let store = try ManifestStore(bundled: try ManifestDecoder.decode(bundledJSON), verifier: ManifestVerifier(publicKey: key),
///                               cacheFile: applicationSupportURL.appendingPathComponent("routes.manifest"))
/// router.install(store, mediator: mediator)   // routes follow every update
/// store.start()
/// await store.refresh(from: HTTPManifestSource(url: manifestURL))
/// ```
public final class ManifestStore: Sendable {
    /// The manifest shipped with the app: in use until a good download overrides it.
    public let bundled: RouteManifest
    /// Checks the signature of every download and of the cache.
    public let verifier: ManifestVerifier
    /// Checks every manifest taken in; its limits bound the downloads.
    public let validator: ManifestValidator
    /// Where the last good download is kept across launches; `nil` keeps none.
    public let cacheFile: URL?

    private struct State {
        var downloaded: RouteManifest?
        var current: RouteManifest
        var etag: String?
        var observers: [@Sendable (RouteManifest) -> Void] = []
    }

    private let state: Locked<State>
    /// Serializes taking a manifest in: the newer-than check, the swap, the cache write, the
    /// observers and the event happen as one step, so two downloads racing (a launch refresh
    /// and a push refresh) end at the newer one, in the cache as in memory. Recursive, so an
    /// observer may call back into the store.
    private let commit = NSRecursiveLock()
    private let hub = EventHub<ManifestEvent>()
    private let logger: Logger

    /// A store serving `bundled` until ``start()`` or a download brings something newer.
    ///
    /// - Throws: ``ManifestError/invalid(_:)`` when the bundled manifest itself is invalid.
    public init(
        bundled: RouteManifest, verifier: ManifestVerifier, validator: ManifestValidator = ManifestValidator(),
        cacheFile: URL? = nil, logger: Logger = Logger(label: "switchyard.manifest")
    ) throws(ManifestError) {
        try validator.validate(bundled)
        self.bundled = bundled
        self.verifier = verifier
        self.validator = validator
        self.cacheFile = cacheFile
        self.logger = logger
        self.state = Locked(State(current: bundled))
    }

    /// The manifest in use now.
    public var manifest: RouteManifest { state.withLock { $0.current } }

    /// Every event from now on.
    public func events(bufferingNewest limit: Int = 32) -> AsyncStream<ManifestEvent> {
        hub.stream(bufferingNewest: limit)
    }

    /// Calls `observer` with the manifest now and after every swap (the router's installer uses it).
    ///
    /// The observer runs inside the store's update step, in the order manifests are taken: it
    /// may read the store, but must not wait for another thread that is calling the store.
    public func observe(_ observer: @escaping @Sendable (RouteManifest) -> Void) {
        // In the commit step, so a swap racing with this call cannot reach the observer first.
        committing {
            let current = state.withLock { state in
                state.observers.append(observer)
                return state.current
            }
            observer(current)
        }
    }

    /// Loads the cached download, if there is a good one.
    @discardableResult
    public func start() -> ManifestEvent {
        committing {
            guard let cacheFile, FileManager.default.fileExists(atPath: cacheFile.path) else {
                return announce(.startedWithBundled(version: bundled.manifestVersion))
            }
            do {
                let manifest = try check(Data(contentsOf: cacheFile))
                let current = state.withLock { $0.current.manifestVersion }
                guard manifest.manifestVersion > current else {
                    throw ManifestError.notNewer(received: manifest.manifestVersion, current: current)
                }
                swap(in: manifest)
                return announce(.startedWithCache(version: manifest.manifestVersion))
            } catch let error as ManifestError {
                announce(.cacheIgnored(reason: error.description))
            } catch {
                announce(.cacheIgnored(reason: "\(error)"))
            }
            return announce(.startedWithBundled(version: bundled.manifestVersion))
        }
    }

    /// Takes a downloaded signed manifest, or refuses it and keeps the current one.
    ///
    /// Safe to call from several threads at once: the checks that cost (signature, decoding,
    /// validation) run in parallel, and whichever download is newest ends in use and in the cache.
    @discardableResult
    public func accept(_ envelope: Data) -> ManifestEvent {
        accept(envelope, etag: nil)
    }

    private func accept(_ envelope: Data, etag: String?) -> ManifestEvent {
        let manifest: RouteManifest
        do {
            manifest = try check(envelope)
        } catch {
            return committing { announce(.rejected(error)) }
        }
        return committing {
            let previous = state.withLock { $0.current.manifestVersion }
            guard manifest.manifestVersion > previous else {
                return announce(.rejected(.notNewer(received: manifest.manifestVersion, current: previous)))
            }
            swap(in: manifest, etag: etag)
            writeCache(envelope)
            return announce(.updated(from: previous, to: manifest.manifestVersion))
        }
    }

    /// Asks `source` for a newer manifest (with the last ETag) and takes it if it is good.
    @discardableResult
    public func refresh(from source: any ManifestSource) async -> ManifestEvent {
        let etag = state.withLock { $0.etag }
        let fetched: ManifestFetch
        do {
            fetched = try await source.fetch(ifNoneMatch: etag)
        } catch {
            return committing { announce(.fetchFailed(error.description)) }
        }
        switch fetched {
        case .notModified:
            return committing { announce(.notModified) }
        case .manifest(let data, let newTag):
            // The tag is kept with the manifest it came with, in the same step.
            return accept(data, etag: newTag)
        }
    }

    private func committing<Result>(_ body: () -> Result) -> Result {
        commit.lock()
        defer { commit.unlock() }
        return body()
    }

    private func check(_ envelope: Data) throws(ManifestError) -> RouteManifest {
        let payload = try verifier.verify(envelope, limits: validator.limits)
        let manifest = try ManifestDecoder.decode(payload, limits: validator.limits)
        try validator.validate(manifest)
        return manifest
    }

    /// Called under ``commit`` only.
    private func swap(in downloaded: RouteManifest, etag: String? = nil) {
        let (current, observers) = state.withLock { state in
            state.downloaded = downloaded
            state.current = bundled.merged(with: downloaded)
            if let etag { state.etag = etag }
            return (state.current, state.observers)
        }
        for observer in observers { observer(current) }
    }

    /// Called under ``commit`` only, so caches are written in the order manifests are taken.
    private func writeCache(_ envelope: Data) {
        guard let cacheFile else { return }
        do {
            try envelope.write(to: cacheFile, options: .atomic)
        } catch {
            logger.error("could not cache the manifest at \(cacheFile.path): \(error)")
        }
    }

    @discardableResult
    private func announce(_ event: ManifestEvent) -> ManifestEvent {
        switch event {
        case .rejected, .fetchFailed, .cacheIgnored: logger.warning("\(event)")
        default: logger.info("\(event)")
        }
        hub.publish(event)
        return event
    }
}
