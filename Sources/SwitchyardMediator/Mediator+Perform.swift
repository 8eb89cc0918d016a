import SwitchyardRouting
import SwitchyardServices
import SwitchyardSupport

extension Mediator {
    /// Runs `action` of `target` with native parameters and returns what it returns.
    ///
    /// - Throws: ``MediatorError``: target or action not found (with the actions the target
    ///   has), a missing or mistyped parameter, or the action's own error.
    public func perform(
        target: String, action: String, parameters: [String: any Sendable] = [:]
    ) async throws(MediatorError) -> any Sendable {
        try await run(MediatorCall(target: target, action: action, parameters: parameters))
    }

    /// Runs `action` of `target` and returns its result as `Result`: the shape of a typed wrapper.
    ///
    /// ```swift
    /// extension Mediator {   // in the caller's module; ProductFeature is not imported
    ///     func productPage(id: Int) async throws(MediatorError) -> Destination {
    ///         try await perform(target: "ProductFeature.Product", action: "detail", parameters: ["id": id], as: Destination.self)
    ///     }
    /// }
    /// ```
    /// - Throws: ``MediatorError/unexpectedResult(target:action:expected:actual:)`` when it returns something else.
    public func perform<Result>(
        target: String, action: String, parameters: [String: any Sendable] = [:], as type: Result.Type
    ) async throws(MediatorError) -> Result {
        let value = try await perform(target: target, action: action, parameters: parameters)
        guard let typed = ForeignObject.unwrap(value, as: Result.self) else {
            throw .unexpectedResult(target: target, action: action, expected: String(describing: Result.self),
                                    actual: String(describing: Swift.type(of: value)))
        }
        return typed
    }

    /// Finds the action for `call` through the not-found chain and runs it.
    /// A call from a URL reaches only what is declared remote: an action, a not-found handler,
    /// or the fallback target's handler; everything else is not found for it.
    package func run(_ call: MediatorCall) async throws(MediatorError) -> any Sendable {
        let target: ResolvedTarget
        do {
            target = try resolve(call.target, action: call.action)
        } catch {
            if case .targetNotFound = error, let foreign = state.withLock({ $0.foreignTargets }), let result = await foreign(call) {
                return try result.get()
            }
            if case .targetNotFound = error, let fallback = fallbackHandler(for: call) {
                return try await invoke(fallback.body, on: fallback.target, call)
            }
            throw error
        }
        if let action = target.actions[call.action] {
            if call.isRemote && !action.isRemote { throw .localOnly(target: call.target, action: call.action) }
            return try await invoke(action.body, on: target, call)
        }
        if let notFound = target.notFound(for: call) {
            return try await invoke(notFound, on: target, call)
        }
        if let fallback = fallbackHandler(for: call) {
            return try await invoke(fallback.body, on: fallback.target, call)
        }
        throw .actionNotFound(target: call.target, action: call.action, available: target.actionNames(for: call))
    }

    private func fallbackHandler(for call: MediatorCall) -> (target: ResolvedTarget, body: ResolvedTarget.Body)? {
        guard let fallback = state.withLock({ $0.fallback }), let body = fallback.notFound(for: call) else { return nil }
        return (fallback, body)
    }

    private func invoke(
        _ body: ResolvedTarget.Body, on target: ResolvedTarget, _ call: MediatorCall
    ) async throws(MediatorError) -> any Sendable {
        do {
            // The app's services for the target's `@Injected`, unless the caller bound them already.
            guard let services = appServices.load(), ServiceRegistry.current !== services else {
                return try await body(instance(of: target), call)
            }
            return try await ServiceRegistry.$current.withValue(services) { try await body(instance(of: target), call) }
        } catch let error as ParameterError {
            throw .invalidParameter(target: call.target, action: call.action, error)
        } catch let error as MediatorError {
            throw error
        } catch {
            throw .actionFailed(target: call.target, action: call.action, reason: "\(error)")
        }
    }

    /// A new instance, or the cached one for targets that ask to be cached.
    private func instance(of target: ResolvedTarget) -> any MediatorTarget {
        guard target.isCached else { return target.make() }
        let key = target.typeName
        if let cached = state.withLock({ $0.instances[key] }) { return cached }
        let made = target.make()
        return state.withLock { state in
            if let raced = state.instances[key] { return raced }
            state.instances[key] = made
            return made
        }
    }
}
