import SwitchyardSupport

/// The routes of one table version, sharing storage with the versions before it.
///
/// Registering or removing a route and publishing the new version costs O(log n) amortized,
/// however big the table is; only ``live()`` walks every route, once per version that is read.
@usableFromInline
struct RouteLog<Target: Sendable>: Sendable {
    @usableFromInline var added = SharedLog<Route<Target>>()
    @usableFromInline var removed = SharedLog<RouteID>()
    /// The variants of the routes registered since the last build, until a build takes them.
    @usableFromInline var pending = PendingVariants()

    /// Routes added and not removed.
    @inlinable
    var liveCount: Int { added.count - removed.count }

    /// Routes held, removed ones included until the next compaction.
    @inlinable
    var storedCount: Int { added.count }

    @inlinable
    init() {}

    @inlinable
    init(_ routes: [Route<Target>]) {
        added.append(contentsOf: routes)
    }

    /// Adds a registration call's routes; ``pending`` takes the variants its checks expanded.
    @inlinable
    mutating func append(_ routes: [Route<Target>]) {
        added.append(contentsOf: routes)
    }

    /// Marks `ids` removed; each must be live. Compacts once removed routes outnumber live
    /// ones, so a table that churns holds at most about twice its live routes.
    ///
    /// - Returns: whether it compacted, so that the removed routes are gone from it.
    @discardableResult
    @inlinable
    mutating func remove(_ ids: [RouteID]) -> Bool {
        removed.append(contentsOf: ids)
        guard removed.count > max(liveCount, 32) else { return false }
        let pending = self.pending
        self = RouteLog(live())
        self.pending = pending
        return true
    }

    /// The route added with `id`, whether or not it was removed since: ids grow in
    /// registration order, so it is a binary search. O(log² n).
    @inlinable
    func added(_ id: RouteID) -> Route<Target>? {
        added.element(withKey: id.rawValue) { $0.id.rawValue }
    }

    /// The live routes in registration order.
    @inlinable
    func live() -> [Route<Target>] {
        let all = added.elements()
        guard removed.count > 0 else { return all }
        let gone = Set(removed.elements())
        return all.filter { !gone.contains($0.id) }
    }
}
