#if canImport(UIKit) && canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import ObjectiveC
import SwitchyardObjCExceptions
import SwitchyardObjCRules
import SwitchyardRouting
import UIKit

/// Adopted by a `UIViewController` subclass that in-app code may make by its class name
/// (`showControllerNamed:parameters:mode:completion:error:`, seed 001's
/// `transitionWithSource:Target:Params:TransitionMode:complete:`).
@objc(SWYRoutableController)
public protocol SWYRoutableController: NSObjectProtocol {
    /// The parameters set on a new controller by KVC, each a property of the class; a caller's
    /// key not listed here is refused, naming it.
    @objc optional static var routableParameterKeys: [String] { get }
    /// Every parameter the caller passed, and the completion to call when the controller is done:
    /// the caller hears `result` (or `error`); closing unanswered tells it the call was cancelled.
    @objc(receiveRouteParameters:completion:)
    optional func receiveRouteParameters(_ parameters: [String: Any], completion: @escaping (NSError?, Any?) -> Void)
}

/// How `showControllerNamed:parameters:mode:completion:error:` shows the controller it made.
@objc(SWYShowMode)
public enum SWYShowMode: Int {
    case push = 0, present, presentInNavigation, none
}

/// The Objective-C runtime as `ObjCControllers` asks it.
struct ObjCControllerRuntimeLive: ObjCControllerRuntime {
    func lookUpController(className: String) -> ObjCControllerClass {
        guard let found = NSClassFromString(className) else { return .missing }
        guard found.isSubclass(of: UIViewController.self), let type = found as? NSObject.Type else { return .notAController }
        guard type.conforms(to: SWYRoutableController.self) else { return .notOptedIn }
        var listed: AnyObject?
        let selector = NSSelectorFromString("routableParameterKeys")
        if type.responds(to: selector), SWYSendObjectClassMethod(found, selector, &listed) != nil { listed = nil }
        var keys: [String: ObjCPropertyType] = [:]
        for key in (listed as? [String]) ?? [] {
            guard let property = class_getProperty(found, key), let attributes = property_getAttributes(property) else {
                keys[key] = .unsupported("the class lists it, but has no property of that name")
                continue
            }
            keys[key] = ObjCPropertyType(attributes: String(cString: attributes))
        }
        return .optedIn(keys: keys)
    }

    func make(className: String) -> Result<UIViewController?, ObjCException> {
        guard let type = NSClassFromString(className) as? NSObject.Type else { return .success(nil) }
        var made: AnyObject?
        if let exception = SWYMakeInstance(type, &made) { return .failure(ObjCException(exception)) }
        return .success(made as? UIViewController)
    }

    func value(_ value: Any, isKindOf className: String) -> Bool {
        guard let type = NSClassFromString(className) else { return false }
        return (value as AnyObject).isKind(of: type)
    }

    func set(_ value: Any, forKey key: String, on controller: UIViewController) -> ObjCException? {
        SWYSetValueForKey(controller, value, key).map(ObjCException.init)
    }
}

extension SWYRouter {
    /// Makes the `UIViewController` subclass named `className` (a Swift class by `Module.Class`),
    /// sets the parameters it lists by KVC, and shows it through the router's navigator as a
    /// page is shown: in the back stack, over what the user sees. For code in the app only.
    ///
    /// The class must adopt `SWYRoutableController` and list its keys in
    /// `routableParameterKeys`; each value's class is checked against its property before the
    /// controller is made. A controller that implements `receiveRouteParameters:completion:` gets
    /// every parameter and the completion that answers: `completion` runs, on the main queue,
    /// with what it answered, or `SWYErrorCodeCancelled` once it closes unanswered. With
    /// `SWYShowModeNone` nothing is shown and the controller is only returned.
    /// - Returns: the controller, or nil with `error`: `SWYErrorCodeNotCallable` (no such class, not a
    ///   controller, not opted in), `InvalidTargetName`, `InvalidArgument` (a key not listed, a
    ///   value of another class, a setter that raised), `MethodException` (its `init` raised).
    @MainActor
    @objc(showControllerNamed:parameters:mode:completion:error:)
    public func showController(
        named className: String, parameters: [String: Any]?, mode: SWYShowMode, completion: ((NSError?, Any?) -> Void)?
    ) throws -> UIViewController {
        let given = parameters ?? [:]
        let controller: UIViewController
        switch ObjCControllers(runtime: ObjCControllerRuntimeLive(), modules: classModules).make(className: className, parameters: given) {
        case .success(let made): controller = made
        case .failure(let refusal): throw ObjCErrors.error(refusal)
        }
        let finish = completion.map(Unchecked.init)
        let parametersBox = Unchecked(given)
        let object = Unchecked(controller)
        // Hands the controller its parameters and how to answer, inside @try.
        let handOver: @MainActor @Sendable (@escaping (NSError?, Any?) -> Void) -> Void = { answer in
            let selector = NSSelectorFromString("receiveRouteParameters:completion:")
            guard object.value.responds(to: selector) else { return }
            let block: @convention(block) (NSError?, Any?) -> Void = answer
            _ = SWYSendTwoObjects(object.value, selector, parametersBox.value as NSDictionary, block as AnyObject)
        }
        guard mode != .none else {
            handOver { error, result in finish?.value(error, result) }
            return controller
        }
        if controllerRoute.withLock({ registered in defer { registered = true }; return !registered }) {
            do {
                try ObjCControllerRoute.register(in: router)
            } catch {
                throw ObjCErrors.error(error)
            }
        }
        let router = router
        let showMode = ObjCShowMode(rawValue: mode.rawValue) ?? .push
        Task { @MainActor in
            let answered = await ObjCControllerRoute.show(object.value, className: className, mode: showMode, in: router) { request in
                handOver { error, result in
                    if let error { return request.answer(throwing: error) }
                    guard let result else { return request.cancelAnswer() }
                    request.answer(ObjCParameters.answer(result))
                }
            }
            let (value, failure) = ObjCRoutes.completion(of: answered)
            finish?.value(failure, value)
        }
        return controller
    }
}
#endif
