import SwitchyardRouting

/// How a URL reached the app.
public enum IncomingOrigin: Sendable {
    /// `application(_:open:options:)` or `scene(_:openURLContexts:)`: a link with the app's scheme.
    case openURL
    /// A universal link delivered as a user activity (`NSUserActivityTypeBrowsingWeb`).
    case userActivity
    /// A URL taken from a push notification's payload.
    case push
    /// A web page inside the app calling a native page (an H5 bridge).
    case webPage
}

/// What ``Router/handleIncoming(_:via:)`` did with a URL.
public enum IncomingResult: Sendable {
    /// A third-party SDK's callback handler took it (a payment or social login SDK).
    case handledByCallback(String)
    /// The router opened it (or refused it; see the result).
    case opened(OpenResult)
}

extension Router {
    /// Lets a third-party SDK claim its own callback URLs before the router sees them.
    ///
    /// Handlers are asked in the order they were added; the first that returns `true`
    /// from `handle` takes the URL.
    public func addCallbackHandler(named name: String, handle: @escaping @Sendable (String) -> Bool) {
        hooks.withLock { $0.callbackHandlers.append((name, handle)) }
    }

    /// The one call for the app or scene delegate: hand over every incoming URL here.
    ///
    /// SDK callback handlers get first refusal; universal links on associated domains become
    /// app routes; everything else is opened with the source its origin implies. Before
    /// ``markReady()`` (when the router starts not ready) the open waits and replays.
    ///
    /// - Parameter scene: the scene the URL arrived in (``attach(_:scene:)``), so that the same
    ///   link in two windows changes only its own; `nil` uses ``navigator``.
    ///
    /// A link that arrives while the scene's ``launch(scene:restoring:links:)`` runs waits for it
    /// to end, so it opens over the homes and the restored window rather than between them; so
    /// does one for a scene not attached yet, whose launch is still to come. An SDK's callback,
    /// a reply to this app's own x-callback call and a link opened from inside the launch never wait.
    public func handleIncoming(_ url: String, via origin: IncomingOrigin = .openURL, scene: String? = nil) async -> IncomingResult {
        if let taken = callbackHandler(taking: url) { return .handledByCallback(taken) }
        let source = Self.source(of: url, via: origin)
        await waitForLaunch(of: scene, url: url, reach: source == .universalLink ? universalLinkReach : nil)
        return await handleIncoming(url, via: origin, scene: scene, showsNotFoundPage: true, asksCallbacks: false)
    }

    func handleIncoming(_ url: String, via origin: IncomingOrigin, scene: String?, showsNotFoundPage: Bool, asksCallbacks: Bool = true) async -> IncomingResult {
        if asksCallbacks, let taken = callbackHandler(taking: url) { return .handledByCallback(taken) }
        var options = OpenOptions(scene: scene)
        options.showsNotFoundPage = showsNotFoundPage
        return .opened(await open(url, options: options, source: Self.source(of: url, via: origin)))
    }

    /// The name of the first SDK callback handler that takes `url`, asked in the order added.
    private func callbackHandler(taking url: String) -> String? {
        let handlers = hooks.withLock { $0.callbackHandlers }
        return handlers.first { $0.handle(url) }?.name
    }

    static func source(of url: String, via origin: IncomingOrigin) -> RouteSource {
        switch origin {
        case .push: return .push
        case .webPage: return .h5
        case .openURL, .userActivity:
            // By bytes: characters would let a combining mark after `/` hide the scheme.
            return URLLayout.scheme(of: url).map { $0 == "http" || $0 == "https" } == true ? .universalLink : .deepLink
        }
    }
}
