import Atomics
import Foundation
import SwitchyardSupport

/// One registration, without its type: what the registry's table holds.
class AnyServiceEntry: @unchecked Sendable {
    let key: ServiceKey
    let label: String
    let scope: ServiceScope

    /// A shared instance's ``ServiceBox``, retained, once made: an atomic word rather than a
    /// generic lazy reference, so reading it asks the runtime for no generic type's metadata.
    private let sharedBox = UnsafeAtomic<UInt>.create(0)

    init(key: ServiceKey, label: String, scope: ServiceScope) {
        self.key = key
        self.label = label
        self.scope = scope
    }

    deinit {
        if let box = UnsafeRawPointer(bitPattern: sharedBox.load(ordering: .acquiring)) {
            Unmanaged<AnyObject>.fromOpaque(box).release()
        }
        sharedBox.destroy()
    }

    /// The shared instance's box, unretained: valid while this entry lives.
    @inline(__always)
    final var sharedBoxPointer: UnsafeRawPointer? { UnsafeRawPointer(bitPattern: sharedBox.load(ordering: .acquiring)) }

    /// Keeps `box` as the shared instance's unless one is kept already; returns the one kept.
    final func keepShared(_ box: AnyObject) -> UnsafeRawPointer {
        let retained = Unmanaged.passRetained(box).toOpaque()
        let (exchanged, original) = sharedBox.compareExchange(expected: 0, desired: UInt(bitPattern: retained), ordering: .acquiringAndReleasing)
        if exchanged { return UnsafeRawPointer(retained) }
        Unmanaged<AnyObject>.fromOpaque(retained).release()
        return UnsafeRawPointer(bitPattern: original) ?? UnsafeRawPointer(retained)
    }

    /// The service type with its module (`CartFeature.CartService`), for an error naming it.
    var qualifiedTypeName: String { label }

    /// The instance as its scope gives it, without its type: what a lookup by name returns.
    func anyInstance(in registry: ServiceRegistry) throws(ServiceError) -> any Sendable {
        throw .factoryFailed(service: label, reason: "an entry of no service type") // every entry is a ServiceEntry
    }
}

/// A boxed instance, so that values can sit in an atomic reference.
final class ServiceBox<Service: Sendable>: Sendable {
    let value: Service
    init(_ value: Service) { self.value = value }

    /// The value of the box at `pointer`, which must be a `ServiceBox<Service>`.
    @inline(__always)
    static func value(in pointer: UnsafeRawPointer) -> Service {
        Unmanaged<ServiceBox<Service>>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
    }
}

/// One registration of `Service`: its factory and, by scope, the instance it keeps.
///
/// A shared instance is published once through an atomic word, so every later
/// lookup reads it without a lock. Making it happens under the registry's creation lock,
/// so it happens once however many threads ask first.
final class ServiceEntry<Service: Sendable>: AnyServiceEntry, @unchecked Sendable {
    typealias Factory = @Sendable (ServiceResolver) throws -> Service

    override var qualifiedTypeName: String {
        var name = String(reflecting: Service.self)
        if name.hasPrefix("any ") { name.removeFirst(4) }
        return name
    }

    let factory: Factory
    /// Guarded by the registry's creation lock.
    private weak var weakInstance: AnyObject?
    /// How a `.weak` instance is held and given back: the object itself, or (for objects from
    /// Objective-C, which arrive wrapped) the object inside its wrapper.
    private var objectToHold: (Service) -> AnyObject? = { made in type(of: made as Any) is AnyClass ? made as AnyObject : nil }
    private var serviceFromHeld: (AnyObject) -> Service? = { $0 as? Service }

    init(key: ServiceKey, label: String, scope: ServiceScope, factory: @escaping Factory) {
        self.factory = factory
        super.init(key: key, label: label, scope: scope)
    }

    init(key: ServiceKey, label: String, instance: Service) {
        self.factory = { _ in instance }
        super.init(key: key, label: label, scope: .shared)
        _ = keepShared(ServiceBox(instance))
    }

    func instance(in registry: ServiceRegistry) throws(ServiceError) -> Service {
        switch scope {
        case .shared:
            if let box = sharedBoxPointer { return ServiceBox<Service>.value(in: box) }
            return try registry.creating { () throws(ServiceError) in
                if let box = sharedBoxPointer { return ServiceBox<Service>.value(in: box) }
                return ServiceBox<Service>.value(in: keepShared(ServiceBox(try make(in: registry))))
            }
        case .transient:
            return try make(in: registry)
        case .weak:
            return try registry.creating { () throws(ServiceError) in
                if let alive = weakInstance, let service = serviceFromHeld(alive) { return service }
                let made = try make(in: registry)
                weakInstance = objectToHold(made)
                return made
            }
        }
    }

    /// Holds a `.weak` instance by the object a ``SwitchyardSupport/ForeignObject`` wraps; called before publishing.
    func holdsForeignObjects() {
        objectToHold = { made in
            guard let foreign = made as? ForeignObject, type(of: foreign.value) is AnyClass else { return nil }
            return foreign.value as AnyObject
        }
        serviceFromHeld = { ForeignObject($0) as? Service }
    }

    override func anyInstance(in registry: ServiceRegistry) throws(ServiceError) -> any Sendable {
        try instance(in: registry)
    }

    private func make(in registry: ServiceRegistry) throws(ServiceError) -> Service {
        try ResolutionStack.making(key, label: label) { () throws(ServiceError) in
            do {
                return try factory(ServiceResolver(registry: registry))
            } catch let error as ServiceError {
                throw error
            } catch {
                throw .factoryFailed(service: label, reason: "\(error)")
            }
        }
    }
}
