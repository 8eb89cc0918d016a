import Foundation
import SwitchyardSupport

/// What the Objective-C runtime answers about target classes; the Objective-C face answers
/// with `NSClassFromString`, `method_getTypeEncoding` and the method's implementation, tests
/// with a table. Everything ``ObjCTargetCalls`` decides, it decides from these answers.
package protocol ObjCTargetRuntime: Sendable {
    /// An instance of a target class.
    associatedtype Target
    /// A new instance of `className` (`[[cls alloc] init]`): `nil` when no such `NSObject` class
    /// is linked or its `init` returned nil; the exception when `init` raised one.
    func instantiate(className: String) -> Result<Target?, ObjCException>
    /// The type encoding of `selector` on `target`, or `nil` when it does not respond to it.
    func encoding(of selector: String, on target: Target) -> String?
    /// Calls `selector` with `parameters`; an Objective-C exception it raises is the failure.
    func invoke(_ selector: String, on target: Target, returning kind: ObjCReturnKind, parameters: [AnyHashable: Any]) -> Result<Any?, ObjCException>
}

/// An Objective-C exception an action raised: its name and reason.
package struct ObjCException: Error, Equatable, Sendable {
    /// The exception's name (`NSInvalidArgumentException`…).
    package let name: String
    /// The exception's reason, if it gave one.
    package let reason: String

    /// An exception named `name`, for `reason`.
    package init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}

/// CTMediator's `performTarget:action:params:shouldCacheTarget:`, decided in Swift: the names
/// are checked, the class and method are found, the method's shape is checked before it is
/// called, and a call no target or action takes goes to `notFound:` and then to
/// `Target_NoTargetAction`, as in CTMediator. Unlike CTMediator, every refusal says why.
package final class ObjCTargetCalls<Runtime: ObjCTargetRuntime>: @unchecked Sendable {
    /// Answers about classes and methods, and makes the calls.
    package let runtime: Runtime
    private let cache = Locked([String: Runtime.Target]())
    private let creating = NSRecursiveLock()

    /// Calls through `runtime`, with no target cached.
    package init(runtime: Runtime) {
        self.runtime = runtime
    }

    /// Runs `action` of `target` with `parameters` and returns what it returns (`nil` for a
    /// `void` action, an `NSNumber` for a number or a `BOOL`).
    ///
    /// A cached instance is used when there is one; `cache` keeps the one this call made.
    /// The parameters are handed over as they are, as CTMediator does; a Swift module for a
    /// Swift target class may be named by ``ObjCNames/swiftModuleParameter``.
    ///
    /// - Parameter tellingNoTargetAction: whether `Target_NoTargetAction` hears of a call nothing
    ///   took; `false` when another lookup (the Swift mediator's fallback) comes after this one.
    package func perform(
        target: String, action: String, parameters: [AnyHashable: Any], cache keep: Bool, tellingNoTargetAction: Bool = true
    ) -> Result<Any?, ObjCCallError> {
        do {
            try ObjCNames.check(target, as: .target)
            try ObjCNames.check(action, as: .action)
            // CTMediator's rule: an empty module name names no module.
            let module = (parameters[ObjCNames.swiftModuleParameter] as? String).flatMap { $0.isEmpty ? nil : $0 }
            if let module { try ObjCNames.check(module, as: .module) }
            let className = ObjCNames.className(target: target, module: module)
            let selector = ObjCNames.selector(action: action)
            let made: Runtime.Target?
            switch instance(of: className, keep: keep) {
            case .success(let instance): made = instance
            case .failure(let exception):
                return .failure(.actionException(target: target, action: action, name: exception.name, reason: exception.reason))
            }
            guard let instance = made else {
                if tellingNoTargetAction { noTargetAction(target: className, selector: selector, parameters: parameters) }
                return .failure(.targetNotFound(target: target, action: action, className: className))
            }
            for (name, isAction) in [(selector, true), (ObjCNames.notFoundSelector, false)] {
                guard let encoding = runtime.encoding(of: name, on: instance) else { continue }
                guard let kind = ObjCMethodShape.actionReturn(encoding: encoding) else {
                    if isAction { return .failure(.actionSignature(target: target, action: action, selector: name, encoding: encoding)) }
                    continue
                }
                switch runtime.invoke(name, on: instance, returning: kind, parameters: parameters) {
                case .success(let value): return .success(value)
                case .failure(let exception):
                    return .failure(.actionException(target: target, action: action, name: exception.name, reason: exception.reason))
                }
            }
            if tellingNoTargetAction { noTargetAction(target: className, selector: selector, parameters: parameters) }
            release(className: className)
            return .failure(.actionNotFound(target: target, action: action, selector: selector))
        } catch {
            return .failure(error)
        }
    }

    /// CTMediator's remote form: `scheme://Target/action?key=value` runs `action` of `Target`
    /// with the query's strings, never caching the target.
    ///
    /// - Parameter schemes: the schemes a URL may have; an empty set refuses every URL.
    package func perform(url: String, schemes: Set<String>) -> Result<Any?, ObjCCallError> {
        do {
            let call = try ObjCNames.remoteCall(url, schemes: schemes)
            return perform(target: call.target, action: call.action, parameters: call.parameters, cache: false)
        } catch {
            return .failure(error)
        }
    }

    /// Drops the cached instance of a class (`Target_Cart`, or `Module.Target_Cart`).
    package func release(className: String) {
        cache.withLock { $0[className] = nil }
    }

    /// The class names of the targets cached now.
    package var cachedClassNames: [String] {
        cache.withLock { $0.keys.sorted() }
    }

    private func instance(of className: String, keep: Bool) -> Result<Runtime.Target?, ObjCException> {
        if let cached = cache.withLock({ $0[className] }) { return .success(cached) }
        guard keep else { return runtime.instantiate(className: className) }
        // One `init` for a kept target however many threads ask first: the making is serialized
        // (recursively, so an `init` that calls the mediator goes on) and the cache read again.
        creating.lock()
        defer { creating.unlock() }
        if let cached = cache.withLock({ $0[className] }) { return .success(cached) }
        let attempt = runtime.instantiate(className: className)
        guard case .success(let made?) = attempt else { return attempt }
        cache.withLock { $0[className] = made }
        return .success(made)
    }

    /// Tells `Target_NoTargetAction`, when the app has one, which call nothing took, as
    /// CTMediator does; what it returns or raises changes nothing for the caller.
    private func noTargetAction(target: String, selector: String, parameters: [AnyHashable: Any]) {
        guard case .success(let handler?) = runtime.instantiate(className: ObjCNames.noTargetActionClass),
              let encoding = runtime.encoding(of: ObjCNames.noTargetActionSelector, on: handler),
              let kind = ObjCMethodShape.actionReturn(encoding: encoding) else { return }
        let report: [AnyHashable: Any] = ["originParams": parameters, "targetString": target, "selectorString": selector]
        _ = runtime.invoke(ObjCNames.noTargetActionSelector, on: handler, returning: kind, parameters: report)
    }
}
