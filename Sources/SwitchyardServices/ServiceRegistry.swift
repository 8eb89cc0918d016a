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
/// Lookups take no lock and count no reference but the instance's: a shared instance once
/// made is a few loads away (about 0.03× a Swinject `resolve`). Registering again under the
/// same type and name replaces the earlier registration and logs it: that is how a host
/// app overrides a module's default. A lookup on another thread may be reading the replaced
/// registration, so it and its shared instance, if one was made, are freed with the
/// registry, not before.
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
    /// The ``ServiceIndex`` lookups read, unretained: ``Writer/kept`` holds it.
    private let lookupIndex: UnsafeAtomic<UInt>
    private let writer: Locked<Writer>

    /// What registrations change, under the writer lock.
    private struct Writer {
        var frozen = false
        var entries: [ServiceKey: AnyServiceEntry] = [:]
        var index: ServiceIndex
        /// Every entry a lookup may have read from ``index`` and every index outgrown: a
        /// lookup holds no reference, so none of them is freed before the registry.
        var kept: [AnyObject] = []

        /// Puts `entry` in the index, or `key` out of it; a new, bigger index when it is full.
        /// Returns the index to publish when it is a new one.
        mutating func index(_ key: ServiceKey, _ entry: AnyServiceEntry?) -> ServiceIndex? {
            if let replaced = entries[key] { kept.append(replaced) }
            entries[key] = entry
            guard let entry else {
                index.remove(key)
                return nil
            }
            if index.set(entry) { return nil }
            kept.append(index)
            index = ServiceIndex(entries.values)
            return index
        }
    }
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
        let index = ServiceIndex(capacity: 16)
        lookupIndex = .create(UInt(bitPattern: Unmanaged.passUnretained(index).toOpaque()))
        writer = Locked(Writer(index: index))
    }

    deinit {
        lookupIndex.destroy()
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
            let replaced = state.entries[entry.key]
            publish(state.index(entry.key, entry), state.entries)
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
            publish(state.index(key, previous), state.entries)
        }
    }

    /// Publishes `entries` to the slow paths and, when there is one, a new index to lookups.
    private func publish(_ index: ServiceIndex?, _ entries: [ServiceKey: AnyServiceEntry]) {
        published.store(Table(entries), ordering: .releasing)
        if let index {
            lookupIndex.store(UInt(bitPattern: Unmanaged.passUnretained(index).toOpaque()), ordering: .releasing)
        }
    }

    /// The box of a shared service's instance when it was made already, unretained: what
    /// nearly every lookup reads, with no lock and no reference count. Not generic, and the
    /// callers open the box with no `Optional<Service>`, so no lookup asks the runtime for a
    /// generic type's metadata.
    @inline(__always)
    private func existingSharedBox(_ type: ObjectIdentifier, name: String?) -> UnsafeRawPointer? {
        guard let indexPointer = UnsafeRawPointer(bitPattern: lookupIndex.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<ServiceIndex>.fromOpaque(indexPointer)._withUnsafeGuaranteedRef { index in
            guard let entryPointer = index.find(type, name) else { return nil }
            return Unmanaged<AnyServiceEntry>.fromOpaque(entryPointer)._withUnsafeGuaranteedRef {
                $0.scope == .shared ? $0.sharedBoxPointer : nil
            }
        }
    }

    // MARK: - Lookup

    /// The service, or `nil` when nothing is registered or its factory fails (which is logged).
    public func resolve<Service: Sendable>(_ type: Service.Type = Service.self, name: String? = nil) -> Service? {
        if let box = existingSharedBox(ObjectIdentifier(type), name: name) {
            // The index holds under a type's identifier only entries made for that type.
            return ServiceBox<Service>.value(in: box)
        }
        return resolveFromTable(type, name: name)
    }

    /// ``resolve(_:name:)`` past its first read: a service not made yet, not shared, or not
    /// registered. Apart, so the first read asks for no metadata the rest needs.
    @inline(never)
    private func resolveFromTable<Service: Sendable>(_ type: Service.Type, name: String?) -> Service? {
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
        if let box = existingSharedBox(ObjectIdentifier(type), name: name) {
            // The index holds under a type's identifier only entries made for that type.
            return ServiceBox<Service>.value(in: box)
        }
        return try requireFromTable(type, name: name)
    }

    /// ``require(_:name:)`` past its first read, as ``resolveFromTable(_:name:)``.
    @inline(never)
    private func requireFromTable<Service: Sendable>(_ type: Service.Type, name: String?) throws(ServiceError) -> Service {
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
