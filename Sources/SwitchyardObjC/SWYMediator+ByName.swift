#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import ObjectiveC
import SwitchyardObjCExceptions
import SwitchyardObjCRules

/// Adopted by a class whose methods in-app code may call by their selector's name
/// (`callClassNamed:selector:arguments:error:`, `callObject:selector:arguments:error:`): a
/// class that did not adopt it is refused, naming it.
@objc(SWYCallableByName)
public protocol SWYCallableByName: NSObjectProtocol {}

/// The Objective-C runtime as `ObjCMethodCalls` asks it.
struct ObjCMethodRuntimeLive: ObjCMethodRuntime {
    func lookUp(className: String) -> ObjCClassLookup {
        guard let found = NSClassFromString(className) as? NSObject.Type else { return .missing }
        return found.conforms(to: SWYCallableByName.self) ? .optedIn : .notOptedIn
    }

    func lookUp(object: NSObject) -> (className: String, optedIn: Bool) {
        (NSStringFromClass(type(of: object)), type(of: object).conforms(to: SWYCallableByName.self))
    }

    func encoding(of selector: String, on target: ObjCMethodTarget<NSObject>) -> String? {
        let name = NSSelectorFromString(selector)
        let method: Method?
        switch target {
        case .classNamed(let className): method = NSClassFromString(className).flatMap { class_getClassMethod($0, name) }
        case .instance(let object): method = class_getInstanceMethod(type(of: object), name)
        }
        return method.flatMap(method_getTypeEncoding).map { String(cString: $0) }
    }

    func invoke(_ selector: String, on target: ObjCMethodTarget<NSObject>, arguments: [Any], returning kind: ObjCReturnKind) -> Result<Any?, ObjCException> {
        let receiver: AnyObject
        switch target {
        case .classNamed(let className):
            guard let found = NSClassFromString(className) else { return .failure(ObjCException(name: "NSInvalidArgumentException", reason: "no class \(className)")) }
            receiver = found
        case .instance(let object): receiver = object
        }
        var result: AnyObject?
        if let exception = SWYInvokeMethod(receiver, NSSelectorFromString(selector), arguments, &result) {
            return .failure(ObjCException(exception))
        }
        return .success(result)
    }
}

extension SWYMediator {
    /// Calls the class method `selector` of the class named `className` (`Module.Class` for a
    /// Swift class) with up to five positional arguments, now, on this thread: seed 001's
    /// `performTarget:selectorName:Params:`, for code in the app only (no URL reaches it).
    ///
    /// The class must adopt `SWYCallableByName`; a Swift class's module must be one of the
    /// mediator's `modules` when it names any. The method's type encoding is checked first:
    /// its arity, and each argument an object, a number or a `BOOL` (an `NSNumber` for the last
    /// two). What it returns comes back boxed: an object, an `NSNumber`, or nil for `void`.
    /// - Returns: nil with `error` set when the call was refused or raised (`SWYErrorCodeNotCallable`,
    ///   `MethodNotFound`, `MethodSignature`, `InvalidArgument`, `MethodException`, `InvalidActionName`…);
    ///   nil with no error for a `void` method.
    @objc(callClassNamed:selector:arguments:error:)
    public func callClass(named className: String, selector: String, arguments: [Any]?, error: NSErrorPointer) -> Any? {
        Self.deliver(ObjCMethodCalls(runtime: ObjCMethodRuntimeLive(), modules: mediator.configuration.modules).call(className: className, selector: selector, arguments: arguments ?? []), error: error)
    }

    /// Calls the instance method `selector` of `object`, whose class adopts `SWYCallableByName`,
    /// as `callClassNamed:selector:arguments:error:` calls a class method (seed 001's
    /// `performObject:selectorName:Params:`).
    @objc(callObject:selector:arguments:error:)
    public func call(object: NSObject, selector: String, arguments: [Any]?, error: NSErrorPointer) -> Any? {
        Self.deliver(ObjCMethodCalls(runtime: ObjCMethodRuntimeLive(), modules: mediator.configuration.modules).call(object: object, selector: selector, arguments: arguments ?? []), error: error)
    }

    private static func deliver(_ result: Result<Any?, ObjCCallError>, error: NSErrorPointer) -> Any? {
        switch result {
        case .success(let value):
            error?.pointee = nil
            return value
        case .failure(let failure):
            error?.pointee = ObjCErrors.error(failure)
            return nil
        }
    }
}
#endif
