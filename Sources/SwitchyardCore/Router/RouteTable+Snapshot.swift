import Atomics

extension RouteTable {
    /// One immutable version of the table; what readers resolve against.
    public final class Snapshot: AtomicReference, Sendable {
        /// Every route, in registration order.
        public let routes: [Route<Target>]
        let trie: FrozenTrie
        let regexRoutes: [Int]
        let configuration: RouterConfiguration

        private init(routes: [Route<Target>], trie: FrozenTrie, regexRoutes: [Int], configuration: RouterConfiguration) {
            self.routes = routes
            self.trie = trie
            self.regexRoutes = regexRoutes
            self.configuration = configuration
        }

        /// Builds the trie for `routes`, reporting conflicts for routes at index `reportingFrom` and later.
        static func build(routes: [Route<Target>], configuration: RouterConfiguration, reportingFrom: Int) -> (snapshot: Snapshot, conflicts: [RouteConflict]) {
            let builder = TrieBuilder(caseSensitive: configuration.caseSensitive)
            var conflicts: [RouteConflict] = []
            var regexRoutes: [Int] = []
            var firstRegex: [String: Int] = [:]
            for (index, route) in routes.enumerated() {
                switch route.definition {
                case .regex(let regex):
                    regexRoutes.append(index)
                    if let first = firstRegex[regex.source] {
                        if index >= reportingFrom {
                            conflicts.append(RouteConflict(kind: .duplicate, loser: regex.source, winner: routes[first].pattern, overlap: regex.source))
                        }
                    } else {
                        firstRegex[regex.source] = index
                    }
                case .pattern(let pattern):
                    let order = RouteOrder(priority: route.priority, hasScheme: pattern.scheme != nil, sequence: route.sequence)
                    for (variant, variantDescription) in zip(pattern.variants, pattern.variantDescriptions) {
                        let endpoint = TrieBuilder.Endpoint(
                            route: index,
                            names: variant.compactMap { $0.capturesValue ? ($0.parameterName ?? "") : nil },
                            ranks: variant.map(SegmentRank.init),
                            order: order,
                            scheme: pattern.scheme,
                            variant: variantDescription)
                        let existing = builder.insert(variant, endpoint: endpoint)
                        if index >= reportingFrom {
                            for conflict in Self.conflicts(endpoint, existing, routes) where !conflicts.contains(conflict) {
                                conflicts.append(conflict)
                            }
                        }
                    }
                }
            }
            let snapshot = Snapshot(routes: routes, trie: FrozenTrie(builder), regexRoutes: regexRoutes, configuration: configuration)
            return (snapshot, conflicts)
        }

        /// Pairs where one endpoint always beats the other for the same URLs.
        private static func conflicts(_ new: TrieBuilder.Endpoint, _ existing: [TrieBuilder.Endpoint], _ routes: [Route<Target>]) -> [RouteConflict] {
            existing.compactMap { old in
                guard old.route != new.route else { return nil }
                let (winner, loser) = old.order < new.order ? (old, new) : (new, old)
                // A scheme-specific winner leaves the loser every other scheme.
                guard winner.scheme == nil || winner.scheme == loser.scheme else { return nil }
                return RouteConflict(
                    kind: winner.order.priority == loser.order.priority ? .duplicate : .outranked,
                    loser: routes[loser.route].pattern,
                    winner: routes[winner.route].pattern,
                    overlap: loser.variant)
            }
        }

        /// The route for a bare path, without URL parsing, query or fragment: the fastest lookup.
        ///
        /// Only routes without a scheme take part. Returns `nil` when nothing matches.
        public func lookup(_ path: String) -> RouteLookup<Target>? {
            var text = path
            return text.withUTF8 { bytes in
                PathSegments.with(bytes, host: nil, path: 0..<bytes.count) { segments in
                    lookup(segments, scheme: nil)
                }
            }
        }

        func lookup(_ segments: PathSegments, scheme: String?) -> RouteLookup<Target>? {
            let hit = trie.search(segments, scheme: trie.schemeIndex(scheme))
            if hit >= 0 {
                let endpoint = trie.endpoints[Int(hit)]
                let captured = trie.captures(of: endpoint, in: segments)
                return RouteLookup(route: routes[Int(endpoint.route)], parameters: captured.parameters, remainder: captured.remainder)
            }
            guard !regexRoutes.isEmpty else { return nil }
            let path = segments.normalizedPath()
            for index in regexRoutes {
                guard case .regex(let regex) = routes[index].definition, let parameters = regex.match(path) else { continue }
                return RouteLookup(route: routes[index], parameters: parameters, remainder: nil)
            }
            return nil
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
}

extension FrozenTrie {
    /// Decodes the values an endpoint's non-literal segments bound.
    func captures(of endpoint: Endpoint, in segments: PathSegments) -> (parameters: RouteParameters, remainder: [String]?) {
        var parameters = RouteParameters(capacity: Int(endpoint.ranksCount))
        var remainder: [String]?
        var nameIndex = Int(endpoint.namesStart)
        for position in 0..<Int(endpoint.ranksCount) {
            switch ranks[Int(endpoint.ranksStart) + position] {
            case .literal:
                continue
            case .catchAll:
                let rest = (position..<max(position, segments.count)).map(segments.decoded)
                remainder = rest
                if !names[nameIndex].isEmpty { parameters.append(names[nameIndex], rest.joined(separator: "/")) }
            case .checked, .parameter:
                parameters.append(names[nameIndex], segments.decoded(position))
            }
            nameIndex += 1
        }
        return (parameters, remainder)
    }
}
