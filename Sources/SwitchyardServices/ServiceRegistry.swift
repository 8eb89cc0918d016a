import Atomics
import Foundation
import Logging
import SwitchyardSupport

/// Maps service protocols to implementations: how modules call each other through types.
///
/// ```swift
/// try services.register(Analytics.self) { _ in ConsoleAnalytics() }                 // one shared instance
/// try services.register(ImageLoader.self, scope: .transient) { _ in ImageLoader() }
/// try services.register(Payments.self, name: "sandbox", instance: SandboxPayments())
/// let analytics = try services.require(Analytics.self)
/// ```
///
/// Lookups take no lock: the table is an immutable snapshot published atomically, and a
/// shared instance is read from an atomic reference once made. Registering again under the
/// same type and name replaces the earlier registration and logs it: that is how a host
/// app overrides a module's default.
public final class ServiceRegistry: Sendable {
    /// A registry for the whole process, opt-in: what ``Injected`` reads when it is given no
    /// registry and runs outside any app's code (``current`` is `nil`).
    ///
    /// An `AppRouter` keeps its services in a registry of its own, so that two apps in one
    /// process (two tests, an app and its extension's host) share nothing; make it with
    /// `services: .shared` to use this one instead.
    public static let shared = ServiceRegistry()

    /// The registry of the app whose code is running: an `AppRouter` sets it while its modules
    /// register, load and handle events, and while its mediator actions run, so that
    /// `@Injected` in what they make reads that app's services. `nil` elsewhere.
    @TaskLocal public static var current: ServiceRegistry?

    final class Table: AtomicReference, Sendable {
        let entries: [ServiceKey: AnyServiceEntry]
        init(_ entries: [ServiceKey: AnyServiceEntry]) { self.entries = entries }
    }

    let published = ManagedAtomic(Table([:]))
    private let writer = Locked((frozen: false, entries: [ServiceKey: AnyServiceEntry]()))
    /// Serialises making shared and weak instances; recursive so that a factory can resolve
    /// its dependencies. Never taken by a lookup of an instance that already exists.
    private let creation = NSRecursiveLock()
    package let logger: Logger
    /// The services whose `@Injected` read came back `nil`, logged once each (at most
    /// ``reportedMissLimit``: past it, no more are logged).
    private let reportedMisses = Locked(Set<String>())
    static let reportedMissLimit = 256

    /// Creates an empty registry.
    ///
    /// - Parameter logger: Where re-registrations and failed lookups through ``resolve(_:name:)`` are logged.
    public init(logger: Logger = Logger(label: "switchyard.services")) {
        self.logger = logger
    }

    /// Logs, the first time for `service`, that an `@Injected` read of it came back `nil`, and why.
    package func reportMiss(_ service: String, _ error: ServiceError) {
        let first = reportedMisses.withLock { reported in
            guard reported.count < Self.reportedMissLimit else { return false }
            return reported.insert(service).inserted
        }
        guard first else { return }
        var advice = ""
        if case .notRegistered = error {
            advice = "; register it (services.register) before anything reads it, or inject it with @Injected(from:) the registry that has it"
        }
        logger.warning("@Injected \(service) reads nil: \(error)\(advice)")
    }

    // MARK: - Registration

    /// Registers a factory for `type` (and `name`), replacing an earlier registration.
    ///
    /// The factory runs lazily, on first lookup for `.shared`; it receives a resolver for
    /// its own dependencies. - Throws: ``ServiceError/frozen(service:)`` after ``freeze()``.
    public func register<Service: Sendable>(
        _ type: Service.Type, name: String? = nil, scope: ServiceScope = .shared,
        factory: @escaping @Sendable (ServiceResolver) throws -> Service
    ) throws(ServiceError) {
        let key = ServiceKey(type, name: name)
        try publish(ServiceEntry(key: key, label: serviceLabel(type, name: name), scope: scope, factory: factory))
    }

    /// Registers an instance that exists already, shared by every lookup.
    public func register<Service: Sendable>(_ type: Service.Type, name: String? = nil, instance: Service) throws(ServiceError) {
        let key = ServiceKey(type, name: name)
        try publish(ServiceEntry(key: key, label: serviceLabel(type, name: name), instance: instance))
    }

    /// Refuses registrations from now on; lookups are unaffected.
    public func freeze() {
        writer.withLock { $0.frozen = true }
    }

    /// Whether ``freeze()`` has been called, so that registrations now throw.
    public var isFrozen: Bool { writer.withLock { $0.frozen } }

    /// Publishes `entry`; with `unlessTaken`, only when that test of the current entries, made
    /// under the same lock, says the place is free (`false` is returned otherwise).
    @discardableResult
    func publish(_ entry: AnyServiceEntry, unlessTaken taken: (([ServiceKey: AnyServiceEntry]) -> Bool)? = nil) throws(ServiceError) -> Bool {
        let outcome: (frozen: Bool, replaced: AnyServiceEntry?, taken: Bool) = writer.withLock { state in
            guard !state.frozen else { return (true, nil, false) }
            if let taken, taken(state.entries) { return (false, nil, true) }
            let replaced = state.entries.updateValue(entry, forKey: entry.key)
            published.store(Table(state.entries), ordering: .releasing)
            return (false, replaced, false)
        }
        if outcome.frozen { throw .frozen(service: entry.label) }
        if outcome.taken { return false }
        let previous = outcome.replaced
        RegistrationJournal.current?.record { [weak self] in self?.restore(entry.key, to: previous) }
        if previous != nil { logger.notice("service \(entry.label) re-registered: the new registration replaces the earlier one") }
        return true
    }

    /// Puts back what `key` held before a registration that is being taken back, frozen or not.
    private func restore(_ key: ServiceKey, to previous: AnyServiceEntry?) {
        writer.withLock { state in
            state.entries[key] = previous
            published.store(Table(state.entries), ordering: .releasing)
        }
    }

    // MARK: - Lookup

    /// The service, or `nil` when nothing is registered or its factory fails (which is logged).
    public func resolve<Service: Sendable>(_ type: Service.Type = Service.self, name: String? = nil) -> Service? {
        let table = published.load(ordering: .acquiring)
        guard let entry = table.entries[ServiceKey(type, name: name)] as? ServiceEntry<Service> else {
            do {
                return try registeredByName(type, name: name, in: table)
            } catch {
                logger.error("\(error)")
                return nil
            }
        }
        do {
            return try entry.instance(in: self)
        } catch {
            logger.error("\(error)")
            return nil
        }
    }

    /// The service.
    ///
    /// - Throws: ``ServiceError``: not registered (with what is, and the nearest name), a
    ///   dependency cycle with its path, or the factory's error.
    public func require<Service: Sendable>(_ type: Service.Type = Service.self, name: String? = nil) throws(ServiceError) -> Service {
        let table = published.load(ordering: .acquiring)
        guard let entry = table.entries[ServiceKey(type, name: name)] as? ServiceEntry<Service> else {
            if let byName = try registeredByName(type, name: name, in: table) { return byName }
            let label = serviceLabel(type, name: name)
            let registered = table.entries.values.map(\.label).sorted()
            // Another name of the same type is the likeliest mistake; then a similar type name.
            let sameType = table.entries.values.filter { $0.key.type == ObjectIdentifier(type) }.map(\.label).sorted()
            let nearest = sameType.isEmpty
                ? EditDistance.nearest(to: label, in: registered)
                : EditDistance.nearest(to: label, in: sameType, within: .max)
            if self === Self.shared { throw .notRegisteredInShared(service: label, registered: registered) }
            throw .notRegistered(service: label, registered: registered, nearest: nearest)
        }
        return try entry.instance(in: self)
    }

    /// Whether something is registered under `type` and `name`.
    public func isRegistered<Service>(_ type: Service.Type, name: String? = nil) -> Bool {
        published.load(ordering: .acquiring).entries[ServiceKey(type, name: name)] != nil
    }

    /// Every registration as `(service, scope)`, sorted by service; for debug screens and catalogs.
    public var registrations: [(service: String, scope: ServiceScope)] {
        published.load(ordering: .acquiring).entries.values.map { ($0.label, $0.scope) }.sorted { $0.service < $1.service }
    }

    /// Runs `body` under the creation lock.
    func creating<Value>(_ body: () throws(ServiceError) -> Value) throws(ServiceError) -> Value {
        creation.lock()
        defer { creation.unlock() }
        return try body()
    }
}
