import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// Carries a web page's calls to the router and the answers back: the native half of
/// `switchyard.js`.
///
/// A message is checked in this order, and the first failure is the reply: the frame's origin
/// (``WebBridgePolicy/origins``) and whether it is the main frame, the message's size, its
/// JSON and its shape, the page's calls waiting; then the URL is opened with the ``RouteSource/h5``
/// source, through the same interceptors as any open, and may reach only the routes the
/// policy lists for that origin (``OpenError/notOpenToCaller(url:caller:)`` otherwise).
/// The reply is JSON text for the page's script: the answer, or the error's code and message.
///
/// ```swift
/// let bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: [
///     "https://promo.example.com": ["/order/new"],
/// ]))
/// let reply = await bridge.receive(messageText, from: WebFrame(origin: WebOrigin("https://promo.example.com")))
/// ```
///
/// The WebKit adapter (`SwitchyardUIKit`'s `WebBridgeHandler`) does this for a `WKWebView`.
public final class WebBridge: Sendable {
    /// The router pages reach.
    public let router: Router
    /// Which pages may call, and what they may reach.
    public let policy: WebBridgePolicy
    /// How much a page may send and be sent.
    public let limits: BridgeLimits
    /// The routes each origin (and each folder of the app's files) reaches, checked and spelled
    /// as the table spells them.
    private let reach: WebReach
    private let waiting = Locked(WaitingCalls())

    /// A bridge from `policy`'s pages to `router`.
    ///
    /// Make it once the routes it lists are registered: a policy naming a route the router does
    /// not have is a mistake, refused here.
    ///
    /// - Throws: ``BridgeSetupError`` naming an origin that is not `http(s)://host[:port]` or
    ///   `scheme://host`, a custom scheme not in ``WebBridgePolicy/servedSchemes``, a served
    ///   scheme or a folder of files that cannot be one, a route pattern that does not parse,
    ///   or one no route of the router has.
    public init(router: Router, policy: WebBridgePolicy, limits: BridgeLimits = BridgeLimits()) throws(BridgeSetupError) {
        self.reach = try WebReach(policy, router: router)
        self.router = router
        self.policy = policy
        self.limits = limits
    }

    /// Handles one message from a page and returns the reply to hand back to its script.
    ///
    /// Returns when the call is answered, the open ends, or the page leaves
    /// (``pageDidLeave(_:origin:)``, or its own `leave` message): then the reply is
    /// ``BridgeError/pageLeft`` and the call's task is cancelled.
    public func receive(_ message: String, from frame: WebFrame) async -> String {
        let admitted: WebReach.Admitted
        switch reach.admit(frame) {
        case .success(let found): admitted = found
        case .failure(let refusal): return BridgeReply.failure(id: nil, refusal)
        }
        guard frame.isMainFrame || policy.allowsSubframes else {
            return BridgeReply.failure(id: nil, BridgeError.subframeNotAllowed(origin: admitted.origin.description))
        }
        let reachable = admitted.reach
        let read: BridgeMessage
        switch BridgeMessage.read(message, limits: limits) {
        case .success(let message): read = message
        case .failure(let refusal): return BridgeReply.failure(id: refusal.id, refusal.error)
        }
        let page = PageKey(admitted, name: read.page, frame: frame)
        guard read.method != .leave, let id = read.id else {
            cancelCalls(of: page)
            return BridgeReply.success(id: nil, answer: .string("left"))
        }
        let gate = Gate<String>()
        let serial: UInt64
        switch waiting.withLock({ $0.add(id, of: page, gate: gate, limits: limits) }) {
        case .success(let added): serial = added
        case .failure(let refusal): return BridgeReply.failure(id: id, refusal)
        }
        let task = Task { [self] in
            _ = gate.resolve(await perform(read, id: id, page: page, reachable: reachable))
            waiting.withLock { $0.finished(from: page.source) }
        }
        // The page may have left while the task was being made: then it is cancelled at once.
        if !waiting.withLock({ $0.attach(task, to: id, of: page, serial: serial) }) { task.cancel() }
        let reply = await gate.wait()
        waiting.withLock { $0.remove(id, of: page, serial: serial) }
        return reply
    }

    /// Cancels the calls still waiting of the page named `page` from `origin`: it navigated
    /// away or its web view closed. Each gets ``BridgeError/pageLeft``, and its task is cancelled.
    ///
    /// Every page of that name and origin leaves: of each web view, each frame and, for
    /// `file://`, each folder. ``pageDidLeave(_:frame:)`` ends one page's calls only.
    public func pageDidLeave(_ page: String, origin: WebOrigin) {
        cancelCalls { $0.origin == origin && $0.name == page }
    }

    /// Cancels the calls still waiting of the page named `page` in `frame`, told apart as the
    /// bridge tells callers apart (origin, folder of a `file:` page, main frame or not, web view);
    /// nothing when the policy would not let the frame in.
    public func pageDidLeave(_ page: String, frame: WebFrame) {
        guard case .success(let admitted) = reach.admit(frame) else { return }
        cancelCalls(of: PageKey(admitted, name: page, frame: frame))
    }

    /// Cancels the calls of every page of `origin`, or of every page when `origin` is `nil`:
    /// a web content process ended, or the app is leaving its web content.
    public func pagesDidLeave(origin: WebOrigin? = nil) {
        cancelCalls { origin == nil || $0.origin == origin }
    }

    /// Cancels the calls of the pages seen in `view` (``WebFrame/view``), and refuses any that
    /// arrive from it later: the web view closed without its pages saying they left.
    /// `WebBridgeHandler` calls it when it is released.
    public func webViewDidClose(_ view: WebViewID) {
        let pages = waiting.withLock { waiting in
            waiting.close(view)
            return waiting.pages.keys.filter { $0.view == view }
        }
        for page in pages { cancelCalls(of: page) }
    }

    private func cancelCalls(where matches: (PageKey) -> Bool) {
        let pages = waiting.withLock { $0.pages.keys.filter(matches) }
        for page in pages { cancelCalls(of: page) }
    }

    /// How many calls are waiting for answers, across every page.
    public var waitingCalls: Int {
        waiting.withLock { $0.pages.values.reduce(0) { $0 + $1.count } }
    }

    /// How many calls' tasks are still running: a call whose page left counts until its route
    /// returns, and the limits count it.
    package var runningCalls: Int {
        waiting.withLock { $0.runningCount }
    }

    private func cancelCalls(of page: PageKey) {
        let calls = waiting.withLock { $0.removePage(page) }
        for (id, call) in calls {
            _ = call.gate.resolve(BridgeReply.failure(id: id, BridgeError.pageLeft))
            call.task?.cancel()
        }
    }

    private func perform(_ message: BridgeMessage, id: Int, page: PageKey, reachable: ReachableRoutes) async -> String {
        var options = OpenOptions()
        options.reachable = reachable
        options.caller = page.caller
        // A page's values are the page's, never in-app values: read as caller parameters.
        options.callerParameters = message.parameters.compactMapValues(JSONParameters.native)
        // The page is told no route takes the URL; the app shows no not-found page for it.
        options.showsNotFoundPage = false
        func refused(_ error: any Error, _ result: OpenResult) -> String {
            BridgeReply.failure(id: id, CallerErrors.describe(error, chosen: result.failureForCallers, url: message.url, reachable: reachable))
        }
        switch message.method {
        case .open:
            let result = await router.open(message.url, options: options, source: .h5)
            switch result.outcome {
            case .rejected(let error): return refused(error, result)
            case .notFound(let noMatch): return refused(OpenError.invalidURL(.noMatch(noMatch)), result)
            case .openedPage, .performedAction, .handled, .openedExternally, .requestedScene:
                return BridgeReply.success(id: id, answer: .string(CallerErrors.name(of: result.outcome)), limits: limits)
            }
        case .call:
            let call = await router.callReporting(message.url, source: .h5, options: options)
            switch call.answer {
            case .failure(let error): return refused(error, call.result)
            case .success(.cancelled):
                if case .handled(let name) = call.result.outcome {
                    return BridgeReply.failure(id: id, CallerErrors.handled(by: name))
                }
                return BridgeReply.failure(id: id, (OpenError.cancelled.code, "the route finished without answering"))
            case .success(.value(let value)):
                do throws(BridgeError) {
                    return BridgeReply.success(id: id, answer: try JSONParameters.json(value, maximumDepth: limits.depth), limits: limits)
                } catch {
                    return BridgeReply.failure(id: id, error)
                }
            }
        case .leave:
            return BridgeReply.success(id: nil, answer: .string("left"))
        }
    }
}

/// A web page, as the bridge tells pages apart: everything its policy tells apart (the origin,
/// and the folder of a page of the app's files), the frame it is in (the page or a frame inside
/// it), the web view it is in when the adapter says (two web views may show the same page), and
/// the name its script chose.
package struct PageKey: Hashable {
    package let origin: WebOrigin
    /// The folder of a `file:` page, as its policy entry names it; `nil` for other origins.
    package let folder: String?
    package let isMainFrame: Bool
    package let name: String
    package let view: WebViewID?

    package init(origin: WebOrigin, folder: String? = nil, isMainFrame: Bool = true, name: String, view: WebViewID?) {
        self.origin = origin
        self.folder = folder
        self.isMainFrame = isMainFrame
        self.name = name
        self.view = view
    }

    init(_ admitted: WebReach.Admitted, name: String, frame: WebFrame) {
        self.init(origin: admitted.origin, folder: admitted.folder, isMainFrame: frame.isMainFrame, name: name, view: frame.view)
    }

    /// The caller a route sees: the origin, or `file://` and the folder for a page of the app's files.
    var caller: RouteCaller {
        .page(origin: folder.map { "file://" + $0 } ?? origin.description, webView: view?.number, name: name, isMainFrame: isMainFrame)
    }

    var source: WaitingCalls.Source { WaitingCalls.Source(origin: origin, folder: folder, view: view) }
}
