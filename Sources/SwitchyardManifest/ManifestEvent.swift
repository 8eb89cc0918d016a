import SwitchyardSupport

/// What happened to the manifest in use: every load, update and refusal, with the reason.
public enum ManifestEvent: Equatable, Sendable, CustomStringConvertible {
    /// Started with the bundled manifest (no usable cache).
    case startedWithBundled(version: Int)
    /// Started offline with the cached download.
    case startedWithCache(version: Int)
    /// The cached download was not used; the bundled manifest serves.
    case cacheIgnored(reason: String)
    /// A downloaded manifest was swapped in.
    case updated(from: Int, to: Int)
    /// The server has nothing newer (HTTP 304).
    case notModified
    /// A downloaded manifest was refused; the last good one keeps serving.
    case rejected(ManifestError)
    /// The download itself failed; the last good one keeps serving.
    case fetchFailed(String)

    /// A sentence for logs; reasons are made safe to display.
    public var description: String {
        switch self {
        case .startedWithBundled(let version): return "started with the bundled manifest, version \(version)"
        case .startedWithCache(let version): return "started with the cached manifest, version \(version)"
        case .cacheIgnored(let reason): return "ignored the cached manifest: \(DisplaySafe.text(reason, limit: 2_000))"
        case .updated(let from, let to): return "updated the manifest from version \(from) to \(to)"
        case .notModified: return "the manifest is up to date"
        case .rejected(let error): return "refused a manifest: \(error)"
        case .fetchFailed(let reason): return "could not fetch the manifest: \(DisplaySafe.text(reason, limit: 2_000))"
        }
    }
}
