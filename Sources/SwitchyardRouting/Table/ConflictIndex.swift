import SwitchyardPatterns

/// What the conflict checks read of a route: everything but its target.
@usableFromInline
struct RouteFacts {
    @usableFromInline let id: RouteID
    @usableFromInline let definition: RouteDefinition
    @usableFromInline let priority: Int

    @inlinable
    init<Target>(_ route: Route<Target>) {
        id = route.id
        definition = route.definition
        priority = route.priority
    }

    /// Registration order: ids are handed out in sequence.
    var sequence: Int { id.rawValue }
    var pattern: String { definition.description }
}

/// Finds the duplicated and shadowed routes a registration makes, through an index of route
/// shapes, in work proportional to the new route's own segments.
///
/// Not generic: the table's target plays no part in a conflict, so this is compiled once.
@usableFromInline
struct ConflictIndex {
    @usableFromInline typealias Lookup = (RouteID) -> RouteFacts?
    @usableFromInline typealias Report = (_ involved: [RouteID], _ make: () -> RouteConflict) -> Void

    private var shapes: ShapeIndex
    /// Live regex routes by source, oldest first: the first one wins.
    private var regexes: [String: [RouteID]] = [:]

    init(caseSensitive: Bool) {
        shapes = ShapeIndex(caseSensitive: caseSensitive)
    }

    /// Forgets a removed route.
    @usableFromInline
    mutating func remove(_ route: RouteFacts) {
        let id = route.id
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

    /// Indexes `route` and reports each route it conflicts with, reading other routes through `lookup`.
    @usableFromInline
    mutating func index(_ route: RouteFacts, _ scratch: SideBySideChecks, lookup: Lookup, report: Report) {
        func placed(_ entry: ShapeIndex.Entry) -> Placed? {
            lookup(entry.route).map { Placed(entry: entry, route: $0) }
        }
        func variantOf(_ entry: ShapeIndex.Entry) -> [CompiledSegment]? {
            guard let stored = lookup(entry.route) else { return nil }
            let variants = scratch.variants(of: stored)
            return variants.indices.contains(entry.variant) ? variants[entry.variant] : nil
        }
        switch route.definition {
        case .regex(let regex):
            if let first = regexes[regex.source]?.first, let winner = lookup(first) {
                report([route.id, first]) {
                    RouteConflict(kind: .duplicate, loser: regex.source, winner: winner.pattern, overlap: regex.source)
                }
            }
            regexes[regex.source, default: []].append(route.id)
        case .pattern:
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
        let route: RouteFacts
    }

    private func scheme(of route: RouteFacts) -> String? {
        if case .pattern(let pattern) = route.definition { return pattern.scheme }
        return nil
    }

    private func order(of route: RouteFacts) -> RouteOrder {
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
