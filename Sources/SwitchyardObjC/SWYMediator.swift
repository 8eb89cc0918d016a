#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import SwitchyardObjCExceptions
import SwitchyardMediator
import SwitchyardObjCRules
import SwitchyardSupport

/// CTMediator for Objective-C callers: `Target_X` classes with `Action_y:` methods, found and
/// called through the Objective-C runtime unchanged, and the Swift mediator's targets.
///
/// A CTMediator category compiles against this class after changing its import and the class
/// it extends. Unlike CTMediator, a refused call says why (`performTarget:action:params:error:`):
/// names are checked before the runtime is asked, a method is called only when its type
/// encoding is an action's (one object in; an object, a number or nothing out), and an
/// Objective-C exception the action raises becomes an error instead of ending the app.
@objc(SWYMediator)
public final class SWYMediator: NSObject {
    /// The Swift mediator whose targets `performTarget:action:params:completion:` also reaches.
    public let mediator: Mediator
    let calls = ObjCTargetCalls(runtime: ObjCRuntime())

    /// The mediator `[SWYMediator sharedInstance]` returns; set it to your app's (`app.mediator`)
    /// so that category methods reach the app's Swift targets too.
    private static let shared = Locked(SWYMediator(mediator: Mediator()))

    /// One mediator for the process, as CTMediator's; replace it with `setSharedInstance:`.
    @objc public class func sharedInstance() -> SWYMediator {
        shared.withLock { $0 }
    }

    /// Makes `mediator` the one `sharedInstance` returns (an app's, so both sides share targets);
    /// nil puts back a mediator of its own.
    @objc(setSharedInstance:)
    public class func setShared(_ mediator: SWYMediator?) {
        let replacement = mediator ?? SWYMediator(mediator: Mediator())
        shared.withLock { $0 = replacement }
    }

    /// Runs a call through the Swift mediator: the app's, with its services, when an app made this.
    let performer: @Sendable (String, String, [String: any Sendable]) async throws -> any Sendable

    /// The Objective-C face of `mediator`. Swift callers of `mediator` reach this object's
    /// Objective-C targets too, once no Swift target has the name.
    public convenience init(mediator: Mediator) {
        self.init(mediator: mediator) { target, action, parameters in
            try await mediator.perform(target: target, action: action, parameters: parameters)
        }
    }

    init(mediator: Mediator, performer: @escaping @Sendable (String, String, [String: any Sendable]) async throws -> any Sendable) {
        self.mediator = mediator
        self.performer = performer
        super.init()
        mediator.setForeignTargets(calls.mediatorTargets())
    }

    /// A mediator of its own, for Objective-C targets alone.
    @objc override public convenience init() {
        self.init(mediator: Mediator())
    }

    /// CTMediator's call: the action's object, a number for a number or `BOOL`, or `nil` (no
    /// such target or action, a refused name or method, an exception, or a `void` action).
    /// `shouldCacheTarget` keeps the target instance for later calls.
    @objc(performTarget:action:params:shouldCacheTarget:)
    @discardableResult
    public func perform(target: String?, action: String?, params: [AnyHashable: Any]?, shouldCacheTarget: Bool) -> Any? {
        switch calls.perform(target: target ?? "", action: action ?? "", parameters: params ?? [:], cache: shouldCacheTarget) {
        case .success(let value): return value
        case .failure(let error):
            mediator.configuration.logger.notice("performTarget:action:params:shouldCacheTarget: \(error)")
            return nil
        }
    }

    /// The same call, saying why it returned nothing: `error` names the target and action, and
    /// the class, selector or exception. A `void` action returns `NSNull`, so that `nil` always
    /// means an error.
    @objc(performTarget:action:params:shouldCacheTarget:error:)
    @discardableResult
    public func perform(target: String?, action: String?, params: [AnyHashable: Any]?, cache: Bool) throws -> Any {
        switch calls.perform(target: target ?? "", action: action ?? "", parameters: params ?? [:], cache: cache) {
        case .success(let value): return value ?? NSNull()
        case .failure(let error): throw ObjCErrors.error(error)
        }
    }

    /// CTMediator's remote form, `scheme://Target/action?key=value`: the query's strings as
    /// parameters (the last value of a repeated name), never an action whose name starts with
    /// `native` (`@NO` then, as CTMediator returns). The scheme must be one of ``remoteSchemes``
    /// (none by default). `completion` gets `@{@"result": result}`, or `nil` when the call
    /// returned nothing, on the caller's thread before this returns, as in CTMediator.
    @objc(performActionWithUrl:completion:)
    @discardableResult
    public func perform(url: URL?, completion: (([AnyHashable: Any]?) -> Void)?) -> Any? {
        guard let url else { return nil }
        let result: Any?
        switch calls.perform(url: url.absoluteString, schemes: remoteSchemes) {
        case .success(let value): result = value
        case .failure(.localOnly): return NSNumber(value: false)
        case .failure(let error):
            mediator.configuration.logger.notice("performActionWithUrl:completion: \(error)")
            result = nil
        }
        completion?(result.map { ["result": $0] })
        return result
    }

    /// The remote form, saying why it returned nothing.
    @objc(performActionWithUrl:error:)
    public func perform(url: URL) throws -> Any {
        switch calls.perform(url: url.absoluteString, schemes: remoteSchemes) {
        case .success(let value): return value ?? NSNull()
        case .failure(let error): throw ObjCErrors.error(error)
        }
    }

    /// CTMediator's `kCTMediatorParamsKeySwiftTargetModuleName`: a parameter naming the Swift
    /// module of a target class written in Swift. Objective-C has CTMediator's constant itself,
    /// under its own name, so a category that uses it compiles unchanged.
    @objc public static var swiftTargetModuleNameKey: SWYMediatorParameterKey { .ctMediatorParamsKeySwiftTargetModuleName }

    /// The schemes `performActionWithUrl:completion:` accepts, lowercase; empty refuses every URL.
    @objc public var remoteSchemes: Set<String> {
        get { schemes.withLock { $0 } }
        set { schemes.withLock { $0 = Set(newValue.map { $0.lowercased() }) } }
    }
    private let schemes = Locked(Set<String>())

    /// Drops the kept instance of `Target_<name>`, as CTMediator's does.
    @objc(releaseCachedTargetWithTargetName:)
    public func releaseCachedTarget(name: String?) {
        guard let name else { return }
        calls.release(className: ObjCNames.className(target: name, module: nil))
    }

    /// Drops the kept instance of a class by its full name (`Target_Cart`, `Module.Target_Cart`).
    @objc(releaseCachedTargetWithFullTargetName:)
    public func releaseCachedTarget(fullName: String?) {
        guard let fullName else { return }
        calls.release(className: fullName)
    }

    /// Runs an action of a Swift target (or an Objective-C one) through the Swift mediator, on
    /// its way: asynchronously, with the app's services when an `SWYApp` made this mediator;
    /// `completion` runs on the main queue.
    @objc(performTarget:action:params:completion:)
    public func perform(target: String, action: String, params: [AnyHashable: Any]?, completion: ((Any?, NSError?) -> Void)?) {
        let performer = performer
        runCall(parameters: params, refused: { (nil, $0) }, work: { parameters -> (Any?, NSError?) in
            do {
                let value = try await performer(target, action, parameters)
                return (ObjCParameters.write(["value": value])["value"], nil)
            } catch {
                return (nil, ObjCErrors.error(error))
            }
        }, deliver: completion.map { block in { block($0.0, $0.1) } })
    }
}

#endif
