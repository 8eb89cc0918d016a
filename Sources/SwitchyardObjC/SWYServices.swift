#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import ObjectiveC
import SwitchyardObjCRules
import SwitchyardServices

/// How long a service registered from Objective-C lives.
@objc(SWYServiceScope)
public enum SWYServiceScope: Int {
    /// BeeHive's rule: shared when the class answers `+singleton` with `YES`, else a new instance per lookup.
    case automatic = 0
    /// A new instance for every lookup.
    case transient
    /// One instance, made on first lookup and kept.
    case shared
    /// One instance while something else holds it.
    case weak

    var scope: ServiceScope? {
        switch self {
        case .automatic: return nil
        case .transient: return .transient
        case .shared: return .shared
        case .weak: return .weak
        }
    }
}

/// BeeHive's services for Objective-C: a class for an `@protocol`, kept in the app's Swift
/// registry, so that Swift finds an Objective-C implementation (`resolve((any CartService).self)`)
/// and Objective-C finds a Swift one by its protocol (declare a Swift protocol `@objc(Name)`).
@objc(SWYServices)
public final class SWYServices: NSObject {
    /// The Swift registry this object speaks for.
    public let registry: ServiceRegistry

    /// The Objective-C face of `registry`.
    public init(registry: ServiceRegistry) {
        self.registry = registry
    }

    /// Registers `implClass` for `service`, with BeeHive's scope rule.
    ///
    /// - Returns: `NO` with `error` when the class does not conform to the protocol, either is
    ///   nil, or the registry is frozen; nothing is registered then.
    @objc(registerService:implClass:error:)
    public func register(_ service: Protocol?, implClass: AnyClass?) throws {
        try register(service, implClass: implClass, scope: .automatic)
    }

    /// Registers `implClass` for `service`, living as `scope` says.
    @objc(registerService:implClass:scope:error:)
    public func register(_ service: Protocol?, implClass: AnyClass?, scope: SWYServiceScope) throws {
        let protocolName = service.map { NSStringFromProtocol($0) } ?? ""
        let className = implClass.map { NSStringFromClass($0) } ?? "nil"
        guard let service, let implClass else {
            throw ObjCErrors.error(ObjCCallError.serviceClassUnusable(className: className, protocolName: protocolName, reason: "a protocol and a class are both needed"))
        }
        guard let made = implClass as? NSObject.Type else {
            throw ObjCErrors.error(ObjCCallError.serviceClassUnusable(className: className, protocolName: protocolName, reason: "not an NSObject class"))
        }
        let singleton = Self.saysSingleton(made)
        let factory = Unchecked(made)
        do {
            try ObjCServices.register(
                className: className, protocolName: protocolName, conforms: class_conformsToProtocol(implClass, service) || made.conforms(to: service),
                scope: ObjCServices.scope(requested: scope.scope, classSaysSingleton: singleton), in: registry
            ) { factory.value.init() }
        } catch {
            throw ObjCErrors.error(error)
        }
    }

    /// Whether the class answers BeeHive's `+ (BOOL)singleton` with `YES`; a method of that name
    /// and another shape is not called.
    private static func saysSingleton(_ type: NSObject.Type) -> Bool {
        let name = NSSelectorFromString("singleton")
        guard type.responds(to: name), let method = class_getClassMethod(type, name), let encoding = method_getTypeEncoding(method),
              ObjCMethodShape.returnsBoolWithoutArguments(encoding: String(cString: encoding)) else { return false }
        typealias ReturnsBool = @convention(c) (AnyClass, Selector) -> Int8
        return unsafeBitCast(method_getImplementation(method), to: ReturnsBool.self)(type, name) != 0
    }

    /// The service for `service` (BeeHive's `createService:`), or `nil` when there is none; why
    /// is logged. A Swift registration is found by its protocol's Objective-C name.
    @objc(createService:)
    public func createService(_ service: Protocol?) -> Any? {
        try? self.service(for: service)
    }

    /// The service for `service`, or `error` saying why there is none.
    @objc(serviceForProtocol:error:)
    public func service(for service: Protocol?) throws -> Any {
        guard let service else {
            throw ObjCErrors.error(ObjCCallError.serviceClassUnusable(className: "nil", protocolName: "", reason: "no protocol was given"))
        }
        do {
            return try ObjCServices.service(protocolName: NSStringFromProtocol(service), in: registry) { instance in
                (instance as? NSObjectProtocol)?.conforms(to: service) == true
            }
        } catch {
            throw ObjCErrors.error(error)
        }
    }

    /// Whether anything is registered for `service`, from either side.
    @objc(hasService:)
    public func hasService(_ service: Protocol?) -> Bool {
        guard let service else { return false }
        return registry.isRegistered(named: NSStringFromProtocol(service))
    }
}
#endif
