import SwitchyardPipeline

/// The calls still waiting for answers, by page; guarded by the bridge's lock, and every
/// limit on them checked under it.
///
/// The limits count by where WebKit says calls come from (an origin in a web view), not by the
/// page name a script makes up: one page cannot spread its calls over names. A call counts
/// until its task ends, not until its page leaves: a route that ignores cancellation still
/// holds its place.
package struct WaitingCalls {
    package struct Call {
        /// Which call this is: a page may reuse an id once its call ended.
        package let serial: UInt64
        /// Where the reply goes: the call's task, or a leave that cancels it, whichever is first.
        let gate: Gate<String>
        /// Set once made; a leave cancels it.
        var task: Task<Void, Never>?
    }

    /// Where calls come from, as WebKit says: the origin (and a `file:` page's folder) in a web view.
    package struct Source: Hashable {
        package let origin: WebOrigin
        package let folder: String?
        package let view: WebViewID?
    }

    /// The calls a page may still be answered, by page and id.
    package private(set) var pages: [PageKey: [Int: Call]] = [:]
    /// Calls whose tasks have not ended, by source.
    private var running: [Source: Int] = [:]
    private var serials: UInt64 = 0
    package init() {}

    /// How many calls' tasks have not ended.
    package var runningCount: Int { running.values.reduce(0, +) }
    /// Web views closed lately, oldest first: a message already on its way when its view closed
    /// must not start a call nobody can end.
    private var closed: [WebViewID] = []
    private var closedSet: Set<WebViewID> = []
    package static let closedMemory = 1_024

    /// Adds call `id` of `page` and returns its serial, or says which limit refuses it.
    package mutating func add(_ id: Int, of page: PageKey, gate: Gate<String>, limits: BridgeLimits) -> Result<UInt64, BridgeError> {
        if let view = page.view, closedSet.contains(view) { return .failure(.pageLeft) }
        let source = page.source
        let count = running[source] ?? 0
        if count == 0, running.count >= limits.pages { return .failure(.tooManyPages(limit: limits.pages)) }
        guard pages[page]?[id] == nil else { return .failure(.duplicateCallID(id)) }
        guard count < limits.pendingCallsPerPage else { return .failure(.tooManyPendingCalls(limit: limits.pendingCallsPerPage)) }
        serials += 1
        pages[page, default: [:]][id] = Call(serial: serials, gate: gate)
        running[source] = count + 1
        return .success(serials)
    }

    /// Records the task of call `id`; `false` when the call ended in the meantime (its page left).
    package mutating func attach(_ task: Task<Void, Never>, to id: Int, of page: PageKey, serial: UInt64) -> Bool {
        guard pages[page]?[id]?.serial == serial else { return false }
        pages[page]?[id]?.task = task
        return true
    }

    /// Forgets call `id` of `page` if it is still the call `serial` names.
    package mutating func remove(_ id: Int, of page: PageKey, serial: UInt64) {
        guard pages[page]?[id]?.serial == serial else { return }
        pages[page]?[id] = nil
        if pages[page]?.isEmpty == true { pages[page] = nil }
    }

    /// Takes every call of `page` out, for its leave to end them.
    package mutating func removePage(_ page: PageKey) -> [Int: Call] {
        pages.removeValue(forKey: page) ?? [:]
    }

    /// A call's task ended: its place is free.
    package mutating func finished(from source: Source) {
        let count = (running[source] ?? 1) - 1
        running[source] = count > 0 ? count : nil
    }

    /// Remembers that `view` closed, so that a call arriving late from it is refused.
    package mutating func close(_ view: WebViewID) {
        guard closedSet.insert(view).inserted else { return }
        closed.append(view)
        if closed.count > Self.closedMemory { closedSet.remove(closed.removeFirst()) }
    }
}
