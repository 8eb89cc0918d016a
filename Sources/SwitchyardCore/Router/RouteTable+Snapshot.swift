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
        ///
        /// Conflicts are collected per route, at most `limits.conflictsPerRegistration` each;
        /// past that they are only counted, so a batch of many same-shaped routes costs a
        /// count per pair, not a message per pair.
        static func build(routes: [Route<Target>], configuration: RouterConfiguration, reportingFrom: Int) -> (snapshot: Snapshot, conflicts: [Int: RouteConflicts]) {
            let builder = TrieBuilder(caseSensitive: configuration.caseSensitive, regexInputLimit: configuration.limits.regexInput)
            var conflicts: [Int: RouteConflicts] = [:]
            let cap = max(0, configuration.limits.conflictsPerRegistration)
            /// Files a conflict under each new route it involves; `make` runs only under the cap.
            func report(_ involved: [Int], _ make: () -> RouteConflict) {
                var made: RouteConflict?
                for route in involved where route >= reportingFrom {
                    conflicts[route, default: RouteConflicts()].add(cap: cap) {
                        if made == nil { made = make() }
                        return made ?? make()
                    }
                }
            }
            var regexRoutes: [RouteMatcher.RegexRoute] = []
            var firstRegex: [String: Int] = [:]
            for (index, route) in routes.enumerated() {
                switch route.definition {
                case .regex(let regex):
                    regexRoutes.append(RouteMatcher.RegexRoute(route: index, pattern: regex))
                    if let first = firstRegex[regex.source] {
                        report([index, first]) {
                            RouteConflict(kind: .duplicate, loser: regex.source, winner: routes[first].pattern, overlap: regex.source)
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
                        for old in existing where old.route != index {
                            guard let (winner, loser) = Self.ranked(endpoint, old) else { continue }
                            report([index, old.route]) { Self.conflict(winner: winner, loser: loser, routes) }
                        }
                        for (position, segment) in variant.enumerated() where segment.isPlainParameter || segment.isStringParameter {
                            let newIsTyped = segment.isStringParameter
                            for old in builder.endpointsSwappingParameterAndString(in: variant, at: position) where old.route != index {
                                let (winner, loser) = newIsTyped ? (endpoint, old) : (old, endpoint)
                                guard winner.scheme == nil || winner.scheme == loser.scheme else { continue }
                                report([index, old.route]) {
                                    RouteConflict(kind: .shadowed, loser: routes[loser.route].pattern,
                                                  winner: routes[winner.route].pattern, overlap: routes[loser.route].pattern)
                                }
                            }
                        }
                    }
                }
            }
            let matcher = RouteMatcher(trie: FrozenTrie(builder), regexRoutes: regexRoutes, configuration: configuration)
            let snapshot = Snapshot(routes: routes, matcher: matcher)
            return (snapshot, conflicts)
        }

        /// Which of two endpoints of the same shape wins, or `nil` when a scheme keeps them apart.
        private static func ranked(_ new: TrieBuilder.Endpoint, _ old: TrieBuilder.Endpoint) -> (winner: TrieBuilder.Endpoint, loser: TrieBuilder.Endpoint)? {
            let (winner, loser) = old.order < new.order ? (old, new) : (new, old)
            // A scheme-specific winner leaves the loser every other scheme.
            guard winner.scheme == nil || winner.scheme == loser.scheme else { return nil }
            return (winner, loser)
        }

        /// The conflict between two endpoints where `winner` always beats `loser`.
        private static func conflict(winner: TrieBuilder.Endpoint, loser: TrieBuilder.Endpoint, _ routes: [Route<Target>]) -> RouteConflict {
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

        /// The route for a bare path, without URL parsing, query or fragment: the fastest lookup.
        ///
        /// Only routes without a scheme take part. Returns `nil` when nothing matches.
        @inlinable
        public func lookup(_ path: String) -> RouteLookup<Target>? {
            guard let match = matcher.match(path: path) else { return nil }
            return RouteLookup(route: routes[match.route], parameters: match.parameters, remainder: match.remainder)
        }

        /// The route for a bare path whose URL had `scheme`: routes limited to another scheme do not take part.
        func lookup(_ path: String, scheme: String?) -> RouteLookup<Target>? {
            guard let match = matcher.match(path: path, scheme: scheme) else { return nil }
            return RouteLookup(route: routes[match.route], parameters: match.parameters, remainder: match.remainder)
        }

        /// The registered pattern nearest to `path`, within `budget` steps; see ``NoMatch``.
        func nearestPattern(to path: String, budget: Int) -> NearestPattern.Search {
            NearestPattern.find(path: path, patterns: routes.compactMap {
                if case .pattern(let pattern) = $0.definition { return pattern }
                return nil
            }, budget: budget)
        }
    }
}

/// The conflicts found for one route: the first few, and how many more.
struct RouteConflicts {
    private(set) var listed: [RouteConflict] = []
    private var seen: Set<RouteConflict> = []
    private(set) var omitted = 0

    mutating func add(cap: Int, _ make: () -> RouteConflict) {
        guard listed.count < cap else {
            omitted += 1
            return
        }
        let conflict = make()
        if seen.insert(conflict).inserted { listed.append(conflict) }
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
