import Atomics
import SwitchyardServices
import SwitchyardSupport

/// Calls a module's actions by name, without importing or registering the module (CTMediator).
///
/// ```swift
/// let mediator = Mediator(configuration: MediatorConfiguration(modules: ["ProductFeature"]))
/// let page = try await mediator.perform(target: "ProductFeature.Product", action: "detail",
///                                       parameters: ["id": 42], as: Destination.self)
/// ```
///
/// A target is found, in order: registered under that name with ``register(_:as:)``; the
/// type `Module.Target_Name` (or `Module.Name`) for a qualified name; the same in each of
/// ``MediatorConfiguration/modules`` for a bare name. A missing action goes to the target's
/// not-found action, then to the fallback target's not-found action, then fails with an
/// error that lists the actions the target has. A module that is not linked fails cleanly.
public final class Mediator: Sendable {
    /// Where targets are looked up and which URLs may call them; fixed for the mediator's life.
    public let configuration: MediatorConfiguration

    struct State {
        var registered: [String: ResolvedTarget] = [:]
        /// Names already found in the runtime; only hits are kept, so a module loaded later is still found.
        var found: [String: ResolvedTarget] = [:]
        /// Cached target instances by type name, so two names for one type share it.
        var instances: [String: any MediatorTarget] = [:]
        var fallback: ResolvedTarget?
        /// Aliases a server-driven manifest added; the configuration's own win.
        var manifestAliases: [String: MediatorAlias] = [:]
        /// Targets of another language (Objective-C `Target_` classes), asked when no Swift target has the name.
        var foreignTargets: ForeignTargets?
    }

    /// Runs a call on a target the Swift runtime cannot see, or returns `nil` when there is none
    /// of that name; its error is the call's.
    package typealias ForeignTargets = @Sendable (MediatorCall) async -> Result<any Sendable, MediatorError>?

    let state = Locked(State())
    /// The services of the app whose mediator this is (``serve(_:)``): a target's `@Injected`
    /// resolves from them, whichever entry point ran it.
    let appServices = ManagedAtomicLazyReference<ServiceRegistry>()

    /// Creates a mediator with no registered targets and no fallback target.
    public init(configuration: MediatorConfiguration = MediatorConfiguration()) {
        self.configuration = configuration
    }

    // MARK: - Registration

    /// Registers `type` as the target `name`, ahead of any runtime lookup; replaces an earlier one.
    public func register<Target: MediatorTarget>(_ type: Target.Type, as name: String) {
        let resolved = Target.resolved()
        let replaced = state.withLock { state in
            state.instances[resolved.typeName] = nil
            return state.registered.updateValue(resolved, forKey: name)
        }
        RegistrationJournal.current?.record { [weak self] in self?.state.withLock { $0.registered[name] = replaced } }
        if replaced != nil { configuration.logger.notice("mediator target \"\(name)\" re-registered as \(resolved.typeName)") }
    }

    /// Sets the target whose not-found action receives calls that nothing else handles.
    public func setFallbackTarget<Target: MediatorTarget>(_ type: Target.Type) {
        let resolved = Target.resolved()
        let previous = state.withLock { state in
            defer { state.fallback = resolved }
            return state.fallback
        }
        RegistrationJournal.current?.record { [weak self] in self?.state.withLock { $0.fallback = previous } }
    }

    /// Replaces the aliases that came from a route manifest (``Router/install(_:mediator:actions:appVersion:login:userID:)``
    /// does this on every update); aliases in the configuration take precedence.
    public func replaceManifestAliases(_ aliases: [String: MediatorAlias]) {
        state.withLock { $0.manifestAliases = aliases }
    }

    /// The alias for a URL keyword: the configuration's, then the manifest's.
    func alias(_ keyword: String) -> MediatorAlias? {
        configuration.aliases[keyword] ?? state.withLock { $0.manifestAliases[keyword] }
    }

    /// Runs every target action of this mediator with `services` as ``SwitchyardServices/ServiceRegistry/current``:
    /// a target's `@Injected` finds the app's services whether the call came through
    /// `AppRouter.perform`, a typed wrapper on `Mediator`, a remote URL or Objective-C.
    /// `AppRouter` calls it with its own; a mediator serves one app's services, so a second
    /// registry is refused and logged.
    public func serve(_ services: ServiceRegistry) {
        let kept = appServices.storeIfNilThenLoad(services)
        guard kept !== services else { return }
        configuration.logger.error("mediator: it serves the services of another app already; a mediator serves one app's: make a Mediator for each AppRouter")
    }

    /// Asks `targets` for a call whose target no registered or linked Swift type answers,
    /// before the fallback target: how `SwitchyardObjC` adds Objective-C `Target_` classes.
    package func setForeignTargets(_ targets: ForeignTargets?) {
        state.withLock { $0.foreignTargets = targets }
    }

    /// Drops the cached instance of `target`; the next call makes a new one.
    public func evict(target: String) {
        guard let resolved = try? resolve(target, action: "") else { return }
        state.withLock { $0.instances[resolved.typeName] = nil }
    }

    /// Drops every cached target instance.
    public func evictAll() {
        state.withLock { $0.instances.removeAll() }
    }

    /// Whether `target` is cached now.
    public func isCached(target: String) -> Bool {
        guard let resolved = try? resolve(target, action: "") else { return false }
        return state.withLock { $0.instances[resolved.typeName] != nil }
    }

    // MARK: - Lookup

    /// The actions `target` declares, or `nil` when no such target is linked.
    public func actions(of target: String) -> [String]? {
        try? resolve(target, action: "").actionNames
    }

    /// Whether `target` exists and declares `action` (a not-found action does not count).
    public func canPerform(target: String, action: String) -> Bool {
        (try? resolve(target, action: action).actions[action]) != nil
    }

    /// Whether a URL may call `action` of `target`: it exists and is declared `remote: true`.
    /// What a manifest's native routes need (``ManifestValidator/knownTarget``).
    public func acceptsRemoteCall(target: String, action: String) -> Bool {
        (try? resolve(target, action: action).actions[action])?.isRemote == true
    }

    /// The target for `name`, from the registry, the cache of earlier lookups, or the runtime.
    func resolve(_ name: String, action: String) throws(MediatorError) -> ResolvedTarget {
        if let known = state.withLock({ $0.registered[name] ?? $0.found[name] }) { return known }
        let parts = try TargetLookup.components(of: name).get()
        var searched: [String] = []
        let candidates: [(module: Substring, path: [Substring])]
        if parts.count > 1 {
            candidates = [(parts[0], Array(parts.dropFirst()))]
        } else {
            candidates = configuration.modules.map { (Substring($0), parts) }
        }
        for (module, path) in candidates {
            guard let last = path.last else { continue }
            for typeName in [configuration.targetPrefix + last, String(last)] {
                let fullPath = path.dropLast() + [Substring(typeName)]
                searched.append(([module] + fullPath).joined(separator: "."))
                if let type = TargetLookup.find(module: module, path: Array(fullPath)) {
                    let resolved = type.resolved()
                    state.withLock { $0.found[name] = resolved }
                    return resolved
                }
            }
        }
        throw .targetNotFound(target: name, action: action, searched: searched)
    }
}
