import Atomics
import SwitchyardPatterns
import SwitchyardSupport

/// A thread-safe table of routes: register and unregister from any thread, resolve without locks.
///
/// Every change publishes a new immutable ``Snapshot`` atomically, so a resolve running at
/// the same time sees either the old table or the new one, never a mix, and never takes a
/// lock. A resolve that starts after `register` returned sees the new route.
///
/// A change costs work for its own routes only: registering N routes one at a time costs
/// about what one batch of N does. The trie lookups run on is built once per version, by the
/// first read after a run of changes, so the first resolve after registering pays for the
/// build (O(routes)); later ones do not. Conflicts (duplicated and shadowed routes) are found
/// through an index of route shapes, at registration, whatever the table holds.
///
/// ```swift
/// let table = RouteTable<String>()
/// try table.register("/product/:id", target: "product")
/// let match = try table.resolve("myapp://product/42?source=home")
/// let target = match.target           // "product"
/// let id = match.request.int("id")    // 42
/// ```
public final class RouteTable<Target: Sendable>: Sendable {
    // Registration is inlinable down to the registry, so the module that names `Target` (the
    // pipeline's `RouteTarget`, an app's own type) specializes it: unspecialized, a launch of
    // one-at-a-time `Router.page` calls spent a quarter of its time looking up generic metadata.
    /// How the table maps URLs to paths and matches them; fixed for the table's life.
    public let configuration: RouterConfiguration
    @usableFromInline let published: ManagedAtomic<Snapshot>
    /// ``configuration``, as every version shares it. The table keeps its own copy too: read
    /// through the box, each registration's access copied the whole configuration.
    @usableFromInline let sharedConfiguration: SharedConfiguration
    @usableFromInline let writer: Locked<RouteRegistry<Target>>
    /// How many versions readers have built into tries, for tests that count rebuilds.
    @usableFromInline let builds = ManagedAtomic(0)

    /// Routes the current version holds, removed ones included until they are compacted away.
    var retainedRouteCount: Int { writer.withLock { $0.log.storedCount } }

    /// Creates an empty table.
    public init(configuration: RouterConfiguration = RouterConfiguration()) {
        self.configuration = configuration
        let shared = SharedConfiguration(configuration)
        self.sharedConfiguration = shared
        self.published = ManagedAtomic(Snapshot(log: RouteLog(), shared: shared, builds: builds))
        self.writer = Locked(RouteRegistry(caseSensitive: configuration.caseSensitive, conflictCap: configuration.limits.conflictsPerRegistration))
    }

    /// The table readers currently see. Hold it to run many lookups against one version.
    public var snapshot: Snapshot { published.load(ordering: .acquiring) }

    /// Registers a pattern route.
    ///
    /// - Returns: the registration, with any route this one duplicates or shadows.
    /// - Throws: ``PatternError`` for an invalid pattern; nothing is registered then.
    @discardableResult
    @inlinable
    public func register(_ pattern: String, priority: Int = 0, owner: String? = nil, target: Target) throws(PatternError) -> RouteRegistration {
        try register([RouteSpec(pattern, priority: priority, owner: owner, target: target)])[0]
    }

    /// Registers a whole-path regular-expression route; see ``RegexPattern``.
    @discardableResult
    @inlinable
    public func register(regex source: String, owner: String? = nil, target: Target) throws(PatternError) -> RouteRegistration {
        try register([.regex(source, owner: owner, target: target)])[0]
    }

    /// Registers several routes and publishes one new table.
    ///
    /// All or nothing: if any pattern is invalid, the error is thrown and none is registered.
    @discardableResult
    @inlinable
    public func register(_ specs: [RouteSpec<Target>]) throws(PatternError) -> [RouteRegistration] {
        try add(specs, replacingOwner: nil)
    }

    /// Replaces every route of `owner` with `specs` in one new table, so no open sees the
    /// routes half replaced (a server-driven manifest swapping its routes).
    ///
    /// All or nothing: if any pattern is invalid, the old routes stay.
    @discardableResult
    @inlinable
    public func replaceAll(owner: String, with specs: [RouteSpec<Target>]) throws(PatternError) -> [RouteRegistration] {
        try add(specs.map { spec in
            var owned = spec
            owned.owner = owner
            return owned
        }, replacingOwner: owner)
    }

    @inlinable
    func add(_ specs: [RouteSpec<Target>], replacingOwner: String?) throws(PatternError) -> [RouteRegistration] {
        var definitions: [RouteDefinition] = []
        definitions.reserveCapacity(specs.count)
        // The variants a parse gives go to the conflict checks, which expand every new route.
        let parsed = ParsedVariants(count: specs.count)
        for spec in specs {
            definitions.append(try parsed.parse(spec.pattern, isRegex: spec.isRegex, configuration: configuration))
        }
        let added = writer.withLock { registry in
            if let replacingOwner { registry.remove(registry.ids(owner: replacingOwner)) }
            let added = registry.add(specs, definitions, parsed: parsed)
            publish(registry)
            return added
        }
        if replacingOwner == nil { journal(added.map(\.id)) }
        return RouteRegistration.reporting(added, definitions, logger: configuration.logger)
    }

    /// Lets a module's failed start take back what it registered; see `RegistrationJournal`.
    @usableFromInline
    func journal(_ ids: [RouteID]) {
        RegistrationJournal.current?.record { [weak self] in
            _ = self?.remove { _ in ids }
        }
    }

    @inlinable
    func publish(_ registry: RouteRegistry<Target>) {
        published.store(Snapshot(log: registry.log, shared: sharedConfiguration, builds: builds), ordering: .releasing)
    }

    /// Removes a route; returns `false` if it was not registered.
    @discardableResult
    @inlinable
    public func unregister(_ id: RouteID) -> Bool {
        remove { _ in [id] } > 0
    }

    /// Removes every route registered with `owner`; returns how many were removed.
    @discardableResult
    @inlinable
    public func unregisterAll(owner: String) -> Int {
        remove { $0.ids(owner: owner) }
    }

    @inlinable
    func remove(_ ids: (RouteRegistry<Target>) -> [RouteID]) -> Int {
        writer.withLock { registry in
            let removed = registry.remove(ids(registry))
            if removed > 0 { publish(registry) }
            return removed
        }
    }

    /// Matches a URL without side effects; see ``Snapshot/resolve(_:source:nativeParameters:)``.
    public func resolve(_ url: String, source: RouteSource = .inApp, nativeParameters: [String: any Sendable] = [:]) throws(RoutingError) -> RouteMatch<Target> {
        try snapshot.resolve(url, source: source, nativeParameters: nativeParameters)
    }

    /// Matches a URL passing over the routes `declined` holds; see ``Snapshot/resolve(_:source:nativeParameters:declined:)``.
    package func resolve(
        _ url: String, source: RouteSource = .inApp, nativeParameters: [String: any Sendable] = [:], declined: DeclinedRoutes
    ) throws(RoutingError) -> RouteMatch<Target> {
        try snapshot.resolve(url, source: source, nativeParameters: nativeParameters, declined: declined)
    }

    /// Builds the lookup structure of the current version now, so the first resolve after a
    /// run of registrations does not pay for it: call it off the main thread once modules
    /// have registered at launch.
    public func prepare() {
        _ = snapshot.built
    }

    /// Whether `url` resolves to a route.
    public func canOpen(_ url: String) -> Bool {
        (try? snapshot.resolve(url)) != nil
    }

    /// Every registered route, in registration order.
    public var routes: [Route<Target>] { snapshot.routes }
}
