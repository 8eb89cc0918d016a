import SwitchyardRouting

/// Remembers recent opens so a double tap opens once: the same URL from the same source
/// within the window is a duplicate.
///
/// Bounded in memory and in work per open, whatever arrives: it keeps a hash of each URL and
/// source (not the URL, which may be 64 KB), at most ``capacity`` of them, in arrival order,
/// and forgets from the oldest end: each open costs O(1) amortized.
struct DuplicateGuard {
    /// How many recent opens are remembered; past that the oldest is forgotten early.
    static let capacity = 1_024

    private var lastOpened: [Int: ContinuousClock.Instant] = [:]
    private var arrivals: [(key: Int, at: ContinuousClock.Instant)] = []
    private var oldest = 0
    /// Entries looked at while forgetting, for tests of the bound.
    private(set) var work = 0

    var count: Int { lastOpened.count }

    /// Records an open of `url` from `source` at `now`; `true` when it repeats one within `window`.
    /// A double tap is one window's: the same link arriving in two scenes is two opens.
    mutating func isDuplicate(url: String, source: RouteSource, scene: String? = nil, at now: ContinuousClock.Instant, window: Duration) -> Bool {
        guard window > .zero else { return false } // the guard is off: nothing to hash or remember
        forget(olderThan: window, now: now)
        var hasher = Hasher()
        hasher.combine(url)
        hasher.combine(source)
        hasher.combine(scene)
        let key = hasher.finalize()
        if let last = lastOpened[key], now - last < window { return true }
        lastOpened[key] = now
        arrivals.append((key, now))
        while lastOpened.count > Self.capacity { forgetOldest() }
        return false
    }

    private mutating func forget(olderThan window: Duration, now: ContinuousClock.Instant) {
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
