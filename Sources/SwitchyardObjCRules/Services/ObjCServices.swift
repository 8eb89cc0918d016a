import SwitchyardServices
import SwitchyardSupport

/// BeeHive's services (`registerService:implClass:`, `createService:`) on the Swift registry:
/// an Objective-C class is registered under its protocol's name, so a Swift lookup of a type
/// of that name finds it, and an Objective-C lookup by protocol finds a Swift registration.
public enum ObjCServices {
    /// The scope of a class registered without one: BeeHive's rule, shared when the class
    /// answers `+singleton` with `YES`, a new instance per lookup otherwise.
    public static func scope(requested: ServiceScope?, classSaysSingleton: Bool) -> ServiceScope {
        requested ?? (classSaysSingleton ? .shared : .transient)
    }

    /// Registers `className` for `protocolName` in `registry`, after checking that it conforms.
    ///
    /// - Parameters:
    ///   - conforms: whether the class adopts the protocol (`class_conformsToProtocol`, up its superclasses).
    ///   - make: a new instance (`[[cls alloc] init]`), or `nil` when the class cannot make one.
    /// - Throws: ``ObjCCallError/serviceNotConforming(className:protocolName:)``, and nothing is
    ///   registered; ``SwitchyardServices/ServiceError/frozen(service:)``.
    public static func register(
        className: String, protocolName: String, conforms: Bool, scope: ServiceScope, in registry: ServiceRegistry,
        make: @escaping @Sendable () -> Any?
    ) throws {
        guard !protocolName.isEmpty else {
            throw ObjCCallError.serviceClassUnusable(className: className, protocolName: protocolName, reason: "no protocol was given")
        }
        guard conforms else { throw ObjCCallError.serviceNotConforming(className: className, protocolName: protocolName) }
        try registry.register(named: protocolName, scope: scope) { _ in
            guard let made = make() else {
                throw ObjCCallError.serviceClassUnusable(className: className, protocolName: protocolName, reason: "making an instance returned nil")
            }
            return ForeignObject(made)
        }
    }

    /// The service registered for `protocolName`, from Objective-C or from Swift, once it is
    /// known to conform.
    ///
    /// - Parameter conforms: whether the instance adopts the protocol (`conformsToProtocol:`).
    /// - Throws: ``SwitchyardServices/ServiceError`` (not registered, a cycle, a failing factory);
    ///   ``ObjCCallError/serviceNotConforming(className:protocolName:)`` when what is registered
    ///   under the name does not adopt the protocol.
    public static func service(protocolName: String, in registry: ServiceRegistry, conforms: (Any) -> Bool) throws -> Any {
        let instance = try registry.require(named: protocolName)
        guard conforms(instance) else {
            throw ObjCCallError.serviceNotConforming(className: String(describing: type(of: instance)), protocolName: protocolName)
        }
        return instance
    }
}
