import Atomics

/// A thread-safe table of routes: register and unregister from any thread, resolve without locks.
///
/// Every change builds a new immutable ``Snapshot`` and publishes it atomically, so a
/// resolve running at the same time sees either the old table or the new one, never a
/// mix, and never waits. Each change rebuilds the table (O(routes)), so register a
/// module's routes in one batch with ``register(_:)-([RouteSpec<Target>])``.
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
    private let writer: Locked<WriterState>

    private struct WriterState {
        var routes: [Route<Target>] = []
        var nextSequence = 0
    }

    public init(configuration: RouterConfiguration = RouterConfiguration()) {
        self.configuration = configuration
        self.published = ManagedAtomic(Snapshot.build(routes: [], configuration: configuration, reportingFrom: .max).snapshot)
        self.writer = Locked(WriterState())
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
        try publish(specs, replacingOwner: nil)
    }

    /// Replaces every route of `owner` with `specs` in one new table, so no open sees the
    /// routes half replaced (a server-driven manifest swapping its routes).
    ///
    /// All or nothing: if any pattern is invalid, the old routes stay.
    @discardableResult
    public func replaceAll(owner: String, with specs: [RouteSpec<Target>]) throws(PatternError) -> [RouteRegistration] {
        try publish(specs.map { spec in
            var owned = spec
            owned.owner = owner
            return owned
        }, replacingOwner: owner)
    }

    private func publish(_ specs: [RouteSpec<Target>], replacingOwner: String?) throws(PatternError) -> [RouteRegistration] {
        var definitions: [RouteDefinition] = []
        for spec in specs {
            definitions.append(spec.isRegex
                ? .regex(try RegexPattern(spec.pattern, limits: configuration.limits))
                : .pattern(try RoutePattern(spec.pattern, converters: configuration.converters, limits: configuration.limits)))
        }
        let (registrations, conflicts, firstNew) = writer.withLock { state in
            if let replacingOwner { state.routes.removeAll { $0.owner == replacingOwner } }
            let firstNew = state.routes.count
            var registrations: [RouteID] = []
            for (spec, definition) in zip(specs, definitions) {
                let id = RouteID(rawValue: state.nextSequence)
                state.routes.append(Route(id: id, definition: definition, priority: spec.priority,
                                          owner: spec.owner, target: spec.target, sequence: state.nextSequence))
                state.nextSequence += 1
                registrations.append(id)
            }
            let built = Snapshot.build(routes: state.routes, configuration: configuration, reportingFrom: firstNew)
            published.store(built.snapshot, ordering: .releasing)
            return (registrations, built.conflicts, firstNew)
        }
        if replacingOwner == nil {
            RegistrationJournal.current?.record { [weak self] in
                let ids = Set(registrations)
                _ = self?.unregister { ids.contains($0.id) }
            }
        }
        var logged: Set<RouteConflict> = []
        return zip(registrations, definitions).enumerated().map { offset, registration in
            let (id, definition) = registration
            let found = conflicts[firstNew + offset] ?? RouteConflicts()
            for conflict in found.listed where logged.insert(conflict).inserted {
                configuration.logger.warning("route conflict: \(conflict)")
            }
            if found.omitted > 0 {
                configuration.logger.warning("route conflict: \(found.omitted) more for \(DisplaySafe.text(definition.description)), not listed (InputLimits.conflictsPerRegistration)")
            }
            return RouteRegistration(id: id, pattern: definition.description, conflicts: found.listed, omittedConflicts: found.omitted)
        }
    }

    /// Removes a route; returns `false` if it was not registered.
    @discardableResult
    public func unregister(_ id: RouteID) -> Bool {
        unregister { $0.id == id } > 0
    }

    /// Removes every route registered with `owner`; returns how many were removed.
    @discardableResult
    public func unregisterAll(owner: String) -> Int {
        unregister { $0.owner == owner }
    }

    private func unregister(where shouldRemove: (Route<Target>) -> Bool) -> Int {
        writer.withLock { state in
            let before = state.routes.count
            state.routes.removeAll(where: shouldRemove)
            let removed = before - state.routes.count
            if removed > 0 {
                let built = Snapshot.build(routes: state.routes, configuration: configuration, reportingFrom: .max)
                published.store(built.snapshot, ordering: .releasing)
            }
            return removed
        }
    }

    /// Matches a URL without side effects; see ``Snapshot/resolve(_:source:nativeParameters:)``.
    public func resolve(_ url: String, source: RouteSource = .inApp, nativeParameters: [String: any Sendable] = [:]) throws(RoutingError) -> RouteMatch<Target> {
        try snapshot.resolve(url, source: source, nativeParameters: nativeParameters)
    }

    /// Whether `url` resolves to a route.
    public func canOpen(_ url: String) -> Bool {
        (try? snapshot.resolve(url)) != nil
    }

    /// Every registered route, in registration order.
    public var routes: [Route<Target>] { snapshot.routes }
}
