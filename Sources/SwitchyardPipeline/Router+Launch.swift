import Foundation
import SwitchyardNavigation
import SwitchyardRouting
import SwitchyardSupport

/// A URL handed to the app at launch, and how it came.
public struct IncomingLink: Sendable, Equatable {
    /// The URL, as the system gave it.
    public var url: String
    /// How it reached the app: a custom-scheme link or a quick action's link (``IncomingOrigin/openURL``),
    /// a universal link (``IncomingOrigin/userActivity``), a notification's (``IncomingOrigin/push``).
    public var origin: IncomingOrigin

    /// A link that came as `origin` says.
    public init(_ url: String, via origin: IncomingOrigin = .openURL) {
        self.url = url
        self.origin = origin
    }
}

extension IncomingLink: ExpressibleByStringLiteral {
    /// A custom-scheme link: `launch(links: ["shop://order/7"])`.
    public init(stringLiteral url: String) {
        self.init(url)
    }
}

/// What ``Router/launch(scene:restoring:links:)`` did, in order.
public struct LaunchReport: Sendable, CustomStringConvertible {
    /// Each home, as it ended.
    public internal(set) var homes: [HomeReport] = []
    /// The restoration, when a saved window was given and the scene had not launched already.
    public internal(set) var restoration: RestorationReport?
    /// Each link, in the order given.
    public internal(set) var links: [IncomingResult] = []

    /// One line per part.
    public var description: String {
        var lines = homes.map { "home: \($0)" }
        if let restoration { lines.append("restoration: \(restoration)") }
        for result in links {
            switch result {
            case .handledByCallback(let name): lines.append("link: taken by \(name)")
            case .opened(let open): lines.append("link: \(DisplaySafe.text(open.url)): \(open.outcome)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The launches whose work the current task does: what it opens never waits for one of them,
/// which waits for it.
enum LaunchScope {
    /// One launch: its router and its number there.
    struct Mark: Sendable, Equatable {
        let router: ObjectIdentifier
        let launch: Int
    }

    @TaskLocal static var marks: [Mark] = []
    /// Resolved when the launch link the current task opens has put its page in place and waits
    /// only for an answer (``Router/callReporting(_:from:parameters:source:options:)``): the
    /// launch goes on without waiting for the answer.
    @TaskLocal static var placed: Gate<Void>?

    /// The numbers of `router`'s launches the current task works for.
    static func launches(of router: Router) -> [Int] {
        let id = ObjectIdentifier(router)
        return marks.compactMap { $0.router == id ? $0.launch : nil }
    }
}

extension Router {
    /// Starts a window the way a cold start needs: its homes first (``PipelineSettings/homes``),
    /// then the saved window on top of them, then each link, in order.
    ///
    /// Call it once per scene, when the scene connects, on the main actor right after
    /// ``attach(_:scene:)``, with what the system handed over: the restoration activity's saved
    /// window, the URL contexts, a universal link's user activity, a quick action's link, a
    /// notification's link. It is in place from that moment: a link handed to
    /// ``handleIncoming(_:via:scene:)`` for the scene, before or while it runs, opens once it
    /// ends, over what it put in place; so does a link handed over before the scene was attached
    /// at all (SwiftUI may call `.onOpenURL` before the window's `.task`), for up to
    /// ``PipelineSettings/sceneWait``.
    ///
    /// It starts once the router is ready (``markReady()``), so call `markReady()` when the
    /// modules have started, not after awaiting this: past ``PipelineSettings/readinessWarning``
    /// the wait is logged with that fix.
    ///
    /// - A home is its place's root; a home an interceptor sends elsewhere (a protected tab,
    ///   logged out) waits with its stack empty rather than show login at launch.
    /// - A saved screen that is its place's home is not opened twice; the rest open on top.
    /// - A link opens over the home as its route's command says: a page whose parents are
    ///   declared gets them between the home and itself; a protected page shows login over
    ///   the home. A refused, malformed or unknown link leaves the window as it was, with no
    ///   not-found page (``setNotFoundPage(_:)`` applies to links while the app runs).
    /// - Last, when the user's own place (the selected tab, the plain window) still shows
    ///   nothing and nothing is presented, its home opens there, detour included: the user is
    ///   there, so a protected home they are looking at (the first tab of a banking app, a tab
    ///   restored as selected) shows login then, presented over the empty stack. A protected
    ///   home of any other tab waits until the user goes there.
    /// - A second launch of a scene waits for the first and takes over from it (links handed over
    ///   meanwhile wait for it too), then fills only what is empty and opens its links: a saved
    ///   window is restored once per navigator, never twice into one stack.
    /// - The launch is in place once each link has opened; a link whose route then waits for an
    ///   answer has opened once its page shows (another app's request for a picker) or once it
    ///   has called the app that will reply (``call(_:from:parameters:source:options:)``,
    ///   x-callback-url), so links handed over meanwhile wait for neither the user nor that app. The report comes once every link has
    ///   finished. Opens held until ``markReady()`` replay once the launches are in place.
    ///
    /// Every home, screen and link that did not open is logged, with the reason; a scene with
    /// no navigator attached reports each home as not shown, naming the fix.
    @MainActor @discardableResult
    public func launch(scene: String? = nil, restoring saved: Data? = nil, links: [IncomingLink] = []) async -> LaunchReport {
        let key = Self.launchKey(scene)
        // Registered first, before any suspension: a link handed over from now on waits for it.
        let number: Int
        switch launches.withLock({ $0.begin(key) }) {
        case .began(let began): number = began
        case .queued(let turn): number = await turn.wait()
        }
        return await launchBegun(key, number: number, scene: scene, restoring: saved, links: links)
    }

    /// Starts ``launch(scene:restoring:links:)`` and returns at once, the launch in place
    /// already: for a UIKit scene delegate's `scene(_:willConnectTo:options:)`, which cannot
    /// await, right after ``attach(_:scene:)``. A link the system hands over next
    /// (`scene(_:openURLContexts:)`) waits for it, whichever task the system runs first.
    ///
    /// ```swift
    /// router.attach(navigator, scene: id)
    /// router.startLaunch(scene: id, restoring: saved, links: links)
    /// ```
    ///
    /// The task's value is the launch's report.
    @MainActor @discardableResult
    public func startLaunch(scene: String? = nil, restoring saved: Data? = nil, links: [IncomingLink] = []) -> Task<LaunchReport, Never> {
        let key = Self.launchKey(scene)
        switch launches.withLock({ $0.begin(key) }) {
        case .began(let number):
            return Task { await launchBegun(key, number: number, scene: scene, restoring: saved, links: links) }
        case .queued(let turn):
            // Another launch of the scene runs: this one takes over from it, as a second `launch` does.
            return Task { await launchBegun(key, number: await turn.wait(), scene: scene, restoring: saved, links: links) }
        }
    }

    /// The launch of `key`, registered already as `number`.
    @MainActor
    private func launchBegun(_ key: String, number: Int, scene: String?, restoring saved: Data?, links: [IncomingLink]) async -> LaunchReport {
        let filled = navigator(forScene: scene).map(ObjectIdentifier.init)
        let again = launches.withLock { $0.hasLaunched(key, into: filled) }
        if again, saved != nil {
            configuration.logger.notice("launch: \(scene.map { "scene \"\(DisplaySafe.text($0))\"" } ?? "the window") launched already into this navigator; its saved window is not restored a second time")
        }
        let mark = LaunchScope.Mark(router: ObjectIdentifier(self), launch: number)
        let (placed, finishing) = await LaunchScope.$marks.withValue(LaunchScope.marks + [mark]) {
            await waitUntilReady(for: "launch(scene: \(scene.map { "\"\(DisplaySafe.text($0))\"" } ?? "nil"))")
            return await placeLaunch(scene: scene, restoring: again ? nil : saved, links: links)
        }
        // In place: the links that waited open now, over it, or the launch asked for next runs.
        let ended = launches.withLock { $0.end(key, filled: navigator(forScene: scene).map(ObjectIdentifier.init)) }
        for link in ended.links { link.resolve(.launched) }
        if let (turn, next) = ended.next { turn.resolve(next) }
        var report = placed
        for link in finishing { report.links.append(await link.value) }
        logOutcome(of: report, scene: scene)
        return report
    }

    /// Puts the launch in place: the homes, the saved window, then each link until it has opened
    /// (a link that waits for an answer, such as another app's request for a picker, is in place
    /// once its page shows), then the user's own home if it is still empty. The links' results
    /// come from the tasks returned, once each has finished.
    private func placeLaunch(scene: String?, restoring saved: Data?, links: [IncomingLink]) async -> (LaunchReport, [Task<IncomingResult, Never>]) {
        var report = LaunchReport()
        report.homes = await showHomes(scene: scene)
        if let saved { report.restoration = await restore(saved, scene: scene) }
        var opening: [Task<IncomingResult, Never>] = []
        for link in links {
            let placed = Gate<Void>()
            let task = Task {
                let result = await LaunchScope.$placed.withValue(placed) {
                    await handleIncoming(link.url, via: link.origin, scene: scene, showsNotFoundPage: false)
                }
                placed.resolve(())
                return result
            }
            opening.append(task)
            await withTaskCancellationHandler { await placed.wait() } onCancel: { task.cancel() }
        }
        if let current = await homeOfEmptyCurrentPlace(scene: scene) {
            let opened = await openHome(current.url, at: current.place, scene: scene, fill: .inPlace)
            if let index = report.homes.firstIndex(where: { $0.place == current.place }) {
                report.homes[index] = opened
            } else {
                report.homes.append(opened)
            }
        }
        return (report, opening)
    }

    /// Logs every home and link of `report` that did not open, with why; homes not put in place
    /// for want of a navigator were logged when they were reported.
    private func logOutcome(of report: LaunchReport, scene: String?) {
        let logger = configuration.logger
        for home in report.homes {
            switch home.status {
            case .opened, .alreadyShown: break
            case .waiting: logger.info("launch: home \(home)")
            case .failed(let reason): if reason != Self.noNavigatorForLaunch(scene: scene) { logger.warning("launch: home \(home)") }
            }
        }
        for case .opened(let result) in report.links {
            switch result.outcome {
            case .rejected, .notFound: logger.warning("launch: link \(DisplaySafe.text(result.url)) did not open: \(result.outcome)")
            default: break
            }
        }
    }

    /// The home of the user's own place, when that place shows nothing and nothing is presented.
    private func homeOfEmptyCurrentPlace(scene: String?) async -> (place: PageHome?, url: String)? {
        let homes = windowHomes
        guard !homes.isEmpty else { return nil }
        return await MainActor.run { () -> (place: PageHome?, url: String)? in
            guard case .success(let navigator) = navigator(forScene: scene, pattern: "a home"), !navigator.isPresenting else { return nil }
            let place = navigator.currentPlace
            guard let url = homes.url(for: place), navigator.routes(at: place) == [] else { return nil }
            return (place, url)
        }
    }

    /// The key of a scene's launch; `nil`, the router's own navigator, is a name no scene has.
    static func launchKey(_ scene: String?) -> String { scene.map { "scene:" + $0 } ?? SceneLaunches.defaultKey }

    /// How many links wait for a scene or its launch, across scenes: what tests read.
    package var launchWaiters: Int { launches.withLock { $0.waitingLinks } }

    /// How many launches wait for ``markReady()``: what tests read.
    package var launchesWaitingForReadiness: Int { arrivals.withLock { $0.launches.count } }

    /// Waits while the scene's launch runs, or for a scene the router does not know yet; at
    /// once otherwise, for a launch whose work the task is part of (what a launch opens never
    /// waits for it), for a route that answers without showing anything (a reply to this app's
    /// x-callback call), and when as many links as the readiness queue holds wait already.
    ///
    /// - Parameter reach: the routes the link may reach (a universal link's): its route is looked
    ///   up among them only, so whether it waits says nothing of the routes it may not reach.
    func waitForLaunch(of scene: String?, url: String, reach: ReachableRoutes?) async {
        let key = Self.launchKey(scene)
        let inside = LaunchScope.launches(of: self)
        var looked = false, settled = false
        while true {
            // Both read under one lock: read apart, a launch begun between the two reads made
            // the link neither wait for it nor look again.
            let (found, fresh) = launches.withLock { ($0.wait(for: key, inside: inside), $0.isFresh(key)) }
            guard let wait = found else {
                // A scene attached and never launched may be between its attach and its launch,
                // which the main actor runs in one turn: look again once that turn is over.
                guard !settled, fresh else { return }
                settled = true
                await MainActor.run {}
                continue
            }
            if !looked {
                // Only now, when it would wait: most links find no launch and resolve nothing here.
                let target = (try? (reach?.view(of: table) ?? table.snapshot).resolve(url))?.target
                if target?.waitsForLaunch == false { return }
                // A window that is still to come matters to a link that shows something; the
                // router's own navigator is optional (an app of actions has none), so a link
                // for it that shows nothing, or that no route takes, goes on.
                if wait == .scene, key == SceneLaunches.defaultKey, !(target?.shows ?? false) { return }
                looked = true
            }
            let limit = settings.readinessQueueLimit
            let waiter: SceneLaunches.Waiter, queuedFor: SceneLaunches.Wait
            switch launches.withLock({ $0.enqueue(for: key, inside: inside, limit: limit) }) {
            case .waiting(let queued, let kind): (waiter, queuedFor) = (queued, kind)
            // The scene was attached since the look, and its launch may come in the same
            // main-actor turn: look again from the top.
            case .nothingToWaitFor: continue
            case .full: return
            }
            var timer: Task<Void, Never>?
            if queuedFor == .scene {
                let after = settings.sceneWait
                timer = Task { [gate = waiter.gate] in
                    try? await Task.sleep(for: after)
                    if !Task.isCancelled { gate.resolve(.timedOut) }
                }
            }
            let release = await withTaskCancellationHandler {
                await waiter.gate.wait()
            } onCancel: { [gate = waiter.gate] in
                gate.resolve(.cancelled)
            }
            timer?.cancel()
            switch release {
            case .launched: return
            case .attached:
                // The code that attached the navigator may launch the scene next, in the same
                // main-actor turn: look again once it has run.
                await MainActor.run {}
            case .timedOut, .cancelled:
                launches.withLock { $0.forget(waiter.id) }
                if release == .timedOut {
                    configuration.logger.warning("a link for \(scene.map { "scene \"\(DisplaySafe.text($0))\"" } ?? "the window") waited \(settings.sceneWait) for the scene, which was neither attached nor launched: attach its navigator and call router.launch(scene:restoring:links:) when the scene connects; the link opens now: \(DisplaySafe.text(url, limit: 200))")
                }
                return
            }
        }
    }

    /// Waits until every launch running is in place: the opens held until ``markReady()``
    /// replay over what the launches released with them put in place.
    func waitForRunningLaunches() async {
        guard let gate = launches.withLock({ $0.waitForAll() }) else { return }
        _ = await gate.wait()
    }

    /// Says the work of the current task now waits only for an answer from outside (a page's,
    /// another app's reply): a launch link doing it is in place, and the launch goes on.
    package static func awaitsAnswer() {
        LaunchScope.placed?.resolve(())
    }

    /// Why a launch or ``showHomes(scene:)`` put no home in place: the scene has no navigator.
    package static func noNavigatorForLaunch(scene: String?) -> String {
        if let scene {
            return "no navigator is attached for scene \"\(DisplaySafe.text(scene))\": attach it with router.attach(_:scene:) before launching the scene"
        }
        return "the router has no navigator: set router.navigator (or attach a scene's with router.attach(_:scene:)) before launching"
    }
}
