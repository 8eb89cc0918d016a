import SwitchyardPatterns

/// What a ``RouteTable``'s writer keeps: the routes, and indexes that make one registration
/// cost work proportional to its own routes, whatever the table holds.
///
/// Only the writer, under the table's lock, touches it; readers see the ``RouteLog`` of each
/// version it publishes. Inlinable, so the module that names `Target` specializes it; the
/// conflict checks, which never read a target, are the non-generic ``ConflictIndex``.
@usableFromInline
struct RouteRegistry<Target: Sendable> {
    @usableFromInline var log = RouteLog<Target>()
    /// Routes removed but still in the log until it compacts: the log finds a route by id,
    /// and this says whether it is still registered. Empty unless routes were removed.
    @usableFromInline var removedIDs: Set<RouteID> = []
    /// The routes of the registration in progress, before they join the log.
    @usableFromInline var adding: [Route<Target>] = []
    @usableFromInline var byOwner: [String: OwnedRoutes] = [:]
    @usableFromInline var conflictIndex: ConflictIndex
    @usableFromInline var nextSequence = 0
    /// Conflicts listed per registration; past it they are counted.
    @usableFromInline let conflictCap: Int
    /// Routes the last call's conflict searches looked at one by one, for tests of the bound.
    @usableFromInline var lookedAtInLastCall = 0

    init(caseSensitive: Bool, conflictCap: Int) {
        conflictIndex = ConflictIndex(caseSensitive: caseSensitive)
        self.conflictCap = max(0, conflictCap)
    }

    @inlinable
    func ids(owner: String) -> [RouteID] {
        byOwner[owner].map { $0.ids.sorted { $0.rawValue < $1.rawValue } } ?? []
    }

    /// Adds routes in order and returns each one's id and what it conflicts with.
    ///
    /// All the call's routes join the conflict index first, then each one's conflicts are
    /// found among every route indexed, so a conflict between two routes of the same call is
    /// listed under both.
    @inlinable
    mutating func add(
        _ specs: [RouteSpec<Target>], _ definitions: [RouteDefinition], parsed: ParsedVariants? = nil
    ) -> [(id: RouteID, conflicts: RouteConflicts)] {
        let sideBySide = SideBySideChecks(firstOfCall: nextSequence, count: specs.count, parsed: parsed)
        // The list becomes the log's run for the table's lifetime: no room to spare in it.
        adding.reserveCapacity(specs.count)
        for (spec, definition) in zip(specs, definitions) {
            let id = RouteID(rawValue: nextSequence)
            // One name object per owner, which its routes share; the entry is changed in place,
            // as a copy of it would copy its set of ids for every route.
            let owner = spec.owner.map { byOwner[$0, default: OwnedRoutes(owner: RouteOwner($0))].insert(id) }
            let route = Route(id: id, definition: definition, priority: spec.priority, owner: owner, target: spec.target)
            nextSequence += 1
            adding.append(route)
            // The lookup takes copies, not the registry: the registry is being changed (its
            // conflict index), and a copy of it alive meanwhile would make that change copy the index.
            conflictIndex.add(RouteFacts(route), sideBySide, lookup: { [adding, removedIDs, log] id in
                Self.route(id, adding: adding, removedIDs: removedIDs, log: log).map(RouteFacts.init)
            })
        }
        let added = adding
        let found = added.map { route in
            sideBySide.startRoute()
            return conflictIndex.conflicts(of: RouteFacts(route), cap: conflictCap, sideBySide, lookup: { [added, removedIDs, log] id in
                Self.route(id, adding: added, removedIDs: removedIDs, log: log).map(RouteFacts.init)
            })
        }
        adding = []
        log.append(added)
        // Twice the live routes, and a thousand more: every route of a table registered one
        // at a time, but not every route a churning table ever replaced.
        sideBySide.handVariants(to: log.pending, keepingAtMost: 2 * log.liveCount + 1024)
        lookedAtInLastCall = sideBySide.lookedAt
        return zip(added, found).map { ($0.id, $1) }
    }

    /// Removes the routes with these ids; ids not registered are skipped. Returns how many went.
    @discardableResult
    @inlinable
    mutating func remove(_ ids: [RouteID]) -> Int {
        var removed: [RouteID] = []
        for id in ids {
            guard let route = route(id) else { continue }
            removedIDs.insert(id)
            removed.append(id)
            if let owner = route.owner {
                byOwner[owner]?.ids.remove(id)
                if byOwner[owner]?.ids.isEmpty == true { byOwner[owner] = nil }
            }
            conflictIndex.remove(RouteFacts(route))
        }
        if log.remove(removed) { removedIDs = [] }
        return removed.count
    }

    /// The registered route with `id`: in the registration in progress, or in the log.
    @inlinable
    func route(_ id: RouteID) -> Route<Target>? {
        Self.route(id, adding: adding, removedIDs: removedIDs, log: log)
    }

    @inlinable
    static func route(_ id: RouteID, adding: [Route<Target>], removedIDs: Set<RouteID>, log: RouteLog<Target>) -> Route<Target>? {
        if let first = adding.first, id.rawValue >= first.id.rawValue {
            let index = id.rawValue - first.id.rawValue
            return index < adding.count ? adding[index] : nil
        }
        return removedIDs.contains(id) ? nil : log.added(id)
    }
}

/// The routes registered under one owner, and the name object they share.
@usableFromInline
struct OwnedRoutes {
    @usableFromInline let owner: RouteOwner
    @usableFromInline var ids: Set<RouteID> = []

    @inlinable
    init(owner: RouteOwner) {
        self.owner = owner
    }

    /// Adds `id`; returns the owner's name, for the route.
    @inlinable
    mutating func insert(_ id: RouteID) -> RouteOwner {
        ids.insert(id)
        return owner
    }
}
