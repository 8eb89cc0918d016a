extension Mediator {
    /// CTMediator's `performTarget:action:params:shouldCacheTarget:`, so that a call site ports
    /// in one line: the action's result, or `nil` where CTMediator gives `nil` (no such target or
    /// action, a refused parameter, or the action's error, which the mediator logs).
    ///
    /// As in CTMediator, a call uses the instance already kept if there is one, and
    /// `shouldCacheTarget: false` adds none: an instance this call made is dropped after it.
    /// Only a type that declares ``MediatorTarget/isCached`` is ever kept, so `true` keeps
    /// nothing for other types. Prefer ``perform(target:action:parameters:as:)`` in new code:
    /// it says why a call failed.
    public func performTarget(
        _ target: String, action: String, params: [String: any Sendable] = [:], shouldCacheTarget: Bool = false
    ) async -> (any Sendable)? {
        let keptBefore = isCached(target: target)
        let result = try? await perform(target: target, action: action, parameters: params)
        if !shouldCacheTarget, !keptBefore { evict(target: target) }
        return result
    }
}
