import SwitchyardSupport

/// The key type of services registered by name alone (from Objective-C, by protocol name).
enum NamedService {}

extension ServiceRegistry {
    /// Registers a factory under a service's name rather than a Swift type, unless something is
    /// registered under that name already, by name or by a Swift type of that name (BeeHive keeps
    /// the first registration of a protocol): how Objective-C code registers a class for an
    /// `@protocol`, which has no Swift type to key it. The test and the registration happen under
    /// one lock.
    ///
    /// A Swift lookup by type finds it when the type's name is `name` (`(any CartService).self`
    /// for `"CartService"`) and nothing is registered under the type itself; ``require(named:)``
    /// finds it, and services registered by a type of that name, from the other side.
    /// - Returns: `false` when the name was taken, and nothing changed.
    /// - Throws: ``ServiceError/frozen(service:)`` after ``freeze()``.
    package func register(
        named name: String, scope: ServiceScope, factory: @escaping @Sendable (ServiceResolver) throws -> any Sendable
    ) throws(ServiceError) -> Bool {
        let entry = ServiceEntry<any Sendable>(key: ServiceKey(NamedService.self, name: name), label: name, scope: scope, factory: factory)
        entry.holdsForeignObjects()
        return try publish(entry) { entries in
            entries[ServiceKey(NamedService.self, name: name)] != nil || entries.values.contains { $0.label == name && $0.key.name == nil }
        }
    }

    /// The service named `name`: registered under a Swift type of that name with no variant name,
    /// else registered by that name, so both languages get the same one when both registered.
    /// A ``SwitchyardSupport/ForeignObject`` is unwrapped.
    ///
    /// - Throws: ``ServiceError/notRegistered(service:registered:nearest:)`` with what is;
    ///   ``ServiceError/ambiguousName(service:types:)`` when Swift types of two modules have the
    ///   name; a cycle, or the factory's error.
    package func require(named name: String) throws(ServiceError) -> Any {
        let table = published.load(ordering: .acquiring)
        let typed = table.entries.values.filter { $0.label == name && $0.key.name == nil && $0.key.type != ObjectIdentifier(NamedService.self) }
        // Two modules' types of one name: which the table yields first changes from launch to
        // launch, so neither is taken.
        if typed.count > 1 { throw .ambiguousName(service: name, types: typed.map(\.qualifiedTypeName).sorted()) }
        let entry = typed.first ?? table.entries[ServiceKey(NamedService.self, name: name)]
        guard let entry else {
            let registered = table.entries.values.map(\.label).sorted()
            throw .notRegistered(service: name, registered: registered, nearest: EditDistance.nearest(to: name, in: registered))
        }
        let instance = try entry.anyInstance(in: self)
        return (instance as? ForeignObject)?.value ?? instance
    }

    /// Whether anything is registered under `name`, by name or by a Swift type of that name.
    package func isRegistered(named name: String) -> Bool {
        let table = published.load(ordering: .acquiring)
        return table.entries[ServiceKey(NamedService.self, name: name)] != nil
            || table.entries.values.contains { $0.label == name && $0.key.name == nil }
    }

    /// What a lookup of `type` finds registered by its name instead (Objective-C registered the
    /// class for a protocol the Swift type stands for): `nil` when nothing is.
    ///
    /// - Throws: ``ServiceError/factoryFailed(service:reason:)`` when what is registered is not a `Service`.
    func registeredByName<Service: Sendable>(_ type: Service.Type, name: String?, in table: Table) throws(ServiceError) -> Service? {
        let label = serviceLabel(type, name: name)
        guard let entry = table.entries[ServiceKey(NamedService.self, name: label)] else { return nil }
        let instance = try entry.anyInstance(in: self)
        if let typed = ForeignObject.unwrap(instance, as: Service.self) { return typed }
        let actual = (instance as? ForeignObject).map { "\(Swift.type(of: $0.value))" } ?? "\(Swift.type(of: instance))"
        throw .factoryFailed(service: label, reason: "what is registered under the name \(label) is a \(actual), not a \(label)")
    }
}
