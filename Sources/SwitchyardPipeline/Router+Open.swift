import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardServices
import SwitchyardSupport

extension Router {
    /// Opens `url`: resolves it, runs the interceptors, then shows the page, runs the action
    /// or follows the redirect. Always returns; a failure is an outcome, never a crash.
    ///
    /// Cancelling the calling task cancels the interceptor chain (``OpenError/cancelled``).
    ///
    /// - Parameter presenter: the screen the open comes from (a route pattern or a screen name);
    ///   the navigator presents on it when it can. `nil` means the top-most screen.
    @discardableResult
    public func open(
        _ url: String, from presenter: String? = nil, options: OpenOptions = OpenOptions(),
        parameters: [String: any Sendable] = [:], source: RouteSource = .inApp
    ) async -> OpenResult {
        await open(url, options: options, parameters: parameters, source: source, responder: nil, presenter: presenter)
    }

    /// Opens `url` and waits for its target's answer (a login page answers "logged in",
    /// a picker the picked items).
    ///
    /// Returns ``Answer/cancelled`` when the target finishes without answering (the action
    /// returned, or the page was closed and released) or the calling task is cancelled.
    /// Nobody waits forever.
    /// - Throws: ``OpenError`` when the open fails, or the error the target answered with.
    public func call(
        _ url: String, from presenter: String? = nil, parameters: [String: any Sendable] = [:], source: RouteSource = .inApp,
        options: OpenOptions = OpenOptions()
    ) async throws -> Answer {
        try await callReporting(url, from: presenter, parameters: parameters, source: source, options: options).answer.get()
    }

    /// ``call(_:from:parameters:source:options:)``, also handing back the open's result: a caller
    /// outside the app (a web page, another app) learns why no answer came, such as an
    /// interceptor or the duplicate guard that handled the open.
    package func callReporting(
        _ url: String, from presenter: String? = nil, parameters: [String: any Sendable] = [:], source: RouteSource = .inApp,
        options: OpenOptions = OpenOptions()
    ) async -> (result: OpenResult, answer: Result<Answer, any Error>) {
        let box = AnswerBox()
        let logger = configuration.logger
        // The responder is made in the call, not kept here: its last copy going away is what
        // answers `.cancelled`, so this frame must not hold one while it waits.
        let result = await open(url, options: options, parameters: parameters, source: source, responder: Responder(deliver: box.resolve) {
            logger.warning("\(DisplaySafe.text(url)) was answered more than once; the later answer was ignored")
        }, presenter: presenter)
        switch result.outcome {
        case .rejected(let error): return (result, .failure(error))
        case .notFound(let noMatch): return (result, .failure(OpenError.invalidURL(.noMatch(noMatch))))
        case .openedPage, .performedAction, .handled, .openedExternally, .requestedScene:
            // The page is shown: a launch link waiting here for its answer is in place.
            Self.awaitsAnswer()
            // A caller that is cancelled stops waiting (a web page left, another app's call
            // ended): the page stays shown, and its later answer is ignored.
            let answer = await withTaskCancellationHandler { await box.wait() } onCancel: { _ = box.resolve(.success(.cancelled)) }
            return (result, answer)
        }
    }

    func open(
        _ url: String, options: OpenOptions, parameters: [String: any Sendable], source: RouteSource,
        responder: Responder?, presenter: String? = nil
    ) async -> OpenResult {
        let started = ClockReading.now
        var trace = Trace(first: url, arrived: started)
        let outcome: OpenResult.Outcome
        // An open no reachable-routes list limits cannot be refused as not open to its caller:
        // the guard looks at it as it arrives, so a repeat does not wait for readiness. One a
        // list limits is looked at once its route is known to be reachable, in `run`.
        let checksAtArrival = options.reachable == nil && !(source == .universalLink && universalLinkReach != nil)
        if checksAtArrival, isDuplicate(url, options: options, parameters: parameters, source: source, trace: &trace) {
            outcome = .handled(by: Self.duplicateGuard)
        } else if let services = appServices.load() {
            // What the route makes (a screen, an action's work) finds the app's services.
            outcome = await ServiceRegistry.$current.withValue(services) {
                await admitted(url, options: options, parameters: parameters, source: source, responder: responder, presenter: presenter, trace: &trace)
            }
        } else {
            outcome = await admitted(url, options: options, parameters: parameters, source: source, responder: responder, presenter: presenter, trace: &trace)
        }
        // Made in the call: a result kept in a variable first is copied into `conclude`.
        return conclude(OpenResult(url: url, source: source, namedCaller: options.caller, failureForCallers: trace.failureForCallers,
                                   outcome: outcome, redirects: trace.redirects, declined: trace.declined,
                                   duration: ClockReading.now - started, interceptorNames: trace.interceptors))
    }

    /// Runs the open now, or once the app is ready, or refuses it when too many wait.
    private func admitted(
        _ url: String, options: OpenOptions, parameters: [String: any Sendable], source: RouteSource,
        responder: Responder?, presenter: String?, trace: inout Trace
    ) async -> OpenResult.Outcome {
        let outcome: OpenResult.Outcome
        switch admit() {
        case .queueFull:
            outcome = .rejected(.readinessQueueFull(limit: settings.readinessQueueLimit))
        case .now:
            outcome = await run(url, options: options, parameters: parameters, source: source, responder: responder, presenter: presenter, trace: &trace)
        case .queued(let waiting):
            await waiting.go.wait()
            outcome = await run(url, options: options, parameters: parameters, source: source, responder: responder, presenter: presenter, trace: &trace)
            waiting.done.resolve(())
        }
        return outcome
    }

    /// Records and publishes an open's result, and tells the error hook of a failure: every
    /// open ends here, those refused before they reach the pipeline too.
    func conclude(_ result: consuming OpenResult) -> OpenResult {
        recorder?.record(result)
        hub.publish(result)
        switch result.outcome {
        case .notFound, .rejected: hooks.withLock { $0.onError }?(result)
        case .openedPage, .performedAction, .handled, .openedExternally, .requestedScene: break
        }
        return result
    }

    private func run(
        _ url: String, options: OpenOptions, parameters: [String: any Sendable], source: RouteSource,
        responder: Responder?, presenter: String?, trace: inout Trace
    ) async -> OpenResult.Outcome {
        var options = options
        var current = url
        // The requests a redirect left, by route and values: `myapp://A?` and `/a` are one hop.
        // Only a redirect needs a key: an open that goes nowhere else makes none.
        var visited: Set<String> = []
        // A caller outside the app sees only its routes: the URL it sent is looked up among
        // them, so nothing it observes depends on the routes it may not reach.
        let reachable = options.reachable ?? (source == .universalLink ? universalLinkReach : nil)
        while true {
            if Task.isCancelled { return .rejected(.cancelled) }
            if trace.declined.count > settings.declineLimit {
                return .rejected(.tooManyDeclines(url: current, declined: trace.declined, limit: settings.declineLimit))
            }
            let limited = trace.redirects.isEmpty ? reachable?.view(of: table) : nil
            var match: RouteMatch<RouteTarget>
            do {
                let routes = limited ?? table.snapshot
                if let declined = trace.declinedRoutes {
                    match = try routes.resolve(current, source: source, nativeParameters: parameters, declined: declined)
                } else {
                    match = try routes.resolve(current, source: source, nativeParameters: parameters)
                }
            } catch .noMatch(let noMatch) {
                // Refused as a route it may not reach is, before the duplicate guard and the
                // not-found page: a missing route and a forbidden one look alike to the caller.
                if limited != nil, let reachable { return .rejected(.notOpenToCaller(url: current, caller: reachable.caller)) }
                // A double tap of a link no route takes shows one not-found page.
                if isDuplicate(url, options: options, parameters: parameters, source: source, trace: &trace) { return .handled(by: Self.duplicateGuard) }
                // A restore, a home and a link at launch drop what no route matches: the window
                // stays as it was, with no not-found page in it.
                if options.showsNotFoundPage, !options.restoring { await showNotFound(current, noMatch, scene: options.scene) }
                return .notFound(noMatch)
            } catch {
                return .rejected(.invalidURL(error))
            }
            if let typed = options.typedPattern, trace.redirects.isEmpty, trace.declinedRoutes == nil, !isRoute(match.route.pattern, typed) {
                return .rejected(.typedRouteShadowed(pattern: typed, url: current, shadowedBy: match.route.pattern))
            }
            // Only now, once the caller may reach the route: a refused open leaves no trace here.
            if isDuplicate(url, options: options, parameters: parameters, source: source, trace: &trace) { return .handled(by: Self.duplicateGuard) }
            let key = visited.isEmpty ? nil : RedirectStop(match).key
            if let key, visited.contains(key) { return .rejected(.redirectLoop(trace.chain)) }
            let route = match.route
            let routeTarget = route.target
            // Filled in the match itself: a copy of the request would retain each of its parts.
            match.request.responder = responder
            match.request.presenter = presenter
            match.request.scene = options.scene
            match.request.isUnasked = options.fillingHome?.isUnasked ?? false
            match.request.caller = options.caller ?? RouteCaller(source: source)
            match.request.callerParameters = options.callerParameters

            // Asked here, not in `intercept`: an open with no interceptor makes no async call for them.
            let chain = options.skipsInterceptors ? [] : interceptors(of: routeTarget)
            // A redirect's stop is keyed as matched, and the chain changes the request in place:
            // taken before it, and only when there is one (with none, the match still holds it).
            let matched = chain.isEmpty ? nil : RedirectStop(match)
            if !chain.isEmpty {
                switch await intercept(&match.request, chain: chain, trace: &trace) {
                case .proceed: break
                case .redirect(let target):
                    if let refusal = pagesOnlyDetour(to: target, pattern: route.pattern, options: &options) { return .rejected(refusal) }
                    if let error = follow(target, trace: &trace) { return .rejected(error) }
                    visited.insert(key ?? (matched ?? RedirectStop(match)).key)
                    current = target
                    continue
                case .stop(let outcome): return outcome
                }
            }

            let pattern = route.pattern
            if let page = webPage(of: routeTarget, request: match.request, pattern: pattern) {
                switch webPageDecision(for: page) {
                case .inApp: break
                case .external:
                    if let refusal = pagesOnlyRefusal(options, pattern: pattern, reason: "it opens in the browser") { return .rejected(refusal) }
                    return await openExternally(page, pattern: pattern, scene: options.scene)
                case .refused(let reason): return .rejected(.invalidWebPage(url: page, reason: reason))
                }
            }
            switch routeTarget.kind {
            case .redirect(let targetPattern):
                switch redirectURL(to: targetPattern, carrying: match.request) {
                case .failure(let error): return .rejected(error)
                case .success(let target):
                    if let error = follow(target, trace: &trace) { return .rejected(error) }
                    visited.insert(key ?? (matched ?? RedirectStop(match)).key)
                    current = target
                    continue
                }
            case .action(let perform):
                if let refusal = pagesOnlyRefusal(options, pattern: pattern, reason: "it is an action", homeReason: "it is an action, not a page") {
                    return .rejected(refusal)
                }
                do {
                    try await perform(match.request)
                    return .performedAction(pattern: pattern)
                } catch let decline as RouteDeclined {
                    trace.decline(route, decline.reason)
                    continue
                } catch let refusal as TypedRouteRefusal {
                    return .rejected(refusal.error)
                } catch let chosen as any CallerFacingError {
                    trace.failureForCallers = CallerFacingFailure(chosen)
                    return .rejected(.actionFailed(pattern: pattern, reason: "\(chosen)"))
                } catch {
                    return .rejected(.actionFailed(pattern: pattern, reason: "\(error)"))
                }
            case .page(let declared, let make):
                let command = trace.redirects.isEmpty ? declared : loginCommand(forDetourTo: pattern) ?? declared
                let outcome = await show(pattern: pattern, request: match.request, options: options, parents: routeTarget.parents, home: routeTarget.home,
                                         declaredCommand: command) { [self, animated = options.animated] request in
                    (try takePreloaded(request.url) ?? make(request), command, animated)
                }
                if case .declined(let reason) = outcome { trace.decline(route, reason); continue }
                return outcome.result
            case .handler(let handler):
                let outcome = await show(pattern: pattern, request: match.request, options: options, parents: routeTarget.parents, home: routeTarget.home) { [animated = options.animated] request in
                    guard handler.shouldHandle(request) else { throw RouteDeclined() }
                    return (try handler.makeDestination(for: request), handler.command(for: request), handler.animates(request) && animated)
                } choosePresenter: { request in
                    handler.presenter(for: request)
                }
                if case .declined(let reason) = outcome { trace.decline(route, reason); continue }
                return outcome.result
            }
        }
    }

    /// Whether the registered route `pattern` (canonical) is the typed route of `typed`, however
    /// the type spells its pattern.
    private func isRoute(_ pattern: String, _ typed: String) -> Bool {
        if pattern == typed { return true }
        let canonical = try? RoutePattern(typed, converters: configuration.converters, limits: configuration.limits).description
        return canonical == pattern
    }

    /// Adds `target` to the chain, or says why it cannot be followed.
    ///
    /// A path is followed and resolved like any URL; anything else (a web URL, `//host`, an app
    /// URL, `javascript:`…) must pass ``allowsRedirect(to:)`` first.
    private func follow(_ target: String, trace: inout Trace) -> OpenError? {
        let isPlainPath = target.utf8.first == ASCII.slash && target.utf8.dropFirst().first != ASCII.slash
            && !target.utf8.contains(ASCII.backslash)
        if !isPlainPath, let reason = redirectRefusal(target) {
            return .invalidRedirect(target: target, reason: reason)
        }
        if target == trace.first || trace.redirects.contains(target) {
            return .redirectLoop(trace.chain + [target])
        }
        trace.redirect(to: target)
        if trace.redirects.count > settings.redirectLimit {
            return .tooManyRedirects(trace.chain, limit: settings.redirectLimit)
        }
        return nil
    }

    /// The URL of a redirect route's target: its path parameters filled from the request,
    /// every other parameter carried in the query.
    private func redirectURL(to pattern: String, carrying request: RouteRequest) -> Result<String, OpenError> {
        var values: [String: String] = [:]
        for parameter in request.pathParameters where values[parameter.name] == nil { values[parameter.name] = parameter.value }
        for parameter in request.query where values[parameter.name] == nil { values[parameter.name] = parameter.value }
        do {
            let parsed = try RoutePattern(pattern, converters: configuration.converters, limits: configuration.limits)
            let used = Set(parsed.parameterNames)
            let carried = request.pathParameters.filter { !used.contains($0.name) } + request.query.filter { !used.contains($0.name) }
            return .success(try table.url(for: pattern, parameters: values, query: RouteParameters(carried)))
        } catch {
            return .failure(.invalidRedirect(target: pattern, reason: "\(error)"))
        }
    }

    /// Builds and shows a page on the main actor.
    private func show(
        pattern: String, request: RouteRequest, options: OpenOptions, parents: [String], home: PageHome?,
        declaredCommand: NavigationCommand? = nil,
        build: @escaping @MainActor @Sendable (RouteRequest) throws -> (Destination, NavigationCommand, Bool),
        choosePresenter: (@MainActor @Sendable (RouteRequest) -> String?)? = nil
    ) async -> ShowOutcome {
        await MainActor.run { () -> ShowOutcome in
            var request = request
            if let choosePresenter { request.presenter = choosePresenter(request) }
            let navigator: any Navigator
            switch self.navigator(forScene: options.scene, pattern: pattern) {
            case .success(let found): navigator = found
            case .failure(let error): return .ended(.rejected(error))
            }
            // A page that asks for a window of its own is not built here: the new scene builds it.
            if (options.command ?? declaredCommand) == .newScene, !navigator.isEmpty {
                return .ended(requestScene(navigator, for: request.url, pattern: pattern))
            }
            let page: (destination: Destination, command: NavigationCommand, animated: Bool)
            do {
                page = try build(request)
            } catch let decline as RouteDeclined {
                return .declined(decline.reason)
            } catch let error as OpenError {
                return .ended(.rejected(error))
            } catch let refusal as TypedRouteRefusal {
                return .ended(.rejected(refusal.error))
            } catch {
                return .ended(.rejected(.pageFailed(pattern: pattern, reason: "\(error)")))
            }
            var command = options.command ?? page.command
            // A detour from a home that opened (login) goes over the empty stack, never into it:
            // a pushed login page would become a root that dismissing cannot remove.
            if options.presentsDetour, command == .push || command == .replace { command = .presentInNavigation }
            // A handler decides its command when asked: a scene with nothing on screen yet is one of its own.
            if command == .newScene, !navigator.isEmpty { return .ended(requestScene(navigator, for: request.url, pattern: pattern)) }
            let home: PageHome? = switch options.placement {
            case .routeHome: home
            case .current: nil
            case .home(let placed): placed
            }
            if let reselected = reselectHome(pattern, request: request, options: options, at: home, command: command, animated: page.animated, in: navigator) {
                return .ended(reselected)
            }
            if let refusal = page.destination.deliver(request, pattern: pattern) { return .ended(.rejected(refusal)) }
            var step: NavigationStep
            switch placedStep(page.destination, command, request: request, pattern: pattern, options: options, at: home, parents: parents,
                              animated: page.animated, in: navigator) {
            case .success(let placed): step = placed
            case .failure(let error): return .ended(.rejected(error))
            }
            step.home = home
            do {
                try navigator.perform(step)
            } catch {
                return .ended(.rejected(.navigationFailed(pattern: pattern, reason: "\(error)")))
            }
            return .ended(.openedPage(pattern: pattern, command: command))
        }
    }

    /// How showing a page ended: with an outcome, or declined by its handler.
    enum ShowOutcome {
        case ended(OpenResult.Outcome)
        case declined(String?)

        /// The outcome of a show that was not declined.
        var result: OpenResult.Outcome {
            switch self {
            case .ended(let outcome): return outcome
            case .declined: return .handled(by: "a declining handler") // not reached: run tries the next route
            }
        }
    }

    @MainActor
    private func requestScene(_ navigator: any Navigator, for url: String, pattern: String) -> OpenResult.Outcome {
        do {
            try navigator.requestScene(for: url)
        } catch {
            return .rejected(.navigationFailed(pattern: pattern, reason: "\(error)"))
        }
        return .requestedScene(url: url)
    }

    private func showNotFound(_ url: String, _ noMatch: NoMatch, scene: String?) async {
        guard let make = hooks.withLock({ $0.notFound }) else { return }
        await MainActor.run {
            guard let destination = make(url, noMatch), case .success(let navigator) = navigator(forScene: scene, pattern: url) else { return }
            let request = RouteRequest(url: url, path: noMatch.path)
            try? navigator.show(destination, command: .push, animated: true, request: request)
        }
    }
}
