/// The routes whose handlers declined one URL, which later resolves of that URL pass over
/// (JLRoutes' chaining), and where each of those resolves may pick up the search.
///
/// One per URL of an open: a redirect starts a new one, as a decline applies to the URL it
/// declined. Each decline costs the same however many came before it: the routes passed over
/// are a set, and the trie remembers, per list of routes it looked through, the first one not
/// yet passed over, so a list of a thousand routes that decline one after another is walked
/// once, not a thousand times. Used by one open at a time, never shared between threads.
package final class DeclinedRoutes {
    /// The routes declined, in the order they declined.
    package private(set) var ids: [RouteID] = []
    /// The table version `indices` and the resume points were read from (compared by identity).
    private var version: ObjectIdentifier?
    private var indices: Set<Int32> = []
    /// For each list of endpoints the trie looked through (by the word where it starts), the position of
    /// the first that was not passed over then: every endpoint before it still is.
    private var resumePoints: [Int32: Int32] = [:]
    /// The same for the regex routes a path falls through to, as a position in their candidates.
    var regexResume = 0

    package init() {}

    package var isEmpty: Bool { ids.isEmpty }

    /// Records that the route with `id`, at `index` in the table version last resolved, declined.
    package func decline(_ id: RouteID) {
        ids.append(id)
        pending.append(id)
    }

    /// Declines recorded since `indices` was last brought up to date.
    private var pending: [RouteID] = []

    /// Brings the route indices up to date for the table version `routes` belongs to: the
    /// declines since the last resolve when it is the same version, all of them when another.
    func prepare<Target>(for version: ObjectIdentifier, routes: [Route<Target>]) {
        if self.version != version {
            self.version = version
            indices = []
            resumePoints = [:]
            regexResume = 0
            pending = ids
        }
        for id in pending {
            if let index = Self.index(of: id, in: routes) { indices.insert(index) }
        }
        pending = []
    }

    /// Whether the route at `index` of the current version declined.
    @inline(__always)
    func contains(_ index: Int32) -> Bool { indices.contains(index) }

    /// Where a look through the list of endpoints starting at `start` may begin.
    @inline(__always)
    func resumePoint(_ start: Int32) -> Int32 { resumePoints[start] ?? start }

    /// Records that every endpoint before `position` in the list starting at `start` is passed over.
    @inline(__always)
    func setResumePoint(_ start: Int32, _ position: Int32) {
        if position != start { resumePoints[start] = position }
    }

    /// A table lists its routes in registration order, which is the order of their ids, so an
    /// id is found by a binary search.
    private static func index<Target>(of id: RouteID, in routes: [Route<Target>]) -> Int32? {
        var (low, high) = (0, routes.count)
        while low < high {
            let middle = (low + high) / 2
            if routes[middle].id.rawValue < id.rawValue { low = middle + 1 } else { high = middle }
        }
        return low < routes.count && routes[low].id == id ? Int32(low) : nil
    }
}
