import SwitchyardRouting
import SwitchyardSupport

/// Remembers recent opens so a double tap opens once: the same caller asking for the same URL
/// with the same parameters in the same scene within the window is a duplicate.
///
/// Keyed by the caller (``RouteCaller``), so one caller's open never makes another's a
/// duplicate, and by what was asked (URL and parameters), so two different asks of one caller
/// both run. The router consults it only once the URL's route may be reached by the caller: a
/// refused open leaves nothing here.
///
/// Bounded in memory and in work per open, whatever arrives: it keeps a hash of each key
/// (not the URL, which may be 64 KB), at most ``capacity`` of them, in arrival order,
/// and forgets from the oldest end: each open costs O(1) amortized.
package struct DuplicateGuard {
    /// How many recent opens are remembered; past that the oldest is forgotten early.
    static let capacity = 1_024

    private var lastOpened: [Int: ClockReading] = [:]
    private var arrivals: [(key: Int, at: ClockReading)] = []
    private var oldest = 0
    /// Entries looked at while forgetting, for tests of the bound.
    private(set) var work = 0

    var count: Int { lastOpened.count }

    /// The key of an open: who asked, in which scene, for which URL, with which values. A double
    /// tap is one window's: the same link arriving in two scenes is two opens.
    ///
    /// A value counts by its hash when it is `Hashable`, by its identity when it is an object,
    /// else by its text (a page's arrays and dictionaries, bounded by the bridge's message size).
    package static func key(
        url: String, caller: RouteCaller, source: RouteSource, scene: String?,
        parameters: [String: any Sendable], callerParameters: [String: any Sendable]
    ) -> Int {
        var hasher = Hasher()
        hasher.combine(url)
        hasher.combine(caller)
        hasher.combine(source)
        hasher.combine(scene)
        for (kind, values) in [(0, parameters), (1, callerParameters)] where !values.isEmpty {
            hasher.combine(kind)
            for name in values.keys.sorted() {
                guard let value = values[name] else { continue }
                hasher.combine(name)
                if let hashable = value as? AnyHashable {
                    hasher.combine(hashable)
                } else if type(of: value) is AnyObject.Type {
                    hasher.combine(ObjectIdentifier(value as AnyObject))
                } else {
                    hasher.combine(String(describing: value))
                }
            }
        }
        return hasher.finalize()
    }

    /// Records an open with `key` at `now`; `true` when it repeats one within `window`.
    mutating func isDuplicate(key: Int, at now: ClockReading, window: Duration) -> Bool {
        guard window > .zero else { return false } // the guard is off: nothing to remember
        forget(olderThan: window, now: now)
        if let last = lastOpened[key], now - last < window { return true }
        lastOpened[key] = now
        arrivals.append((key, now))
        while lastOpened.count > Self.capacity { forgetOldest() }
        return false
    }

    private mutating func forget(olderThan window: Duration, now: ClockReading) {
        while oldest < arrivals.count, now - arrivals[oldest].at >= window { forgetOldest() }
        // Drop the forgotten front once it is half the storage, so the array stays small.
        if oldest > 64, oldest * 2 > arrivals.count {
            arrivals.removeFirst(oldest)
            oldest = 0
        }
    }

    private mutating func forgetOldest() {
        let entry = arrivals[oldest]
        work += 1
        // A later open of the same key moved its time on; only the latest arrival removes it.
        if lastOpened[entry.key] == entry.at { lastOpened[entry.key] = nil }
        oldest += 1
    }
}
