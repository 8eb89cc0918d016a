import SwitchyardPatterns

/// What a ``RouteTable``'s writer keeps: the routes, and indexes that make one registration
/// cost work proportional to its own routes, whatever the table holds.
///
/// Only the writer, under the table's lock, touches it; readers see the ``RouteLog`` of each
/// version it publishes.
struct RouteRegistry<Target: Sendable> {
    private(set) var log = RouteLog<Target>()
    /// Routes removed but still in the log until it compacts: the log finds a route by id,
    /// and this says whether it is still registered. Empty unless routes were removed.
    private var removedIDs: Set<RouteID> = []
    /// The routes of the registration in progress, before they join the log.
    private var adding: [Route<Target>] = []
    private var byOwner: [String: Set<RouteID>] = [:]
    private var shapes: ShapeIndex
    /// Live regex routes by source, oldest first: the first one wins.
    private var regexes: [String: [RouteID]] = [:]
    private var nextSequence = 0
    /// Conflicts listed per registration; past it they are counted.
    private let conflictCap: Int

    init(caseSensitive: Bool, conflictCap: Int) {
        shapes = ShapeIndex(caseSensitive: caseSensitive)
        self.conflictCap = max(0, conflictCap)
    }

    func ids(owner: String) -> [RouteID] {
        byOwner[owner].map { $0.sorted { $0.rawValue < $1.rawValue } } ?? []
    }

    /// Adds routes in order and returns each one's id and what it conflicts with.
    ///
    /// A conflict between two routes of the same call is listed under both.
    mutating func add(_ specs: [RouteSpec<Target>], _ definitions: [RouteDefinition]) -> [(id: RouteID, conflicts: RouteConflicts)] {
        let firstNew = nextSequence, cap = conflictCap
        var conflicts: [RouteID: RouteConflicts] = [:]
        let sideBySide = SideBySideChecks(firstOfCall: firstNew, count: specs.count)
        for (spec, definition) in zip(specs, definitions) {
            let route = Route(id: RouteID(rawValue: nextSequence), definition: definition, priority: spec.priority,
                              owner: spec.owner, target: spec.target)
            nextSequence += 1
            adding.append(route)
            if let owner = route.owner { byOwner[owner, default: []].insert(route.id) }
            sideBySide.startRoute()
            index(route, sideBySide) { involved, make in
                var made: RouteConflict?
                for id in involved where id.rawValue >= firstNew {
                    conflicts[id, default: RouteConflicts()].add(cap: cap) {
                        if made == nil { made = make() }
                        return made ?? make()
                    }
                }
            }
        }
        let added = adding
        adding = []
        log.append(added)
        return added.map { ($0.id, conflicts[$0.id] ?? RouteConflicts()) }
    }

    /// Removes the routes with these ids; ids not registered are skipped. Returns how many went.
    @discardableResult
    mutating func remove(_ ids: [RouteID]) -> Int {
        var removed: [RouteID] = []
        for id in ids {
            guard let route = route(id) else { continue }
            removedIDs.insert(id)
            removed.append(id)
            if let owner = route.owner {
                byOwner[owner]?.remove(id)
                if byOwner[owner]?.isEmpty == true { byOwner[owner] = nil }
            }
            switch route.definition {
            case .regex(let regex):
                regexes[regex.source]?.removeAll { $0 == id }
                if regexes[regex.source]?.isEmpty == true { regexes[regex.source] = nil }
            case .pattern(let pattern):
                for (variant, segments) in pattern.variants.enumerated() {
                    shapes.remove(segments, ShapeIndex.Entry(route: id, variant: variant))
                }
            }
        }
        if log.remove(removed) { removedIDs = [] }
        return removed.count
    }

    /// The registered route with `id`: in the registration in progress, or in the log.
    private func route(_ id: RouteID) -> Route<Target>? {
        Self.route(id, adding: adding, removedIDs: removedIDs, log: log)
    }

    /// Static, so a closure can take these three without the whole registry: a copy of the
    /// registry alive while its shape index is changed would make that change copy the index.
    private static func route(_ id: RouteID, adding: [Route<Target>], removedIDs: Set<RouteID>, log: RouteLog<Target>) -> Route<Target>? {
        if let first = adding.first, id.rawValue >= first.id.rawValue {
            let index = id.rawValue - first.id.rawValue
            return index < adding.count ? adding[index] : nil
        }
        return removedIDs.contains(id) ? nil : log.added(id)
    }

    // MARK: - Conflicts

    private typealias Report = (_ involved: [RouteID], _ make: () -> RouteConflict) -> Void

    /// Indexes `route` and reports each route it conflicts with.
    private mutating func index(_ route: Route<Target>, _ scratch: SideBySideChecks, report: Report) {
        switch route.definition {
        case .regex(let regex):
            if let first = regexes[regex.source]?.first, let winner = self.route(first) {
                report([route.id, first]) {
                    RouteConflict(kind: .duplicate, loser: regex.source, winner: winner.pattern, overlap: regex.source)
                }
            }
            regexes[regex.source, default: []].append(route.id)
        case .pattern:
            let variantOf = { [adding, removedIDs, log] (entry: ShapeIndex.Entry) -> [CompiledSegment]? in
                guard let stored = Self.route(entry.route, adding: adding, removedIDs: removedIDs, log: log) else { return nil }
                let variants = scratch.variants(of: stored)
                return variants.indices.contains(entry.variant) ? variants[entry.variant] : nil
            }
            for (variantIndex, variant) in scratch.variants(of: route).enumerated() {
                let key = shapes.key(variant)
                let new = Placed(entry: ShapeIndex.Entry(route: route.id, variant: variantIndex), route: route)
                for entry in shapes.sameShape(as: variant, key: key, excluding: route.id, variantOf: variantOf) {
                    guard let old = placed(entry), let (winner, loser) = ranked(new, old) else { continue }
                    report([route.id, entry.route]) { conflict(winner: winner, loser: loser) }
                }
                for position in variant.indices {
                    let newIsTyped = variant[position].isStringParameter
                    for entry in shapes.swapped(variant, key: key, at: position, excluding: route.id, variantOf: variantOf) {
                        guard let old = placed(entry) else { continue }
                        let (winner, loser) = newIsTyped ? (new, old) : (old, new)
                        guard winnerTakesLosersScheme(winner, loser) else { continue }
                        report([route.id, entry.route]) {
                            RouteConflict(kind: .shadowed, loser: loser.route.pattern, winner: winner.route.pattern, overlap: loser.route.pattern)
                        }
                    }
                }
                for entry in shapes.sideBySide(variant, excluding: route.id, limit: SideBySideChecks.comparisonsPerRoute, variantOf: variantOf) {
                    guard scratch.hasBudget else { break }
                    guard let old = placed(entry), let (winner, loser) = ranked(new, old),
                          let conflict = scratch.conflict(winner: winner.route, winner.entry.variant, loser: loser.route, loser.entry.variant)
                    else { continue }
                    report([route.id, entry.route]) { conflict }
                }
                shapes.insert(variant, key: key, new.entry)
            }
        }
    }

    /// A variant in the index and the route it belongs to.
    private struct Placed {
        let entry: ShapeIndex.Entry
        let route: Route<Target>
    }

    private func placed(_ entry: ShapeIndex.Entry) -> Placed? {
        route(entry.route).map { Placed(entry: entry, route: $0) }
    }

    private func scheme(of route: Route<Target>) -> String? {
        if case .pattern(let pattern) = route.definition { return pattern.scheme }
        return nil
    }

    private func order(of route: Route<Target>) -> RouteOrder {
        RouteOrder(priority: route.priority, hasScheme: scheme(of: route) != nil, sequence: route.sequence)
    }

    /// Which of two same-shaped variants wins, or `nil` when a scheme keeps them apart.
    private func ranked(_ new: Placed, _ old: Placed) -> (winner: Placed, loser: Placed)? {
        let (winner, loser) = order(of: old.route) < order(of: new.route) ? (old, new) : (new, old)
        guard winnerTakesLosersScheme(winner, loser) else { return nil }
        return (winner, loser)
    }

    /// Whether the winner matches wherever the loser would: a scheme-specific winner leaves
    /// the loser every other scheme. (A scheme is read from the pattern's text: once each.)
    private func winnerTakesLosersScheme(_ winner: Placed, _ loser: Placed) -> Bool {
        guard let winnerScheme = scheme(of: winner.route) else { return true }
        return winnerScheme == scheme(of: loser.route)
    }

    /// The conflict between two variants where `winner` always beats `loser`.
    private func conflict(winner: Placed, loser: Placed) -> RouteConflict {
        var overlap = loser.route.pattern
        if case .pattern(let pattern) = loser.route.definition, pattern.variants.count > 1 {
            overlap = pattern.variantDescription(loser.entry.variant)
        }
        return RouteConflict(
            kind: winner.route.priority == loser.route.priority ? .duplicate : .outranked,
            loser: loser.route.pattern,
            winner: winner.route.pattern,
            overlap: overlap)
    }
}
