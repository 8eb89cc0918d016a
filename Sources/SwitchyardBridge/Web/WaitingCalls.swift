import SwitchyardPipeline

/// The calls still waiting for answers, by page; guarded by the bridge's lock, and every
/// limit on them checked under it.
struct WaitingCalls {
    struct Call {
        /// Where the reply goes: the call's task, or a leave that cancels it, whichever is first.
        let gate: Gate<String>
        /// Set once made; a leave cancels it.
        var task: Task<Void, Never>?
    }

    var pages: [PageKey: [Int: Call]] = [:]

    /// Adds call `id` of `page`, or says which limit refuses it.
    mutating func add(_ id: Int, of page: PageKey, gate: Gate<String>, limits: BridgeLimits) -> BridgeError? {
        var calls = pages[page] ?? [:]
        if calls.isEmpty, pages.count >= limits.pages { return .tooManyPages(limit: limits.pages) }
        guard calls[id] == nil else { return .duplicateCallID(id) }
        guard calls.count < limits.pendingCallsPerPage else { return .tooManyPendingCalls(limit: limits.pendingCallsPerPage) }
        calls[id] = Call(gate: gate)
        pages[page] = calls
        return nil
    }

    /// Records the task of call `id`; `false` when the page left in the meantime.
    mutating func attach(_ task: Task<Void, Never>, to id: Int, of page: PageKey) -> Bool {
        guard pages[page]?[id] != nil else { return false }
        pages[page]?[id]?.task = task
        return true
    }

    /// Forgets call `id` of `page`, and the page once it has none waiting.
    mutating func remove(_ id: Int, of page: PageKey) {
        pages[page]?[id] = nil
        if pages[page]?.isEmpty == true { pages[page] = nil }
    }
}
