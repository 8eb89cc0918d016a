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
/// Two steps per registration call: ``add(_:_:lookup:)`` puts each new route in the index,
/// then ``conflicts(of:cap:_:lookup:)`` finds each one's conflicts among every route indexed,
/// the call's own included. Routes of one shape and scheme all conflict with one another, so
/// past the first `cap`, which are listed, they are counted without being looked at: a call
/// of 20,000 copies of one route costs what 20,000 different routes do.
///
/// Not generic: the table's target plays no part in a conflict, so this is compiled once.
@usableFromInline
struct ConflictIndex {
    @usableFromInline typealias Lookup = (RouteID) -> RouteFacts?

    /// The most routes one variant is compared with where a conflict depends on more than the
    /// shape (routes of another scheme, or of none, which conflict by priority; checks tried
    /// side by side): past it, conflicts there are not looked for.
    static let comparedPerLookup = 256

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
            let scheme = pattern.scheme
            for (variant, segments) in pattern.variants.enumerated() {
                shapes.remove(segments, scheme: scheme, ShapeIndex.Entry(route: id, variant: variant))
            }
        }
    }

    /// Puts `route` in the index, reading other routes through `lookup`.
    @usableFromInline
    mutating func add(_ route: RouteFacts, _ scratch: SideBySideChecks, lookup: @escaping Lookup) {
        switch route.definition {
        case .regex(let regex):
            regexes[regex.source, default: []].append(route.id)
        case .pattern(let pattern):
            let scheme = pattern.scheme
            let describe = Self.describe(scratch, lookup)
            for (variantIndex, variant) in scratch.variants(of: route).enumerated() {
                shapes.insert(variant, scheme: scheme, ShapeIndex.Entry(route: route.id, variant: variantIndex), describe: describe)
            }
        }
    }

    /// The conflicts of `route`, which is in the index, with every other route in it: the
    /// first `cap` listed, the rest counted.
    @usableFromInline
    func conflicts(of route: RouteFacts, cap: Int, _ scratch: SideBySideChecks, lookup: @escaping Lookup) -> RouteConflicts {
        var found = RouteConflicts()
        switch route.definition {
        case .regex(let regex):
            // The oldest of one source wins; every later one duplicates it.
            guard let ids = regexes[regex.source], let first = ids.first, ids.count > 1 else { break }
            if first != route.id {
                guard let winner = lookup(first) else { break }
                found.add(cap: cap) { RouteConflict(kind: .duplicate, loser: regex.source, winner: winner.pattern, overlap: regex.source) }
            } else {
                found.add(cap: cap) { RouteConflict(kind: .duplicate, loser: regex.source, winner: regex.source, overlap: regex.source) }
            }
        case .pattern:
            let search = Search(shapes: shapes, scratch: scratch, lookup: lookup, cap: cap)
            for (variantIndex, variant) in scratch.variants(of: route).enumerated() {
                let new = Placed(entry: ShapeIndex.Entry(route: route.id, variant: variantIndex), route: route)
                conflicts(of: new, variant, scheme: scheme(of: route), search, into: &found)
            }
        }
        return found
    }

    private func conflicts(of new: Placed, _ variant: [CompiledSegment], scheme: String?, _ search: Search, into found: inout RouteConflicts) {
        let ranked = { (old: Placed) in self.ranked(new, old).map { conflict(winner: $0.winner, loser: $0.loser, search.scratch) } }
        // Same shape, same scheme (or both none): every pair conflicts, one always winning;
        // and `:param` against `<string:>` at one position, where the typed one always wins.
        let shape = shapes.shape(variant, scheme: scheme), anyShape = shape.withoutScheme
        let sameScheme = shape.key(in: .shape) ?? 0
        search.every(.shape, sameScheme, new, &found, make: ranked)
        for position in variant.indices {
            guard let swapped = shapes.swappedKey(sameScheme, variant, at: position) else { continue }
            let newIsTyped = variant[position].isStringParameter
            search.every(.shape, swapped, new, &found) { old in shadowed(newIsTyped ? (new, old) : (old, new)) }
        }
        // Across schemes: a route of no scheme takes a scheme route's URLs where it wins. A
        // route of no scheme looks for scheme routes of its shape (kept by shape alone); a
        // scheme route for routes of no scheme (whose key is the shape alone).
        let anyScheme = anyShape.key(in: .shape) ?? 0
        let across: ShapeIndex.Part = scheme == nil ? .schemedShape : .shape
        // Most tables have no scheme routes: nothing to look for across.
        if shapes.hasEntries(in: across) { search.some(across, anyScheme, new, &found, make: ranked) }
        for position in variant.indices where shapes.hasEntries(in: across) {
            guard let swapped = shapes.swappedKey(anyScheme, variant, at: position) else { continue }
            // The typed segment is tried first: it takes the other's URLs when its route has no scheme.
            let newIsTyped = variant[position].isStringParameter
            guard newIsTyped == (scheme == nil) else { continue }
            search.every(across, swapped, new, &found) { old in shadowed(newIsTyped ? (new, old) : (old, new)) }
        }
        // Checks tried side by side, in this scheme and across, within one budget of comparisons.
        var compared = 0
        let sideBySide = { (old: Placed) -> RouteConflict? in
            guard search.scratch.hasBudget, let stored = search.scratch.variants(of: old.route).element(at: old.entry.variant),
                  shapes.checksDiffer(variant, stored), let (winner, loser) = self.ranked(new, old) else { return nil }
            return search.scratch.conflict(winner: winner.route, winner.entry.variant, loser: loser.route, loser.entry.variant)
        }
        if let key = shape.key(in: .checked) {
            search.some(.checked, key, new, &found, compared: &compared, make: sideBySide)
        }
        if let key = anyShape.key(in: .checked) {
            search.some(scheme == nil ? .schemedChecked : .checked, key, new, &found, compared: &compared, make: sideBySide)
        }
    }

    /// What one route's search reads, and how it walks the routes of one key.
    private struct Search {
        let shapes: ShapeIndex
        let scratch: SideBySideChecks
        let lookup: Lookup
        let cap: Int
        let describe: ShapeIndex.Describe

        init(shapes: ShapeIndex, scratch: SideBySideChecks, lookup: @escaping Lookup, cap: Int) {
            (self.shapes, self.scratch, self.lookup, self.cap) = (shapes, scratch, lookup, cap)
            describe = ConflictIndex.describe(scratch, lookup)
        }

        /// Lists the conflicts with the first `cap` routes under `key`, then counts the rest,
        /// which all conflict as the ones looked at do (same shape, same scheme). Routes whose
        /// conflicts read alike (`/x/:id` registered twice) are listed once.
        func every(_ part: ShapeIndex.Part, _ key: UInt64, _ new: Placed, _ found: inout RouteConflicts, make: (Placed) -> RouteConflict?) {
            let entries = shapes.entries(key, in: part, skipping: new.entry.route, describe: describe)
            var next = 0, looked = 0
            while next < entries.count, looked < cap, found.listed.count < cap {
                let entry = entries[next]
                next += 1
                guard entry.route != new.entry.route else { continue }
                looked += 1
                scratch.lookedAt += 1
                guard let old = lookup(entry.route), let conflict = make(Placed(entry: entry, route: old)) else { continue }
                found.add(cap: cap) { conflict }
            }
            let rest = entries[next...]
            found.omit(rest.count - Self.count(of: new.entry.route, in: rest))
        }

        /// Looks at the first ``ConflictIndex/comparedPerLookup`` routes under `key` (less
        /// those `compared` already), for conflicts that depend on each pair.
        func some(_ part: ShapeIndex.Part, _ key: UInt64, _ new: Placed, _ found: inout RouteConflicts, make: (Placed) -> RouteConflict?) {
            var compared = 0
            some(part, key, new, &found, compared: &compared, make: make)
        }

        func some(
            _ part: ShapeIndex.Part, _ key: UInt64, _ new: Placed, _ found: inout RouteConflicts, compared: inout Int, make: (Placed) -> RouteConflict?
        ) {
            for entry in shapes.entries(key, in: part, skipping: new.entry.route, describe: describe) where entry.route != new.entry.route {
                guard compared < ConflictIndex.comparedPerLookup else { return }
                compared += 1
                scratch.lookedAt += 1
                guard let old = lookup(entry.route), let conflict = make(Placed(entry: entry, route: old)) else { continue }
                found.add(cap: cap) { conflict }
            }
        }

        /// How many of the sorted `entries` are variants of `route`.
        static func count(of route: RouteID, in entries: ArraySlice<ShapeIndex.Entry>) -> Int {
            func firstIndex(notBelow bits: UInt64) -> Int {
                var (low, high) = (entries.startIndex, entries.endIndex)
                while low < high {
                    let middle = (low + high) / 2
                    if entries[middle].bits < bits { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let first = ShapeIndex.Entry(route: route, variant: 0).bits
            return firstIndex(notBelow: first + 0x400) - firstIndex(notBelow: first)
        }
    }

    /// How the shape index reads a stored entry: the variant, through the call's cache, and
    /// its route's scheme.
    private static func describe(_ scratch: SideBySideChecks, _ lookup: @escaping Lookup) -> ShapeIndex.Describe {
        { entry in
            guard let facts = lookup(entry.route), case .pattern(let pattern) = facts.definition,
                  let variant = scratch.variants(of: facts).element(at: entry.variant) else { return nil }
            return (variant, pattern.scheme)
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

    /// The conflict where `pair.winner`'s `<string:>` segment is tried before `pair.loser`'s
    /// `:param` and takes every value, or `nil` when a scheme keeps them apart.
    private func shadowed(_ pair: (winner: Placed, loser: Placed)) -> RouteConflict? {
        guard winnerTakesLosersScheme(pair.winner, pair.loser) else { return nil }
        return RouteConflict(kind: .shadowed, loser: pair.loser.route.pattern, winner: pair.winner.route.pattern, overlap: pair.loser.route.pattern)
    }

    /// Whether the winner matches wherever the loser would: a scheme-specific winner leaves
    /// the loser every other scheme. (A scheme is read from the pattern's text: once each.)
    private func winnerTakesLosersScheme(_ winner: Placed, _ loser: Placed) -> Bool {
        guard let winnerScheme = scheme(of: winner.route) else { return true }
        return winnerScheme == scheme(of: loser.route)
    }

    /// The conflict between two variants where `winner` always beats `loser`.
    private func conflict(winner: Placed, loser: Placed, _ scratch: SideBySideChecks) -> RouteConflict {
        var overlap = loser.route.pattern
        if case .pattern(let pattern) = loser.route.definition, scratch.variants(of: loser.route).count > 1 {
            overlap = pattern.variantDescription(loser.entry.variant)
        }
        return RouteConflict(
            kind: winner.route.priority == loser.route.priority ? .duplicate : .outranked,
            loser: loser.route.pattern,
            winner: winner.route.pattern,
            overlap: overlap)
    }
}

private extension Array {
    func element(at index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
