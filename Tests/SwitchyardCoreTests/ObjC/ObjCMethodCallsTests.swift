import Foundation
import SwitchyardObjCRules
import SwitchyardSupport
import Testing

/// Classes and objects as a table, for the decisions `ObjCMethodCalls` makes.
final class FakeMethodRuntime: ObjCMethodRuntime, @unchecked Sendable {
    struct Object { let className: String }
    struct Class {
        var optedIn = true
        var classMethods: [String: (encoding: String, result: Result<Any?, ObjCException>)] = [:]
        var instanceMethods: [String: (encoding: String, result: Result<Any?, ObjCException>)] = [:]
    }

    let classes: [String: Class]
    let sent = Shared<[String]>([])

    init(_ classes: [String: Class]) { self.classes = classes }

    func lookUp(className: String) -> ObjCClassLookup {
        guard let found = classes[className] else { return .missing }
        return found.optedIn ? .optedIn : .notOptedIn
    }

    func lookUp(object: Object) -> (className: String, optedIn: Bool) {
        (object.className, classes[object.className]?.optedIn ?? false)
    }

    private func method(_ selector: String, _ target: ObjCMethodTarget<Object>) -> (encoding: String, result: Result<Any?, ObjCException>)? {
        switch target {
        case .classNamed(let name): return classes[name]?.classMethods[selector]
        case .instance(let object): return classes[object.className]?.instanceMethods[selector]
        }
    }

    func encoding(of selector: String, on target: ObjCMethodTarget<Object>) -> String? { method(selector, target)?.encoding }

    func invoke(_ selector: String, on target: ObjCMethodTarget<Object>, arguments: [Any], returning kind: ObjCReturnKind) -> Result<Any?, ObjCException> {
        sent.withLock { $0.append(selector) }
        return method(selector, target)?.result ?? .failure(ObjCException(name: "NSInvalidArgumentException", reason: "unrecognized selector"))
    }

    /// A legacy cart that opted in, and a class that did not.
    static func shop() -> FakeMethodRuntime {
        FakeMethodRuntime([
            "LegacyCart": Class(classMethods: [
                "itemCount": ("q16@0:8", .success(NSNumber(value: 3))),
                "addSKU:quantity:": ("B28@0:8@16i24", .success(NSNumber(value: true))),
                "clear": ("v16@0:8", .success(nil)),
                "moveTo:": ("v32@0:8{CGPoint=dd}16", .success(nil)),
                "explode:": ("@24@0:8@16", .failure(ObjCException(name: "NSRangeException", reason: "index 9 beyond bounds"))),
                "flag:level:ratio:name:count:": ("@52@0:8B16C20d24@32Q40", .success("five")),
            ], instanceMethods: [
                "title": ("@16@0:8", .success("Cart")),
                "setGift:": ("v20@0:8c16", .success(nil)),
            ]),
            "CartFeature.SwiftCart": Class(classMethods: ["itemCount": ("q16@0:8", .success(NSNumber(value: 5)))]),
            "PaymentKeys": Class(optedIn: false, classMethods: ["secret": ("@16@0:8", .success("never"))]),
        ])
    }
}

/// Issue 49, item 3: seed 001's calls by selector name, checked before anything is called.
@Suite("Objective-C: methods called by name")
struct ObjCMethodCallsTests {
    @Test func classAndInstanceMethodsAreCalledAndTheirResultsBoxed() throws {
        let runtime = FakeMethodRuntime.shop()
        let calls = ObjCMethodCalls(runtime: runtime)
        #expect(try calls.call(className: "LegacyCart", selector: "itemCount", arguments: []).get() as? NSNumber == 3)
        #expect(try calls.call(className: "LegacyCart", selector: "addSKU:quantity:", arguments: ["A1", NSNumber(value: 2)]).get() as? NSNumber == true)
        #expect(try calls.call(className: "LegacyCart", selector: "clear", arguments: []).get() == nil)
        #expect(try calls.call(className: "CartFeature.SwiftCart", selector: "itemCount", arguments: []).get() as? NSNumber == 5)
        #expect(try calls.call(className: "LegacyCart", selector: "flag:level:ratio:name:count:",
                               arguments: [NSNumber(value: true), NSNumber(value: 200), NSNumber(value: 0.5), "x", NSNumber(value: 9)]).get() as? String == "five")
        let cart = FakeMethodRuntime.Object(className: "LegacyCart")
        #expect(try calls.call(object: cart, selector: "title", arguments: []).get() as? String == "Cart")
        #expect(try calls.call(object: cart, selector: "setGift:", arguments: [NSNumber(value: 1)]).get() == nil)
        #expect(runtime.sent.current == ["itemCount", "addSKU:quantity:", "clear", "itemCount", "flag:level:ratio:name:count:", "title", "setGift:"])
    }

    /// Each refusal: the exact error, and nothing called.
    static let refusals: [(className: String, selector: String, arguments: [String], error: ObjCCallError)] = [
        ("Nowhere", "itemCount", [], .notCallable(className: "Nowhere", reason: "no such class is linked")),
        ("PaymentKeys", "secret", [], .notCallable(className: "PaymentKeys", reason: "it does not adopt SWYCallableByName, which a class adopts to be called by name")),
        ("LegacyCart", "checkout", [], .methodNotFound(className: "LegacyCart", selector: "checkout")),
        ("LegacyCart", "moveTo:", ["x"], .methodSignature(className: "LegacyCart", selector: "moveTo:", encoding: "v32@0:8{CGPoint=dd}16",
                                                         problem: "argument 0 is {CGPoint=dd}, not an object, a number or a BOOL")),
        ("LegacyCart", "addSKU:quantity:", ["A1"], .invalidName(kind: .selector, name: "addSKU:quantity:", offset: 0, reason: "it takes 2 arguments; 1 were given")),
        ("LegacyCart", "addSKU:quantity:", ["A1", "two"], .argument(className: "LegacyCart", selector: "addSKU:quantity:", index: 1,
                                                                   problem: "a String, where the method takes a 32-bit integer")),
        ("LegacyCart", "a:b:c:d:e:f:", ["1", "2", "3", "4", "5", "6"], .invalidName(kind: .selector, name: "a:b:c:d:e:f:", offset: 0, reason: "6 arguments, over the limit of 5")),
        ("LegacyCart", "add/sku:", ["x"], .invalidName(kind: .selector, name: "add/sku:", offset: 3, reason: "\"/\" does not belong in a name: name the target and the action apart")),
        ("LegacyCart", "add:sku", ["x"], .invalidName(kind: .selector, name: "add:sku", offset: 6, reason: "a selector that takes arguments ends with a colon")),
        ("Cart/../Keys", "itemCount", [], .invalidName(kind: .className, name: "Cart/../Keys", offset: 4, reason: "\"/\" does not belong in a name: name the target and the action apart")),
        ("A.B.C", "itemCount", [], .invalidName(kind: .className, name: "A.B.C", offset: 3, reason: "a class is a name or Module.Name, with one dot")),
        (String(repeating: "C", count: 10_240), "itemCount", [], .invalidName(kind: .className, name: String(repeating: "C", count: 10_240), offset: 128,
                                                                              reason: "10240 bytes, over the limit of 128")),
        ("LegacyCart", "explode:", ["x"], .methodException(className: "LegacyCart", selector: "explode:", name: "NSRangeException", reason: "index 9 beyond bounds")),
    ]

    @Test(arguments: 0..<13)
    func aCallThatCannotBeMadeIsRefusedNamingWhy(index: Int) {
        let refusal = Self.refusals[index]
        let runtime = FakeMethodRuntime.shop()
        let result = ObjCMethodCalls(runtime: runtime).call(className: refusal.className, selector: refusal.selector, arguments: refusal.arguments)
        guard case .failure(let error) = result else { Issue.record("\(refusal.selector) answered \(result)"); return }
        #expect(error == refusal.error)
        if case .methodException = refusal.error { return }
        #expect(runtime.sent.current.isEmpty, "nothing is called when a call is refused")
    }

    /// Each limit of a call by name, at the limit and one past it: the selector's 128 bytes,
    /// five arguments, the class name's 128 bytes. At the limit the call goes on to the runtime
    /// (no such method); past it, the exact error, and the runtime is never asked.
    @Test func everyLimitHoldsAtItsValueAndRefusesOnePast() {
        let runtime = FakeMethodRuntime.shop()
        let calls = ObjCMethodCalls(runtime: runtime)
        let selector = String(repeating: "s", count: 128)
        #expect(calls.call(className: "LegacyCart", selector: selector, arguments: []).failure
                == .methodNotFound(className: "LegacyCart", selector: selector))
        #expect(calls.call(className: "LegacyCart", selector: selector + "s", arguments: []).failure
                == .invalidName(kind: .selector, name: selector + "s", offset: 0, reason: "129 bytes, over the limit of 128"))
        #expect(calls.call(className: "LegacyCart", selector: "a:b:c:d:e:", arguments: ["1", "2", "3", "4", "5"]).failure
                == .methodNotFound(className: "LegacyCart", selector: "a:b:c:d:e:"))
        let className = String(repeating: "C", count: 128)
        #expect(calls.call(className: className, selector: "x", arguments: []).failure
                == .notCallable(className: className, reason: "no such class is linked"))
        #expect(calls.call(className: className + "C", selector: "x", arguments: []).failure
                == .invalidName(kind: .className, name: className + "C", offset: 128, reason: "129 bytes, over the limit of 128"))
        #expect(runtime.sent.current.isEmpty)
    }

    /// Numbers are checked against the kind the method takes; an object argument takes anything but NSNull.
    @Test func argumentsAreCheckedAgainstTheirKinds() {
        #expect(ObjCArgumentKind.unsigned(bytes: 1).problem(with: NSNumber(value: 300)) == "300 does not fit an unsigned 8-bit integer")
        #expect(ObjCArgumentKind.unsigned(bytes: 8).problem(with: NSNumber(value: -1)) == "-1 does not fit an unsigned 64-bit integer")
        #expect(ObjCArgumentKind.signed(bytes: 8).problem(with: NSNumber(value: 1.5)) == "1.5, where the method takes a 64-bit integer: a whole number")
        #expect(ObjCArgumentKind.bool.problem(with: NSNumber(value: 2)) == "2, where the method takes a BOOL (YES, NO, 1 or 0)")
        #expect(ObjCArgumentKind.object.problem(with: NSNull()) == "NSNull, where an object is expected: pass a value")
        #expect(ObjCArgumentKind.signed(bytes: 1).problem(with: NSNumber(value: 127)) == nil)
        #expect(ObjCArgumentKind.bool.problem(with: NSNumber(value: true)) == nil)
        #expect(ObjCArgumentKind.object.problem(with: "text") == nil)
        #expect(ObjCErrors.error(ObjCCallError.notCallable(className: "X", reason: "r")).code == ObjCErrorCode.notCallable.rawValue)
        #expect(ObjCErrors.error(ObjCCallError.argument(className: "X", selector: "s:", index: 0, problem: "p")).code == ObjCErrorCode.invalidArgument.rawValue)
    }

    /// An instance method of an object whose class did not opt in is refused.
    @Test func anObjectWhoseClassDidNotOptInIsRefused() {
        let runtime = FakeMethodRuntime.shop()
        let result = ObjCMethodCalls(runtime: runtime).call(object: .init(className: "PaymentKeys"), selector: "secret", arguments: [])
        #expect(result.failure == .notCallable(className: "PaymentKeys", reason: "it does not adopt SWYCallableByName, which a class adopts to be called by name"))
        #expect(runtime.sent.current.isEmpty)
    }
}
