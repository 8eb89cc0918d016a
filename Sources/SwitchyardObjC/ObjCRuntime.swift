#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import ObjectiveC
import SwitchyardObjCExceptions
import SwitchyardObjCRules

/// The Objective-C runtime as `ObjCTargetCalls` asks it: `NSClassFromString`, the method's
/// type encoding, and a call through the method's implementation typed by that encoding
/// (so a method returning `NSInteger` or `BOOL` is read as one), inside `@try`.
struct ObjCRuntime: ObjCTargetRuntime {
    func instantiate(className: String) -> NSObject? {
        guard let type = NSClassFromString(className) as? NSObject.Type else { return nil }
        return type.init()
    }

    func encoding(of selector: String, on target: NSObject) -> String? {
        let name = NSSelectorFromString(selector)
        guard target.responds(to: name), let method = class_getInstanceMethod(Swift.type(of: target), name),
              let encoding = method_getTypeEncoding(method) else { return nil }
        return String(cString: encoding)
    }

    func invoke(_ selector: String, on target: NSObject, returning kind: ObjCReturnKind, parameters: [AnyHashable: Any]) -> Result<Any?, ObjCException> {
        let name = NSSelectorFromString(selector)
        guard let method = class_getInstanceMethod(Swift.type(of: target), name) else {
            return .failure(ObjCException(name: "NSInvalidArgumentException", reason: "no method \(selector)"))
        }
        let implementation = method_getImplementation(method)
        let dictionary = parameters as NSDictionary
        var result: Any?
        let exception = SWYCatchException {
            result = Self.call(implementation, target, name, dictionary, kind)
        }
        if let exception {
            return .failure(ObjCException(name: exception.name.rawValue, reason: exception.reason ?? ""))
        }
        return .success(result)
    }

    private static func call(_ implementation: IMP, _ target: NSObject, _ name: Selector, _ parameters: NSDictionary, _ kind: ObjCReturnKind) -> Any? {
        // One function type per return type: a C function pointer cannot be generic.
        typealias ReturnsObject = @convention(c) (NSObject, Selector, NSDictionary) -> Unmanaged<AnyObject>?
        typealias ReturnsVoid = @convention(c) (NSObject, Selector, NSDictionary) -> Void
        typealias ReturnsInt8 = @convention(c) (NSObject, Selector, NSDictionary) -> Int8
        typealias ReturnsInt16 = @convention(c) (NSObject, Selector, NSDictionary) -> Int16
        typealias ReturnsInt32 = @convention(c) (NSObject, Selector, NSDictionary) -> Int32
        typealias ReturnsInt64 = @convention(c) (NSObject, Selector, NSDictionary) -> Int64
        typealias ReturnsUInt8 = @convention(c) (NSObject, Selector, NSDictionary) -> UInt8
        typealias ReturnsUInt16 = @convention(c) (NSObject, Selector, NSDictionary) -> UInt16
        typealias ReturnsUInt32 = @convention(c) (NSObject, Selector, NSDictionary) -> UInt32
        typealias ReturnsUInt64 = @convention(c) (NSObject, Selector, NSDictionary) -> UInt64
        typealias ReturnsFloat = @convention(c) (NSObject, Selector, NSDictionary) -> Float
        typealias ReturnsDouble = @convention(c) (NSObject, Selector, NSDictionary) -> Double
        switch kind {
        case .object: return unsafeBitCast(implementation, to: ReturnsObject.self)(target, name, parameters)?.takeUnretainedValue()
        case .void: unsafeBitCast(implementation, to: ReturnsVoid.self)(target, name, parameters); return nil
        case .bool: return NSNumber(value: unsafeBitCast(implementation, to: ReturnsInt8.self)(target, name, parameters) != 0)
        case .signed(bytes: 2): return NSNumber(value: unsafeBitCast(implementation, to: ReturnsInt16.self)(target, name, parameters))
        case .signed(bytes: 4): return NSNumber(value: unsafeBitCast(implementation, to: ReturnsInt32.self)(target, name, parameters))
        case .signed: return NSNumber(value: unsafeBitCast(implementation, to: ReturnsInt64.self)(target, name, parameters))
        case .unsigned(bytes: 1): return NSNumber(value: unsafeBitCast(implementation, to: ReturnsUInt8.self)(target, name, parameters))
        case .unsigned(bytes: 2): return NSNumber(value: unsafeBitCast(implementation, to: ReturnsUInt16.self)(target, name, parameters))
        case .unsigned(bytes: 4): return NSNumber(value: unsafeBitCast(implementation, to: ReturnsUInt32.self)(target, name, parameters))
        case .unsigned: return NSNumber(value: unsafeBitCast(implementation, to: ReturnsUInt64.self)(target, name, parameters))
        case .floating(bytes: 4): return NSNumber(value: unsafeBitCast(implementation, to: ReturnsFloat.self)(target, name, parameters))
        case .floating: return NSNumber(value: unsafeBitCast(implementation, to: ReturnsDouble.self)(target, name, parameters))
        }
    }
}
#endif
