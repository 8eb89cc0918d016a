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
/// match.target                        // "product"
/// match.request.int("id")             // 42
/// ```
public final class RouteTable<Target: Sendable>: Sendable {
    public let configuration: RouterConfiguration
    private let published: ManagedAtomic<Snapshot>
    private let writer: Locked<RouteRegistry<Target>>
    /// How many versions readers have built into tries, for tests that count rebuilds.
    let builds = ManagedAtomic(0)

    /// Routes the current version holds, removed ones included until they are compacted away.
    var retainedRouteCount: Int { writer.withLock { $0.log.storedCount } }

    public init(configuration: RouterConfiguration = RouterConfiguration()) {
        self.configuration = configuration
        self.published = ManagedAtomic(Snapshot(log: RouteLog(), configuration: configuration, builds: builds))
        self.writer = Locked(RouteRegistry(caseSensitive: configuration.caseSensitive, conflictCap: configuration.limits.conflictsPerRegistration))
    }

    /// The table readers currently see. Hold it to run many lookups against one version.
    public var snapshot: Snapshot { published.load(ordering: .acquiring) }

    /// Registers a pattern route.
    ///
    /// - Returns: the registration, with any route this one duplicates or shadows.
    /// - Throws: ``PatternError`` for an invalid pattern; nothing is registered then.
    @discardableResult
    public func register(_ pattern: String, priority: Int = 0, owner: String? = nil, target: Target) throws(PatternError) -> RouteRegistration {
        try register([RouteSpec(pattern, priority: priority, owner: owner, target: target)])[0]
    }

    /// Registers a whole-path regular-expression route; see ``RegexPattern``.
    @discardableResult
    public func register(regex source: String, owner: String? = nil, target: Target) throws(PatternError) -> RouteRegistration {
        try register([.regex(source, owner: owner, target: target)])[0]
    }

    /// Registers several routes and publishes one new table.
    ///
    /// All or nothing: if any pattern is invalid, the error is thrown and none is registered.
    @discardableResult
    public func register(_ specs: [RouteSpec<Target>]) throws(PatternError) -> [RouteRegistration] {
        try add(specs, replacingOwner: nil)
    }

    /// Replaces every route of `owner` with `specs` in one new table, so no open sees the
    /// routes half replaced (a server-driven manifest swapping its routes).
    ///
    /// All or nothing: if any pattern is invalid, the old routes stay.
    @discardableResult
    public func replaceAll(owner: String, with specs: [RouteSpec<Target>]) throws(PatternError) -> [RouteRegistration] {
        try add(specs.map { spec in
            var owned = spec
            owned.owner = owner
            return owned
        }, replacingOwner: owner)
    }

    private func add(_ specs: [RouteSpec<Target>], replacingOwner: String?) throws(PatternError) -> [RouteRegistration] {
        var definitions: [RouteDefinition] = []
        for spec in specs {
            definitions.append(spec.isRegex
                ? .regex(try RegexPattern(spec.pattern, limits: configuration.limits))
                : .pattern(try RoutePattern(spec.pattern, converters: configuration.converters, limits: configuration.limits)))
        }
        let added = writer.withLock { registry in
            if let replacingOwner { registry.remove(registry.ids(owner: replacingOwner)) }
            let added = registry.add(specs, definitions)
            publish(registry)
            return added
        }
        if replacingOwner == nil {
            let ids = added.map(\.id)
            RegistrationJournal.current?.record { [weak self] in
                _ = self?.remove { _ in ids }
            }
        }
        var logged: Set<RouteConflict> = []
        return zip(added, definitions).map { registration, definition in
            let found = registration.conflicts
            for conflict in found.listed where logged.insert(conflict).inserted {
                configuration.logger.warning("route conflict: \(conflict)")
            }
            if found.omitted > 0 {
                configuration.logger.warning("route conflict: \(found.omitted) more for \(DisplaySafe.text(definition.description)), not listed (InputLimits.conflictsPerRegistration)")
            }
            return RouteRegistration(id: registration.id, pattern: definition.description, conflicts: found.listed, omittedConflicts: found.omitted)
        }
    }

    /// Publishes the registry's routes as the version readers see; called under the writer's lock.
    private func publish(_ registry: RouteRegistry<Target>) {
        published.store(Snapshot(log: registry.log, configuration: configuration, builds: builds), ordering: .releasing)
    }

    /// Removes a route; returns `false` if it was not registered.
    @discardableResult
    public func unregister(_ id: RouteID) -> Bool {
        remove { _ in [id] } > 0
    }

    /// Removes every route registered with `owner`; returns how many were removed.
    @discardableResult
    public func unregisterAll(owner: String) -> Int {
        remove { $0.ids(owner: owner) }
    }

    private func remove(_ ids: (RouteRegistry<Target>) -> [RouteID]) -> Int {
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
