import Foundation
import SwitchyardMediator
import SwitchyardObjCRules
import Testing

/// Issue 37: CTMediator's `performTarget:action:params:shouldCacheTarget:`, decided in Swift
/// and held to CTMediator's semantics, with every refusal named and nothing run that should not.
@Suite("Objective-C targets, CTMediator's way")
struct ObjCTargetCallsTests {
    @Test func aTargetWrittenForCTMediatorIsFoundAndCalledWithTheParameters() throws {
        let runtime = FakeObjCRuntime.shop()
        let calls = ObjCTargetCalls(runtime: runtime)
        let result = try calls.perform(target: "Cart", action: "echo", parameters: ["id": "7"], cache: false).get()
        #expect((result as? [AnyHashable: Any])?["id"] as? String == "7")
        #expect(runtime.calls == [.init(className: "Target_Cart", selector: "Action_echo:", serial: 1)])
        #expect(try calls.perform(target: "Cart", action: "itemCount", parameters: [:], cache: false).get() as? NSNumber == 3)
    }

    /// `shouldCacheTarget:YES` keeps the instance; a later call without it still uses it, as in
    /// CTMediator; releasing it makes the next call make a new one.
    @Test func cachingKeepsOneInstanceUntilReleased() throws {
        let runtime = FakeObjCRuntime.shop()
        let calls = ObjCTargetCalls(runtime: runtime)
        _ = calls.perform(target: "Cart", action: "viewController", parameters: [:], cache: true)
        _ = calls.perform(target: "Cart", action: "viewController", parameters: [:], cache: false)
        #expect(runtime.calls.map(\.serial) == [1, 1])
        #expect(calls.cachedClassNames == ["Target_Cart"])
        calls.release(className: "Target_Cart")
        _ = calls.perform(target: "Cart", action: "viewController", parameters: [:], cache: false)
        _ = calls.perform(target: "Cart", action: "viewController", parameters: [:], cache: false)
        #expect(runtime.calls.map(\.serial) == [1, 1, 2, 3])
        #expect(calls.cachedClassNames.isEmpty)
    }

    /// No class: CTMediator's nil, and `Target_NoTargetAction` hears of it with CTMediator's keys.
    @Test func aMissingTargetGoesToNoTargetActionAndFailsNamingTheClass() {
        let runtime = FakeObjCRuntime.shop()
        let result = ObjCTargetCalls(runtime: runtime).perform(target: "Wallet", action: "balance", parameters: ["k": "v"], cache: true)
        #expect(result.failure == .targetNotFound(target: "Wallet", action: "balance", className: "Target_Wallet"))
        #expect(runtime.calls == [.init(className: "Target_NoTargetAction", selector: "Action_response:", serial: 1)])
        let report = runtime.lastParameters
        #expect(report?["targetString"] as? String == "Target_Wallet")
        #expect(report?["selectorString"] as? String == "Action_balance:")
        #expect((report?["originParams"] as? [AnyHashable: Any])?["k"] as? String == "v")
    }

    /// No action: the target's `notFound:`, when it has one, takes the call.
    @Test func aMissingActionGoesToTheTargetsNotFound() throws {
        let runtime = FakeObjCRuntime.shop()
        let result = try ObjCTargetCalls(runtime: runtime).perform(target: "Forgiving", action: "anything", parameters: [:], cache: false).get()
        #expect(result as? String == "not found, handled")
        #expect(runtime.calls.map(\.selector) == ["notFound:"])
    }

    /// No action and no `notFound:`: NoTargetAction hears, the cached target is dropped, and the
    /// error names the selector looked for.
    @Test func aMissingActionWithoutNotFoundFailsAndDropsTheCachedTarget() {
        let runtime = FakeObjCRuntime.shop()
        let calls = ObjCTargetCalls(runtime: runtime)
        _ = calls.perform(target: "Cart", action: "viewController", parameters: [:], cache: true)
        let result = calls.perform(target: "Cart", action: "checkout", parameters: [:], cache: true)
        #expect(result.failure == .actionNotFound(target: "Cart", action: "checkout", selector: "Action_checkout:"))
        #expect(calls.cachedClassNames.isEmpty)
        #expect(runtime.calls.last?.className == "Target_NoTargetAction")
    }

    /// A thousand cached calls at once on a cold cache make the target once (issue 49: twice).
    @Test func concurrentCachedCallsMakeTheTargetOnce() {
        let runtime = FakeObjCRuntime.shop()
        let calls = ObjCTargetCalls(runtime: runtime)
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
            _ = calls.perform(target: "Cart", action: "viewController", parameters: [:], cache: true)
        }
        #expect(runtime.made.filter { $0 == "Target_Cart" }.count == 1)
        #expect(calls.cachedClassNames == ["Target_Cart"])
    }

    /// A method of another shape (CTMediator would call it and crash) is refused, and not called.
    @Test func anActionOfTheWrongShapeIsNotCalled() {
        let runtime = FakeObjCRuntime.shop()
        let result = ObjCTargetCalls(runtime: runtime).perform(target: "Cart", action: "wrongShape", parameters: [:], cache: false)
        #expect(result.failure == .actionSignature(target: "Cart", action: "wrongShape", selector: "Action_wrongShape:", encoding: "@32@0:8@16q24"))
        #expect(runtime.calls.isEmpty)
    }

    /// An Objective-C exception becomes an error naming it; the app goes on.
    @Test func anExceptionBecomesAnErrorNamingIt() {
        let runtime = FakeObjCRuntime.shop()
        let result = ObjCTargetCalls(runtime: runtime).perform(target: "Cart", action: "raises", parameters: [:], cache: false)
        #expect(result.failure == .actionException(target: "Cart", action: "raises", name: "NSRangeException", reason: "index 5 beyond bounds [0 .. 2]"))
        #expect(result.failure?.description == "Cart/raises raised NSRangeException: index 5 beyond bounds [0 .. 2]")
    }

    /// A target whose `init` raises: an error naming the exception, and nothing cached; one whose
    /// `init` returns nil is a target not found.
    @Test func aTargetWhoseInitFailsIsNamed() {
        let runtime = FakeObjCRuntime.shop()
        let calls = ObjCTargetCalls(runtime: runtime)
        let exploding = calls.perform(target: "Exploding", action: "any", parameters: [:], cache: true)
        #expect(exploding.failure == .actionException(target: "Exploding", action: "any", name: "NSInternalInconsistencyException", reason: "no database"))
        let refusing = calls.perform(target: "Refusing", action: "any", parameters: [:], cache: true)
        #expect(refusing.failure == .targetNotFound(target: "Refusing", action: "any", className: "Target_Refusing"))
        #expect(calls.cachedClassNames.isEmpty)
        #expect(!runtime.calls.contains { $0.selector == "Action_any:" })
    }

    /// An action that returns a block hands it back, as CTMediator does.
    @Test func anActionReturningABlockIsCalled() throws {
        let runtime = FakeObjCRuntime.shop()
        #expect(try ObjCTargetCalls(runtime: runtime).perform(target: "Cart", action: "block", parameters: [:], cache: false).get() as? String == "a block")
    }

    /// Bad names (nil arrives as ""), a path, unicode, 10 KB: refused before the runtime is asked.
    @Test(arguments: [
        ("", "viewController"), ("Cart", ""), ("Cart/x", "viewController"), ("Cart", "view/Controller"), ("Cärt", "viewController"),
        (String(repeating: "C", count: 10_240), "viewController"), ("Cart", "Action_viewController:"),
    ])
    func aBadNameAsksTheRuntimeNothing(target: String, action: String) {
        let runtime = FakeObjCRuntime.shop()
        let result = ObjCTargetCalls(runtime: runtime).perform(target: target, action: action, parameters: [:], cache: true)
        guard case .invalidName? = result.failure else {
            Issue.record("expected invalidName, got \(String(describing: result))")
            return
        }
        #expect(runtime.questions == 0)
    }

    /// CTMediator's Swift-module parameter names the module of a Swift target class; a bad one is refused.
    @Test func theSwiftModuleParameterNamesTheClassesModule() throws {
        let runtime = FakeObjCRuntime.shop()
        let calls = ObjCTargetCalls(runtime: runtime)
        let value = try calls.perform(target: "Cart", action: "viewController", parameters: [ObjCNames.swiftModuleParameter: "CartFeature"], cache: false).get()
        #expect(value as? String == "swift cart page")
        // CTMediator's rule: an empty module name names no module.
        let plain = try calls.perform(target: "Cart", action: "viewController", parameters: [ObjCNames.swiftModuleParameter: ""], cache: false).get()
        #expect(plain as? String == "cart page")
        let bad = calls.perform(target: "Cart", action: "viewController", parameters: [ObjCNames.swiftModuleParameter: "../etc"], cache: false)
        #expect(bad.failure == .invalidName(kind: .module, name: "../etc", offset: 0, reason: "\".\" does not belong in a name: name the target and the action apart"))
    }

    /// The remote form runs remote actions with the query's strings, never a `native` one.
    @Test func theRemoteFormReachesNoNativeAction() throws {
        let runtime = FakeObjCRuntime.shop()
        let calls = ObjCTargetCalls(runtime: runtime)
        let echoed = try calls.perform(url: "shop://Cart/echo?id=42", schemes: ["shop"]).get()
        #expect((echoed as? [AnyHashable: Any])?["id"] as? String == "42")
        let native = calls.perform(url: "shop://Cart/nativeClear", schemes: ["shop"])
        #expect(native.failure == .localOnly(target: "Cart", action: "nativeClear"))
        #expect(runtime.calls.map(\.selector) == ["Action_echo:"])
        #expect(calls.cachedClassNames.isEmpty)
    }

    /// Swift callers of the mediator reach the Objective-C targets when no Swift target has the
    /// name; a URL still reaches no `native` action, and a missing class stays the mediator's error.
    @Test func theSwiftMediatorReachesObjectiveCTargets() async throws {
        let runtime = FakeObjCRuntime.shop()
        var configuration = MediatorConfiguration()
        configuration.remoteSchemes = ["shop"]
        configuration.remoteHosts = ["call"]
        let mediator = Mediator(configuration: configuration)
        mediator.setForeignTargets(ObjCTargetCalls(runtime: runtime).mediatorTargets())
        let page = try await mediator.perform(target: "Cart", action: "viewController", as: String.self)
        #expect(page == "cart page")
        await #expect(throws: MediatorError.localOnly(target: "Cart", action: "nativeClear")) {
            try await mediator.perform(url: "shop://call/Cart/nativeClear")
        }
        // Each refusal keeps the code a direct call gives it (issue 49: all three were
        // targetActionFailed, 104).
        await #expect(throws: MediatorError.foreignCallRefused(target: "Cart", action: "raises", code: "actionException",
                                                               reason: "Cart/raises raised NSRangeException: index 5 beyond bounds [0 .. 2]")) {
            try await mediator.perform(target: "Cart", action: "raises")
        }
        for (action, parameters, code) in [("wrongShape", [:], ObjCErrorCode.actionSignature), ("raises", [:], .actionException),
                                           ("viewController", [ObjCNames.swiftModuleParameter: "Bad Module"], .invalidTargetName)]
            as [(String, [String: any Sendable], ObjCErrorCode)] {
            do {
                _ = try await mediator.perform(target: "Cart", action: action, parameters: parameters)
                Issue.record("\(action) answered")
            } catch {
                #expect(ObjCErrors.error(error).code == code.rawValue, "\(action): \(error)")
            }
        }
        do {
            _ = try await mediator.perform(target: "Wallet", action: "balance")
            Issue.record("a missing target answered")
        } catch {
            guard case .targetNotFound = error else { Issue.record("expected targetNotFound, got \(error)"); return }
        }
        // A Swift name (Module.Name) is not the Objective-C lookup's: the mediator's own error,
        // with the Swift names it searched, stands.
        do {
            _ = try await mediator.perform(target: "ReviewsFeature.Reviews", action: "list")
            Issue.record("an unlinked module answered")
        } catch {
            guard case .targetNotFound(_, _, let searched) = error, !searched.isEmpty else { Issue.record("expected targetNotFound, got \(error)"); return }
        }
        // The Swift mediator has its own fallback: Target_NoTargetAction is not told as well.
        #expect(!runtime.calls.contains { $0.className == "Target_NoTargetAction" })
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
