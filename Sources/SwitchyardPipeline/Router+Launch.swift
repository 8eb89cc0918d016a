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

/// The routers whose launch the current task runs: what it opens never waits for a launch.
enum LaunchScope {
    @TaskLocal static var routers: [ObjectIdentifier] = []
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
    /// - A second launch of a scene waits for the first, then fills only what is empty and opens
    ///   its links: a saved window is restored once per navigator, never twice into one stack.
    ///
    /// Every home, screen and link that did not open is logged, with the reason; a scene with
    /// no navigator attached reports each home as not shown, naming the fix.
    @MainActor @discardableResult
    public func launch(scene: String? = nil, restoring saved: Data? = nil, links: [IncomingLink] = []) async -> LaunchReport {
        let key = Self.launchKey(scene)
        // Registered first, before any suspension: a link handed over from now on waits for it.
        while let running = launches.withLock({ $0.begin(key) }) { _ = await running.wait() }
        return await launchBegun(key, scene: scene, restoring: saved, links: links)
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
        guard let running = launches.withLock({ $0.begin(key) }) else {
            return Task { await launchBegun(key, scene: scene, restoring: saved, links: links) }
        }
        // Another launch of the scene runs: this one follows it, as a second `launch` does.
        return Task {
            _ = await running.wait()
            return await launch(scene: scene, restoring: saved, links: links)
        }
    }

    /// The launch of `key`, registered already.
    @MainActor
    private func launchBegun(_ key: String, scene: String?, restoring saved: Data?, links: [IncomingLink]) async -> LaunchReport {
        let filled = navigator(forScene: scene).map(ObjectIdentifier.init)
        let again = launches.withLock { $0.hasLaunched(key, into: filled) }
        let report = await LaunchScope.$routers.withValue(LaunchScope.routers + [ObjectIdentifier(self)]) {
            await waitUntilReady(for: "launch(scene: \(scene.map { "\"\(DisplaySafe.text($0))\"" } ?? "nil"))")
            return await runLaunch(scene: scene, restoring: again ? nil : saved, links: links)
        }
        if again, saved != nil {
            configuration.logger.notice("launch: \(scene.map { "scene \"\(DisplaySafe.text($0))\"" } ?? "the window") launched already into this navigator; its saved window is not restored a second time")
        }
        let waiting = launches.withLock { $0.end(key, filled: navigator(forScene: scene).map(ObjectIdentifier.init)) }
        for link in waiting { link.resolve(.launched) }
        return report
    }

    private func runLaunch(scene: String?, restoring saved: Data?, links: [IncomingLink]) async -> LaunchReport {
        var report = LaunchReport()
        report.homes = await showHomes(scene: scene)
        if let saved { report.restoration = await restore(saved, scene: scene) }
        for link in links {
            report.links.append(await handleIncoming(link.url, via: link.origin, scene: scene, showsNotFoundPage: false))
        }
        if let current = await homeOfEmptyCurrentPlace(scene: scene) {
            let opened = await openHome(current.url, at: current.place, scene: scene, fill: .inPlace)
            if let index = report.homes.firstIndex(where: { $0.place == current.place }) {
                report.homes[index] = opened
            } else {
                report.homes.append(opened)
            }
        }
        let logger = configuration.logger
        for home in report.homes {
            switch home.status {
            case .opened, .alreadyShown: break
            case .waiting: logger.info("launch: home \(home)")
            case .failed: logger.warning("launch: home \(home)")
            }
        }
        for case .opened(let result) in report.links {
            switch result.outcome {
            case .rejected, .notFound: logger.warning("launch: link \(DisplaySafe.text(result.url)) did not open: \(result.outcome)")
            default: break
            }
        }
        return report
    }

    /// The home of the user's own place, when that place shows nothing and nothing is presented.
    private func homeOfEmptyCurrentPlace(scene: String?) async -> (place: PageHome?, url: String)? {
        let homes = settings.homes
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
    /// once otherwise, inside a launch of this router (what a launch opens never waits for it),
    /// for a route that answers without showing anything (a reply to this app's x-callback
    /// call), and when as many links as the readiness queue holds wait already.
    func waitForLaunch(of scene: String?, url: String) async {
        guard !LaunchScope.routers.contains(ObjectIdentifier(self)) else { return }
        let key = Self.launchKey(scene)
        var looked = false
        while true {
            guard let wait = launches.withLock({ $0.wait(for: key) }) else { return }
            if !looked {
                // Only now, when it would wait: most links find no launch and resolve nothing here.
                let target = (try? table.resolve(url))?.target
                if target?.waitsForLaunch == false { return }
                // A window that is still to come matters to a link that shows something; the
                // router's own navigator is optional (an app of actions has none), so a link
                // for it that shows nothing, or that no route takes, goes on.
                if wait == .scene, key == SceneLaunches.defaultKey, !(target?.shows ?? false) { return }
                looked = true
            }
            let limit = settings.readinessQueueLimit
            guard let (waiter, wait) = launches.withLock({ $0.enqueue(for: key, limit: limit) }) else { return }
            var timer: Task<Void, Never>?
            if wait == .scene {
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

    /// Why a launch or ``showHomes(scene:)`` put no home in place: the scene has no navigator.
    package static func noNavigatorForLaunch(scene: String?) -> String {
        if let scene {
            return "no navigator is attached for scene \"\(DisplaySafe.text(scene))\": attach it with router.attach(_:scene:) before launching the scene"
        }
        return "the router has no navigator: set router.navigator (or attach a scene's with router.attach(_:scene:)) before launching"
    }
}
