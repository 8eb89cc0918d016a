import Atomics

extension RouteTable {
    /// One immutable version of the table; what readers resolve against.
    public final class Snapshot: AtomicReference, Sendable {
        /// Every route, in registration order.
        public let routes: [Route<Target>]
        @usableFromInline let matcher: RouteMatcher

        private init(routes: [Route<Target>], matcher: RouteMatcher) {
            self.routes = routes
            self.matcher = matcher
        }

        /// Builds the trie for `routes`, reporting conflicts for routes at index `reportingFrom` and later.
        static func build(routes: [Route<Target>], configuration: RouterConfiguration, reportingFrom: Int) -> (snapshot: Snapshot, conflicts: [RouteConflict]) {
            let builder = TrieBuilder(caseSensitive: configuration.caseSensitive)
            var conflicts: [RouteConflict] = []
            var regexRoutes: [RouteMatcher.RegexRoute] = []
            var firstRegex: [String: Int] = [:]
            for (index, route) in routes.enumerated() {
                switch route.definition {
                case .regex(let regex):
                    regexRoutes.append(RouteMatcher.RegexRoute(route: index, pattern: regex))
                    if let first = firstRegex[regex.source] {
                        if index >= reportingFrom {
                            conflicts.append(RouteConflict(kind: .duplicate, loser: regex.source, winner: routes[first].pattern, overlap: regex.source))
                        }
                    } else {
                        firstRegex[regex.source] = index
                    }
                case .pattern(let pattern):
                    let order = RouteOrder(priority: route.priority, hasScheme: pattern.scheme != nil, sequence: route.sequence)
                    for (variantIndex, variant) in pattern.variants.enumerated() {
                        let endpoint = TrieBuilder.Endpoint(
                            route: index,
                            names: variant.compactMap { $0.capturesValue ? ($0.parameterName ?? "") : nil },
                            ranks: variant.map(SegmentRank.init),
                            order: order,
                            scheme: pattern.scheme,
                            variant: variantIndex)
                        let existing = builder.insert(variant, endpoint: endpoint)
                        guard index >= reportingFrom else { continue }
                        var found = Self.conflicts(endpoint, existing, routes)
                        for (position, segment) in variant.enumerated() where segment.isPlainParameter || segment.isStringParameter {
                            let swapped = builder.endpointsSwappingParameterAndString(in: variant, at: position)
                            found += Self.shadowing(endpoint, swapped, newIsTyped: segment.isStringParameter, routes)
                        }
                        for conflict in found where !conflicts.contains(conflict) { conflicts.append(conflict) }
                    }
                }
            }
            let matcher = RouteMatcher(trie: FrozenTrie(builder), regexRoutes: regexRoutes, configuration: configuration)
            let snapshot = Snapshot(routes: routes, matcher: matcher)
            return (snapshot, conflicts)
        }

        /// Routes that differ only in a `<string:>` against a `:param` segment: the typed one always wins.
        private static func shadowing(_ new: TrieBuilder.Endpoint, _ swapped: [TrieBuilder.Endpoint], newIsTyped: Bool, _ routes: [Route<Target>]) -> [RouteConflict] {
            swapped.compactMap { old in
                guard old.route != new.route else { return nil }
                let (winner, loser) = newIsTyped ? (new, old) : (old, new)
                guard winner.scheme == nil || winner.scheme == loser.scheme else { return nil }
                return RouteConflict(kind: .shadowed, loser: routes[loser.route].pattern,
                                     winner: routes[winner.route].pattern, overlap: routes[loser.route].pattern)
            }
        }

        /// Pairs where one endpoint always beats the other for the same URLs.
        private static func conflicts(_ new: TrieBuilder.Endpoint, _ existing: [TrieBuilder.Endpoint], _ routes: [Route<Target>]) -> [RouteConflict] {
            existing.compactMap { old in
                guard old.route != new.route else { return nil }
                let (winner, loser) = old.order < new.order ? (old, new) : (new, old)
                // A scheme-specific winner leaves the loser every other scheme.
                guard winner.scheme == nil || winner.scheme == loser.scheme else { return nil }
                let loserRoute = routes[loser.route]
                var overlap = loserRoute.pattern
                if case .pattern(let pattern) = loserRoute.definition, pattern.variants.count > 1 {
                    overlap = pattern.variantDescription(loser.variant)
                }
                return RouteConflict(
                    kind: winner.order.priority == loser.order.priority ? .duplicate : .outranked,
                    loser: loserRoute.pattern,
                    winner: routes[winner.route].pattern,
                    overlap: overlap)
            }
        }

        /// The route for a bare path, without URL parsing, query or fragment: the fastest lookup.
        ///
        /// Only routes without a scheme take part. Returns `nil` when nothing matches.
        @inlinable
        public func lookup(_ path: String) -> RouteLookup<Target>? {
            guard let match = matcher.match(path: path) else { return nil }
            return RouteLookup(route: routes[match.route], parameters: match.parameters, remainder: match.remainder)
        }

        /// The registered pattern nearest to `path`; see ``NoMatch``.
        func nearestPattern(to path: String) -> String? {
            NearestPattern.find(path: path, patterns: routes.compactMap {
                if case .pattern(let pattern) = $0.definition { return pattern }
                return nil
            })
        }
    }
}

/// A path matched to a route: the route and the decoded values its segments bound.
public struct RouteLookup<Target: Sendable>: Sendable {
    public let route: Route<Target>
    public let parameters: RouteParameters
    /// The decoded segments a catch-all took; `nil` when the route has none.
    public let remainder: [String]?

    @usableFromInline
    init(route: Route<Target>, parameters: RouteParameters, remainder: [String]?) {
        self.route = route
        self.parameters = parameters
        self.remainder = remainder
    }
}
