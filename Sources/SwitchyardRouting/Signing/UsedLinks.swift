import Foundation
import SwitchyardSupport

/// The one-time links already opened, remembered until they expire.
///
/// In memory: a one-time link opens once per run of the app. Bounded: when ``capacity``
/// unexpired links are remembered, a new one-time link is refused
/// (``SecurityError/oneTimeLinksFull(path:capacity:)``) rather than forgetting one that could
/// then be replayed.
public final class UsedLinks: Sendable {
    /// The most unexpired one-time links remembered; past it, a new one-time link is refused.
    public let capacity: Int
    private let used = Locked([String: Date]())

    /// Creates an empty store that remembers at most `capacity` unexpired one-time links.
    public init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// How many unexpired one-time links are remembered.
    public var count: Int { used.withLock { $0.count } }

    /// Marks `nonce` used until `expiry`. - Throws: ``SecurityError`` when it was used already,
    /// or when the store is full of unexpired links.
    func use(_ nonce: String, until expiry: Date, now: Date, path: String) throws(SecurityError) {
        let error: SecurityError? = used.withLock { used in
            if let known = used[nonce], known > now { return .replayed(path: path) }
            if used.count >= capacity { used = used.filter { $0.value > now } }
            guard used.count < capacity else { return .oneTimeLinksFull(path: path, capacity: capacity) }
            used[nonce] = expiry
            return nil
        }
        if let error { throw error }
    }
}
