import Atomics

/// A table's ``RouterConfiguration``, held once for all its versions.
@usableFromInline
final class SharedConfiguration: Sendable {
    @usableFromInline let value: RouterConfiguration
    init(_ value: RouterConfiguration) { self.value = value }
}

extension RouteTable {
    /// One immutable version of the table; what readers resolve against.
    ///
    /// A version is published by every change but built into a trie only when first read:
    /// the first lookup after a run of single registrations builds once, for all of them.
    /// Two readers racing to build the same version may both do the work; one result is kept.
    public final class Snapshot: AtomicReference, Sendable {
        /// The routes and the trie built from them, made by the first read of the version.
        @usableFromInline
        final class Built: Sendable {
            @usableFromInline let routes: [Route<Target>]
            @usableFromInline let matcher: RouteMatcher

            init(routes: [Route<Target>], matcher: RouteMatcher) {
                self.routes = routes
                self.matcher = matcher
            }

            // Inlinable so a caller's module specializes it: unspecialized, each lookup paid
            // for instantiating `Route<Target>`'s and `RouteLookup<Target>`'s metadata.
            @inlinable
            func lookup(_ match: RouteMatcher.PathMatch) -> RouteLookup<Target> {
                RouteLookup(route: route(match), parameters: match.parameters, remainder: match.remainder)
            }

            /// The route `match` found: through the trie's pointer to it when it has one, which
            /// `routes` keeps alive for as long as `self` is.
            @inlinable @inline(__always)
            func route(_ match: RouteMatcher.PathMatch) -> Route<Target> {
                guard match.route < 0, let object = UnsafeRawPointer(bitPattern: ~match.route) else { return routes[match.route] }
                return Unmanaged<Route<Target>>.fromOpaque(object).takeUnretainedValue()
            }
        }

        @usableFromInline let log: RouteLog<Target>
        /// The table's configuration, shared by every version: a version is published per
        /// registration, and copying the configuration retained and released each of its sets,
        /// dictionaries and logger.
        @usableFromInline let shared: SharedConfiguration
        @usableFromInline let builds: ManagedAtomic<Int>

        /// How the table maps URLs to paths and matches them.
        @inlinable var configuration: RouterConfiguration { shared.value }
        /// The built form once made, retained by the snapshot until it goes: its address, or 0.
        /// Kept unmanaged so a lookup borrows it: a lazy reference's `load()` hands out a strong
        /// reference, a retain and a release on every lookup for an object that lives as long as
        /// the snapshot. An `Int`, not an `Unmanaged<Built>?`: a version is made per registration,
        /// and making the atomic of a generic type looked up four types' metadata at run time,
        /// about 1,900 instructions of a route registered one at a time.
        @usableFromInline let builtStorage = ManagedAtomic<Int>(0)

        @inlinable
        init(log: RouteLog<Target>, shared: SharedConfiguration, builds: ManagedAtomic<Int>) {
            self.log = log
            self.shared = shared
            self.builds = builds
        }

        deinit {
            // As `AnyObject`: a version replaced before anyone read it is never built, and asking
            // for `Built`'s metadata to say so cost about 330 instructions a registration.
            guard let address = UnsafeRawPointer(bitPattern: builtStorage.load(ordering: .acquiring)) else { return }
            Unmanaged<AnyObject>.fromOpaque(address).release()
        }

        /// The built form whose address ``builtStorage`` holds.
        @inlinable @inline(__always)
        static func unmanaged(_ address: Int) -> Unmanaged<Built>? {
            // No `Optional.map`: generic code left unspecialized, which a resolve is, called it
            // through its metadata on every read.
            guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
            return Unmanaged<Built>.fromOpaque(pointer)
        }

        /// The built form of this version, building it on first use.
        @inlinable
        var built: Built {
            withBuilt { $0 }
        }

        /// Calls `body` with the built form, building it on first use, without retaining it:
        /// the snapshot holds it for as long as `self` is alive, which outlasts the call.
        @inlinable @inline(__always)
        func withBuilt<Result>(_ body: (Built) -> Result) -> Result {
            (Self.unmanaged(builtStorage.load(ordering: .acquiring)) ?? build())._withUnsafeGuaranteedRef(body)
        }

        @usableFromInline
        func build() -> Unmanaged<Built> {
            let routes = log.live()
            var builder = TrieBuilder(caseSensitive: configuration.caseSensitive, regexInputLimit: configuration.limits.regexInput,
                                      routes: routes.count)
            var regexRoutes: [RouteMatcher.RegexRoute] = []
            // The last registration call expanded its routes' variants already: reused, not read
            // back from the text a second time.
            let pending = log.pending.take()
            // By index, not `enumerated()`: unspecialized, each step of that looked up the
            // metadata of an optional tuple of a route, about 300 instructions a route.
            for index in routes.indices {
                let route = routes[index]
                switch route.definition {
                case .regex(let regex):
                    regexRoutes.append(RouteMatcher.RegexRoute(route: index, pattern: regex))
                case .pattern(let pattern):
                    let scheme = pattern.scheme // read from the text: once per route, not per variant
                    let order = RouteOrder(priority: route.priority, hasScheme: scheme != nil, sequence: route.sequence)
                    for variant in pending?.variants(of: route.id) ?? pattern.variants {
                        builder.insert(variant, endpoint: TrieBuilder.Endpoint(
                            route: index,
                            names: variant.compactMap { $0.capturesValue ? ($0.parameterName ?? "") : nil },
                            ranks: variant.map(SegmentRank.init),
                            order: order,
                            scheme: scheme))
                    }
                }
            }
            let objects = routes.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
            let matcher = RouteMatcher(trie: FrozenTrie(builder, routeObjects: objects), regexRoutes: regexRoutes, configuration: configuration)
            builds.wrappingIncrement(ordering: .relaxed)
            let made = Unmanaged.passRetained(Built(routes: routes, matcher: matcher))
            let address = Int(bitPattern: made.toOpaque())
            let (stored, current) = builtStorage.compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing)
            guard !stored, let current = Self.unmanaged(current) else { return made }
            // Another reader built this version first: theirs is kept, so every reader sees one.
            made.release()
            return current
        }

        /// Every route, in registration order.
        public var routes: [Route<Target>] { built.routes }

        /// This version with only the routes `keep` accepts: the same route objects (ids,
        /// targets, priorities, registration order), so they win among themselves as they do
        /// here, and ids read from one name the same route in the other. Built on first read.
        package func subset(_ keep: (Route<Target>) -> Bool) -> Snapshot {
            Snapshot(log: RouteLog(routes.filter(keep)), shared: shared, builds: ManagedAtomic(0))
        }

        @usableFromInline var matcher: RouteMatcher { built.matcher }

        /// The route for a bare path, without URL parsing, query or fragment: the fastest lookup.
        ///
        /// Only routes without a scheme take part. Returns `nil` when nothing matches.
        @inlinable
        public func lookup(_ path: String) -> RouteLookup<Target>? {
            withBuilt { built in
                guard let match = built.matcher.match(path: path) else { return nil }
                return built.lookup(match)
            }
        }

        /// The route for a bare path whose URL had `scheme`: routes limited to another scheme do not take part.
        func lookup(_ path: String, scheme: String?) -> RouteLookup<Target>? {
            withBuilt { built in
                guard let match = built.matcher.match(path: path, scheme: scheme) else { return nil }
                return built.lookup(match)
            }
        }

        /// The registered pattern nearest to `path`, within `budget` steps; see ``NoMatch``.
        /// The registered pattern `path` was most likely meant for, among those a URL of
        /// `scheme` can reach: a `myapp://` link is never told to try an `http://` route.
        func nearestPattern(to path: String, scheme: String?, budget: Int) -> NearestPattern.Search {
            let namespace = scheme.flatMap { configuration.schemeNamespaces[$0] }
            return NearestPattern.find(path: path, patterns: routes.compactMap { route in
                guard case .pattern(let pattern) = route.definition else { return nil }
                switch (pattern.scheme, namespace) {
                case (nil, nil): return pattern
                case (nil, let fallsBack?): return fallsBack ? pattern : nil
                case (let own?, _): return own == scheme ? pattern : nil
                }
            }, budget: budget)
        }
    }
}

/// The conflicts found for one route: the first few, and how many more.
@usableFromInline struct RouteConflicts {
    private(set) var listed: [RouteConflict] = []
    private var seen: Set<RouteConflict> = []
    private(set) var omitted = 0

    @usableFromInline
    init() {}

    /// Counts `count` more conflicts, not listed.
    mutating func omit(_ count: Int) {
        omitted += count
    }

    @usableFromInline
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
    /// The route that matched.
    public let route: Route<Target>
    /// The values the route's segments bound, percent-decoded.
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
