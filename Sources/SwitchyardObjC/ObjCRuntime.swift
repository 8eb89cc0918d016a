#if canImport(ObjectiveC) && _runtime(_ObjC)
import Foundation
import ObjectiveC
import SwitchyardObjCExceptions
import SwitchyardObjCRules

/// The Objective-C runtime as `ObjCTargetCalls` asks it: `NSClassFromString` and the method's
/// type encoding from Swift; making an instance and sending the action from Objective-C
/// (`SWYObjCCalls.m`), inside `@try`, so an exception never unwinds a Swift frame.
struct ObjCRuntime: ObjCTargetRuntime {
    func instantiate(className: String) -> Result<NSObject?, ObjCException> {
        guard let type = NSClassFromString(className) as? NSObject.Type else { return .success(nil) }
        var made: AnyObject?
        if let exception = SWYMakeInstance(type, &made) { return .failure(ObjCException(exception)) }
        return .success(made as? NSObject)
    }

    func encoding(of selector: String, on target: NSObject) -> String? {
        let name = NSSelectorFromString(selector)
        guard let method = class_getInstanceMethod(Swift.type(of: target), name), let encoding = method_getTypeEncoding(method) else { return nil }
        return String(cString: encoding)
    }

    func invoke(_ selector: String, on target: NSObject, returning kind: ObjCReturnKind, parameters: [AnyHashable: Any]) -> Result<Any?, ObjCException> {
        var result: AnyObject?
        if let exception = SWYSendAction(target, NSSelectorFromString(selector), parameters as NSDictionary, Self.shape(kind), &result) {
            return .failure(ObjCException(exception))
        }
        return .success(result)
    }

    static func shape(_ kind: ObjCReturnKind) -> SWYReturnShape {
        switch kind {
        case .object: return .object
        case .void: return .void
        case .bool: return .bool
        case .signed(bytes: 2): return .int16
        case .signed(bytes: 4): return .int32
        case .signed: return .int64
        case .unsigned(bytes: 1): return .uInt8
        case .unsigned(bytes: 2): return .uInt16
        case .unsigned(bytes: 4): return .uInt32
        case .unsigned: return .uInt64
        case .floating(bytes: 4): return .float
        case .floating: return .double
        }
    }
}

extension ObjCException {
    init(_ exception: NSException) {
        self.init(name: exception.name.rawValue, reason: exception.reason ?? "")
    }
}
#endif
