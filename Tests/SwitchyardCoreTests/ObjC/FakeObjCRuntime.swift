import Foundation
import SwitchyardObjCRules
import SwitchyardSupport

/// The Objective-C runtime as a table, for testing every decision `ObjCTargetCalls` makes on
/// Linux: classes with methods (an encoding and what calling it does), and a record of what was
/// made and called.
final class FakeObjCRuntime: ObjCTargetRuntime, @unchecked Sendable {
    enum Behavior {
        case returns(Any?)
        case raises(name: String, reason: String)
        case echoesParameters
    }

    struct Method {
        let encoding: String
        let behavior: Behavior
    }

    final class Instance {
        let className: String
        let serial: Int
        init(className: String, serial: Int) {
            self.className = className
            self.serial = serial
        }
    }

    struct Call: Equatable {
        let className: String
        let selector: String
        let serial: Int
    }

    private let classes: [String: [String: Method]]
    private let record = Locked((made: [String](), calls: [Call](), parameters: [[AnyHashable: Any]](), asked: 0))

    init(_ classes: [String: [String: Method]]) {
        self.classes = classes
    }

    var made: [String] { record.withLock { $0.made } }
    var calls: [Call] { record.withLock { $0.calls } }
    var lastParameters: [AnyHashable: Any]? { record.withLock { $0.parameters.last } }
    /// How many questions the runtime was asked: zero means a call was refused before it.
    var questions: Int { record.withLock { $0.asked } }

    func instantiate(className: String) -> Result<Instance?, ObjCException> {
        record.withLock { state in
            state.asked += 1
            guard let methods = classes[className] else { return .success(nil) }
            if case .raises(let name, let reason)? = methods["init"]?.behavior { return .failure(ObjCException(name: name, reason: reason)) }
            if case .returns(nil)? = methods["init"]?.behavior { return .success(nil) }
            state.made.append(className)
            return .success(Instance(className: className, serial: state.made.count))
        }
    }

    func encoding(of selector: String, on target: Instance) -> String? {
        record.withLock { $0.asked += 1 }
        return classes[target.className]?[selector]?.encoding
    }

    func invoke(_ selector: String, on target: Instance, returning kind: ObjCReturnKind, parameters: [AnyHashable: Any]) -> Result<Any?, ObjCException> {
        record.withLock { state in
            state.asked += 1
            state.calls.append(Call(className: target.className, selector: selector, serial: target.serial))
            state.parameters.append(parameters)
        }
        switch classes[target.className]?[selector]?.behavior {
        case .returns(let value): return .success(value)
        case .raises(let name, let reason): return .failure(ObjCException(name: name, reason: reason))
        case .echoesParameters: return .success(parameters)
        case nil: return .failure(ObjCException(name: "NSInvalidArgumentException", reason: "unrecognized selector \(selector)"))
        }
    }
}

extension FakeObjCRuntime.Method {
    static func object(_ value: Any?) -> Self { Self(encoding: "@24@0:8@16", behavior: .returns(value)) }
    static var echo: Self { Self(encoding: "@24@0:8@16", behavior: .echoesParameters) }
}

extension FakeObjCRuntime {
    /// The shop's Objective-C targets: a cart written for CTMediator, and CTMediator's catch-all.
    static func shop(noTargetAction: Bool = true) -> FakeObjCRuntime {
        var classes: [String: [String: Method]] = [
            "Target_Cart": [
                "Action_viewController:": .object("cart page"),
                "Action_itemCount:": Method(encoding: "q24@0:8@16", behavior: .returns(NSNumber(value: 3))),
                "Action_echo:": .echo,
                "Action_nativeClear:": Method(encoding: "v24@0:8@16", behavior: .returns(nil)),
                "Action_wrongShape:": Method(encoding: "@32@0:8@16q24", behavior: .returns("never")),
                "Action_block:": Method(encoding: "@?24@0:8@16", behavior: .returns("a block")),
                "Action_raises:": Method(encoding: "@24@0:8@16", behavior: .raises(name: "NSRangeException", reason: "index 5 beyond bounds [0 .. 2]")),
            ],
            "Target_Forgiving": ["notFound:": .object("not found, handled")],
            "Target_Exploding": ["init": Method(encoding: "@16@0:8", behavior: .raises(name: "NSInternalInconsistencyException", reason: "no database")),
                                 "Action_any:": .object("never")],
            "Target_Refusing": ["init": Method(encoding: "@16@0:8", behavior: .returns(nil)), "Action_any:": .object("never")],
            "CartFeature.Target_Cart": ["Action_viewController:": .object("swift cart page")],
        ]
        if noTargetAction { classes["Target_NoTargetAction"] = ["Action_response:": .echo] }
        return FakeObjCRuntime(classes)
    }
}
