#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import Logging
import ObjectiveC
import SwitchyardObjCExceptions
import SwitchyardObjCRules
import SwitchyardServices

/// How long a service registered from Objective-C lives.
@objc(SWYServiceScope)
public enum SWYServiceScope: Int {
    /// BeeHive's rule: shared when the class answers `+singleton` with `YES` (made with
    /// `+shareInstance` when it has one), else a new instance per lookup.
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
/// registry under the protocol's name, so that Swift finds an Objective-C implementation of a
/// Swift `@objc` protocol (`resolve((any CartService).self)`) and Objective-C finds a Swift one.
/// A protocol keeps its first registration, as in BeeHive.
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
    /// - Returns: `NO` with `error` when the class does not conform to the protocol, the protocol
    ///   has a service already, either is nil, or the registry is frozen; nothing is registered then.
    @objc(registerService:implClass:error:)
    public func register(_ service: Protocol?, implClass: AnyClass?) throws {
        try register(service, implClass: implClass, scope: .automatic)
    }

    /// Registers `implClass` for `service`, living as `scope` says.
    @objc(registerService:implClass:scope:error:)
    public func register(_ service: Protocol?, implClass: AnyClass?, scope: SWYServiceScope) throws {
        guard let service else { throw ObjCErrors.error(ObjCCallError.missingArgument(call: "registerService:implClass:", argument: "the protocol")) }
        guard let implClass else { throw ObjCErrors.error(ObjCCallError.missingArgument(call: "registerService:implClass:", argument: "the class")) }
        let protocolName = NSStringFromProtocol(service)
        let className = NSStringFromClass(implClass)
        guard let type = implClass as? NSObject.Type else {
            throw ObjCErrors.error(ObjCCallError.serviceClassUnusable(className: className, protocolName: protocolName, reason: "not an NSObject class"))
        }
        let singleton = Self.classMethod(type, "singleton", as: .bool) as? NSNumber
        let makesShared = ObjCServices.scope(requested: scope.scope, classSaysSingleton: singleton?.boolValue == true)
        let usesShareInstance = scope == .automatic && singleton?.boolValue == true
        let made = Unchecked(type)
        do {
            try ObjCServices.register(
                className: className, protocolName: protocolName, conforms: class_conformsToProtocol(implClass, service) || type.conforms(to: service),
                scope: makesShared, in: registry
            ) {
                if usesShareInstance, let shared = Self.classMethod(made.value, "shareInstance", as: .object) { return shared }
                var instance: AnyObject?
                if let exception = SWYMakeInstance(made.value, &instance) {
                    throw ObjCCallError.serviceClassUnusable(className: className, protocolName: protocolName,
                                                             reason: "init raised \(exception.name.rawValue): \(exception.reason ?? "")")
                }
                return instance
            }
        } catch {
            throw ObjCErrors.error(error)
        }
    }

    /// The service for `service` (BeeHive's `createService:`), or `nil` when there is none; why
    /// is logged. A Swift registration is found by its protocol's name.
    @objc(createService:)
    public func createService(_ service: Protocol?) -> Any? {
        do {
            return try self.service(for: service)
        } catch {
            registry.logger.error("createService: \(error.localizedDescription)")
            return nil
        }
    }

    /// The service for `service`, or `error` saying why there is none.
    @objc(serviceForProtocol:error:)
    public func service(for service: Protocol?) throws -> Any {
        guard let service else { throw ObjCErrors.error(ObjCCallError.missingArgument(call: "serviceForProtocol:", argument: "the protocol")) }
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
        return ObjCServices.isRegistered(protocolName: NSStringFromProtocol(service), in: registry)
    }

    /// What a class method that takes nothing returns, when its type encoding says it returns
    /// `kind` (a `BOOL` or an object): `nil` otherwise, or when it raised.
    private static func classMethod(_ type: AnyClass, _ selector: String, as kind: ObjCReturnKind) -> Any? {
        let name = NSSelectorFromString(selector)
        guard let method = class_getClassMethod(type, name), let encoding = method_getTypeEncoding(method),
              ObjCMethodShape.noArgumentReturn(encoding: String(cString: encoding)) == kind else { return nil }
        if kind == .bool {
            var answer: ObjCBool = false
            return SWYSendBoolClassMethod(type, name, &answer) == nil ? NSNumber(value: answer.boolValue) : nil
        }
        var object: AnyObject?
        return SWYSendObjectClassMethod(type, name, &object) == nil ? object : nil
    }
}
#endif
