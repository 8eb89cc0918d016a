import SwitchyardSupport

/// Why a built-in interceptor refused an open.
public enum SecurityError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An internal-only route opened from outside the app.
    case internalOnly(pattern: String, source: RouteSource)
    /// A route that requires a signature opened without one.
    case unsigned(path: String)
    /// The signature's timestamp is outside the accepted window.
    case expired(path: String)
    /// The signature does not match the URL: it was altered, or signed with another key.
    case badSignature(path: String)
    /// A `redirect=` parameter that points outside the app's routes and allowed hosts.
    case foreignRedirect(String)
    /// A degrade rule blocks the route.
    case blocked(pattern: String, message: String)
    /// A signed link carries a signing item (`sig`, `ts`, `kid`, `once`) twice, or a link to
    /// sign carries one already.
    case duplicatedItem(path: String, name: String)
    /// The link names a key (`kid`) the signer does not have.
    case unknownKey(path: String, keyID: String)
    /// The signature's timestamp is further in the future than the allowed clock skew.
    case notYetValid(path: String)
    /// A one-time link that was opened already.
    case replayed(path: String)
    /// Every slot for one-time links holds an unexpired one; the link is refused, not replayable.
    case oneTimeLinksFull(path: String, capacity: Int)
    /// A signer was given more keys than it tries.
    case tooManyKeys(Int, limit: Int)
    /// A signing secret with no bytes: with it, anyone signs links that verify. `keyID` names the
    /// key of a signer with several; `nil` for a single secret.
    case emptySecret(keyID: String?)

    /// A message naming the route or path; quoted text is escaped and cut, so it is safe to log.
    public var description: String {
        switch self {
        case .internalOnly(let pattern, let source): return "\(show(pattern)) can only be opened from inside the app, not from a \(source)"
        case .unsigned(let path): return "\(show(path)) requires a signed link"
        case .expired(let path): return "the signature of \(show(path)) has expired"
        case .badSignature(let path): return "the signature of \(show(path)) does not match"
        case .foreignRedirect(let target): return "redirect to \(show(target)) is not an internal route or an allowed host"
        case .blocked(_, let message): return show(message)
        case .duplicatedItem(let path, let name): return "the link to \(show(path)) carries \"\(name)\" more than once"
        case .unknownKey(let path, let keyID) where path.isEmpty:
            return "the signing key id \"\(show(keyID))\" is not among the signer's keys"
        case .unknownKey(let path, let keyID): return "the link to \(show(path)) is signed with key \"\(show(keyID))\", which is not configured"
        case .notYetValid(let path): return "the signature of \(show(path)) is dated in the future"
        case .replayed(let path): return "the one-time link to \(show(path)) was already used"
        case .oneTimeLinksFull(let path, let capacity):
            return "the one-time link to \(show(path)) was refused: \(capacity) unexpired one-time links are remembered already"
        case .tooManyKeys(let count, let limit): return "\(count) signing keys given; at most \(limit) are tried"
        case .emptySecret(let keyID):
            return (keyID.map { "the signing key \"\(show($0))\"" } ?? "the signing secret") + " is empty: anyone could sign links that verify with it"
        }
    }

    private func show(_ text: String) -> String { DisplaySafe.text(text) }
}
