import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// x-callback-url both ways: other apps open this app's routes and are taken back with the
/// answer; this app opens other apps' actions and awaits their replies.
///
/// *Serving*: another app opens `myapp://x-callback-url/cart/pick?max=1&x-source=Sibling&x-success=sibling://…`.
/// The channel checks every callback against ``XCallbackSettings/allowedCallbacks`` first (any
/// other refuses the request whole: nothing runs, nothing is opened), then calls `/cart/pick?max=1`
/// with the request's source, through the same interceptors as any open, reaching only
/// ``XCallbackSettings/openToApps``. The answer goes back by opening `x-success` with the
/// answer's values added; an error by `x-error` with `errorCode` and `errorMessage`; a page
/// closed without answering by `x-cancel`.
///
/// *Calling*: ``call(otherApp:parameters:timeout:)``.
///
/// Every URL the channel opens goes through `openURL`: UIKit's `open(_:options:completionHandler:)`
/// in an app, another router's `handleIncoming` in a test.
public final class XCallbackChannel: Sendable {
    /// The router whose routes are served and to whom replies come.
    public let router: Router
    /// How the channel serves and calls.
    public let settings: XCallbackSettings
    let openURL: @Sendable (String) async -> Bool
    package let destinations: CallbackDestinations
    let reachable: ReachableRoutes
    /// `myapp://x-callback-url/x-callback-reply/`: where this app's calls ask for replies.
    let replyBase: String
    /// The scheme of ``replyBase``.
    let replyScheme: String
    let outgoing = Locked(OutgoingCalls())

    /// The path replies come back on, under ``XCallbackSettings/host``.
    static let replyAction = "x-callback-reply"
    /// The query name of a call's nonce in the reply URLs it asks for.
    static let nonceName = "x-callback-nonce"

    /// A channel for `router`; call ``register()`` to add its routes.
    ///
    /// - Parameter openURL: opens a URL in another app; `false` when the system would not.
    /// Make it once the routes ``XCallbackSettings/openToApps`` lists are registered.
    ///
    /// - Throws: ``BridgeSetupError`` for a callback entry, route pattern, host or reply scheme
    ///   that cannot work, or a route in ``XCallbackSettings/openToApps`` the router does not have.
    public init(router: Router, settings: XCallbackSettings, openURL: @escaping @Sendable (String) async -> Bool) throws(BridgeSetupError) {
        self.router = router
        self.settings = settings
        self.openURL = openURL
        destinations = try CallbackDestinations(settings.allowedCallbacks)
        reachable = try WebReach.reach("other apps", settings.openToApps, for: "XCallbackSettings.openToApps", router.configuration,
                                       registered: router.registeredPatterns)
        let host = settings.host
        guard !host.isEmpty, host.utf8.allSatisfy({ ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else {
            throw .invalidSetting("host", reason: "\"\(DisplaySafe.text(host))\" must be letters, digits, \"-\" and \".\"")
        }
        let schemes = router.configuration.schemes
        guard let scheme = settings.replyScheme ?? (schemes.count == 1 ? schemes.first : nil) else {
            throw .invalidSetting("replyScheme", reason: "the router accepts \(schemes.isEmpty ? "any custom scheme" : "\(schemes.count) schemes"); name the one replies come back on")
        }
        guard schemes.isEmpty || schemes.contains(scheme.lowercased()) else {
            throw .invalidSetting("replyScheme", reason: "\"\(DisplaySafe.text(scheme))\" is not one of the router's schemes, so no reply could reach it")
        }
        guard RouterConfiguration.schemeProblem(scheme) == nil else {
            throw .invalidSetting("replyScheme", reason: "\"\(DisplaySafe.text(scheme))\" is not a URL scheme")
        }
        replyScheme = scheme.lowercased()
        replyBase = "\(replyScheme)://\(host)/\(Self.replyAction)/"
    }

    /// Registers the two routes the channel answers on: `/<host>/*` for requests from other
    /// apps, and `/<host>/x-callback-reply/:outcome` for replies to this app's calls, which
    /// never wait for a scene's launch (``Router/handleIncoming(_:via:scene:)``).
    ///
    /// - Throws: ``PatternError`` when either conflicts with a route already registered.
    @discardableResult
    public func register() throws(PatternError) -> [RouteRegistration] {
        let host = settings.host
        // A reply shows nothing, and an open may be waiting for it: the x-callback request a
        // launch opens, awaiting the other app's answer, must not wait for that launch to end.
        var replies = RouteTarget(.action { [self] request in try receiveReply(request) })
        replies.waitsForLaunch = false
        return try router.register([
            RouteSpec("/\(host)/\(Self.replyAction)/:outcome", target: replies),
            RouteSpec("/\(host)/*", target: RouteTarget(.action { [self] request in try await serve(request) })),
        ])
    }

    private func serve(_ request: RouteRequest) async throws {
        let read = try XCallbackRequest.read(
            request, host: settings.host, successAliases: settings.successAliases, destinations: destinations,
            maximumCallbackBytes: settings.callbackURLBytes
        )
        guard let target = read.target else {
            await send(XCallbackError.missingAction, to: read.error)
            throw XCallbackError.missingAction
        }
        let caller = read.source.map { "the app \"\(DisplaySafe.text($0, limit: 60))\"" } ?? "other apps"
        var options = OpenOptions(scene: request.scene)
        options.reachable = reachable.calling(caller)
        options.caller = .otherApp(source: read.source, callback: read.success)
        // The other app is told no route takes the URL; the app shows no not-found page for it.
        options.showsNotFoundPage = false
        let call = await router.callReporting(target, source: request.source, options: options)
        switch call.answer {
        case .failure(let error):
            await send(CallerErrors.describe(error, chosen: call.result.failureForCallers, url: target, reachable: options.reachable), to: read.error)
            // The app's own logs keep the detail the other app is not sent.
            throw XCallbackError.routeFailed(code: (error as? OpenError)?.code ?? "failed", message: DisplaySafe.text(String(describing: error), limit: 2_000))
        case .success(.cancelled):
            // An interceptor (a login detour, the duplicate guard) took the open: no answer will come.
            if case .handled(let name) = call.result.outcome {
                await send(CallerErrors.handled(by: name), to: read.error)
                throw XCallbackError.routeFailed(code: "handled", message: "\(name) handled the open; nothing answered")
            }
            if let cancel = read.cancel { _ = await open(cancel, parameter: "x-cancel") }
        case .success(.value(let value)):
            guard let success = read.success else { return }
            let url: String
            do throws(BridgeError) {
                url = CallbackURL.adding(try CallbackURL.items(of: value), to: success)
            } catch {
                await send(error, to: read.error)
                throw error
            }
            guard url.utf8.count <= settings.callbackURLBytes else {
                let tooLarge = XCallbackError.answerTooLarge(bytes: url.utf8.count, limit: settings.callbackURLBytes)
                await send(tooLarge, to: read.error)
                throw tooLarge
            }
            _ = await open(url, parameter: "x-success")
        }
    }

    /// Reports `error` to `callback` (`x-error`), when there is one.
    private func send(_ error: any Error, to callback: String?) async {
        await send(CallerErrors.describe(error), to: callback)
    }

    /// Reports a code and message to `callback` (`x-error`), when there is one, within
    /// ``XCallbackSettings/callbackURLBytes``: the message is left out when it would make the
    /// URL longer, and nothing is opened when even the code would.
    private func send(_ described: (code: String, message: String), to callback: String?) async {
        guard let callback else { return }
        var url = CallbackURL.adding([("errorCode", described.code), ("errorMessage", described.message)], to: callback)
        if url.utf8.count > settings.callbackURLBytes { url = CallbackURL.adding([("errorCode", described.code)], to: callback) }
        _ = await open(url, parameter: "x-error")
    }

    /// Opens a callback, checking it once more, its length too: no path reaches `openURL`
    /// unchecked, and none longer than ``XCallbackSettings/callbackURLBytes``.
    private func open(_ url: String, parameter: String) async -> Bool {
        if let refusal = destinations.refusal(url, parameter: parameter, maximumBytes: settings.callbackURLBytes) {
            router.configuration.logger.error("x-callback-url: not opened: \(refusal)")
            return false
        }
        return await openURL(url)
    }
}
