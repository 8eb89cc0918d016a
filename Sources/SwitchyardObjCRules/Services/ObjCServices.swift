import SwitchyardServices
import SwitchyardSupport

/// BeeHive's services (`registerService:implClass:`, `createService:`) on the Swift registry:
/// an Objective-C class is registered under its protocol's name, so a Swift lookup of a type
/// of that name finds it, and an Objective-C lookup by protocol finds a Swift registration.
package enum ObjCServices {
    /// The scope of a class registered without one: BeeHive's rule, shared when the class
    /// answers `+singleton` with `YES`, a new instance per lookup otherwise.
    package static func scope(requested: ServiceScope?, classSaysSingleton: Bool) -> ServiceScope {
        requested ?? (classSaysSingleton ? .shared : .transient)
    }

    /// Registers `className` for `protocolName` in `registry`, after checking that it conforms
    /// and that the protocol has no service yet (from either language): the first registration
    /// stays, as in BeeHive.
    ///
    /// - Parameters:
    ///   - protocolName: `NSStringFromProtocol`'s name; a Swift protocol's mangled name is read
    ///     as its bare name (``ObjCNames/serviceName(ofProtocol:)``).
    ///   - conforms: whether the class adopts the protocol (`class_conformsToProtocol`, up its superclasses).
    ///   - make: a new instance, `nil` when the class made none; it throws when making one raised.
    /// - Throws: ``ObjCCallError/serviceNotConforming(className:protocolName:)`` or
    ///   ``ObjCCallError/serviceAlreadyRegistered(protocolName:className:)``, and nothing is
    ///   registered; ``SwitchyardServices/ServiceError/frozen(service:)``.
    package static func register(
        className: String, protocolName: String, conforms: Bool, scope: ServiceScope, in registry: ServiceRegistry,
        make: @escaping @Sendable () throws -> Any?
    ) throws {
        let name = ObjCNames.serviceName(ofProtocol: protocolName)
        guard !name.isEmpty else { throw ObjCCallError.missingArgument(call: "registerService:implClass:", argument: "the protocol") }
        guard conforms else { throw ObjCCallError.serviceNotConforming(className: className, protocolName: name) }
        let registered = try registry.register(named: name, scope: scope) { _ in
            guard let made = try make() else {
                throw ObjCCallError.serviceClassUnusable(className: className, protocolName: name, reason: "init returned nil")
            }
            return ForeignObject(made)
        }
        if !registered { throw ObjCCallError.serviceAlreadyRegistered(protocolName: name, className: className) }
    }

    /// The service registered for `protocolName`, from Objective-C or from Swift (the Swift
    /// registration when both registered), once it is known to conform.
    ///
    /// - Parameter conforms: whether the instance adopts the protocol (`conformsToProtocol:`).
    /// - Throws: ``SwitchyardServices/ServiceError`` (not registered, a cycle, a failing factory);
    ///   ``ObjCCallError/serviceNotConforming(className:protocolName:)`` when what is registered
    ///   under the name does not adopt the protocol.
    package static func service(protocolName: String, in registry: ServiceRegistry, conforms: (Any) -> Bool) throws -> Any {
        let name = ObjCNames.serviceName(ofProtocol: protocolName)
        let instance = try registry.require(named: name)
        guard conforms(instance) else {
            throw ObjCCallError.serviceNotConforming(className: String(describing: type(of: instance)), protocolName: name)
        }
        return instance
    }

    /// Whether a service is registered for `protocolName`, from either language.
    package static func isRegistered(protocolName: String, in registry: ServiceRegistry) -> Bool {
        registry.isRegistered(named: ObjCNames.serviceName(ofProtocol: protocolName))
    }
}
