import Foundation
import SwitchyardNavigation
import SwitchyardPatterns
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

/// What putting one home in place did (``Router/showHomes(scene:)``).
public struct HomeReport: Sendable, Equatable, CustomStringConvertible {
    /// How it ended.
    public enum Status: Sendable, Equatable {
        /// The home is its place's root now.
        case opened
        /// The place already showed screens; they were left as they are.
        case alreadyShown
        /// An interceptor sent it elsewhere (to log in): its stack stays empty until the user
        /// goes there (``Router/didSelectTab(_:scene:)``) or logs in.
        case waiting(String)
        /// It cannot open, and why; its stack stays empty.
        case failed(String)
    }

    /// The tab or column; `nil` for a plain window's root.
    public let place: PageHome?
    /// The home's URL.
    public let url: String
    /// How it ended.
    public let status: Status

    /// `tab "orders" /orders: waiting (…)`.
    public var description: String {
        let status: String = switch self.status {
        case .opened: "opened"
        case .alreadyShown: "already shows screens"
        case .waiting(let reason): "waits: \(reason)"
        case .failed(let reason): "not shown: \(reason)"
        }
        return "\(place?.description ?? "the window") \(DisplaySafe.text(url)): \(status)"
    }
}

/// What ``Router/launch(scene:restoring:links:)`` did, in order.
public struct LaunchReport: Sendable, CustomStringConvertible {
    /// Each home, as it ended.
    public internal(set) var homes: [HomeReport] = []
    /// The restoration, when a saved window was given.
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

extension Router {
    /// Starts a window the way a cold start needs: its homes first (``PipelineSettings/homes``),
    /// then the saved window on top of them, then each link, in order.
    ///
    /// Call it once per scene, when the scene connects, with what the system handed over: the
    /// restoration activity's saved window, the URL contexts, a universal link's user activity,
    /// a quick action's link, a notification's link. Opens wait for ``markReady()`` as usual.
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
    ///
    /// Every home, screen and link that did not open is logged, with the reason.
    ///
    /// A link handed to ``handleIncoming(_:via:scene:)`` while the launch runs waits for it to
    /// end (at most ``PipelineSettings/readinessQueueLimit`` of them; more go on at once).
    @discardableResult
    public func launch(scene: String? = nil, restoring saved: Data? = nil, links: [IncomingLink] = []) async -> LaunchReport {
        launches.withLock { $0[Self.launchKey(scene), default: []] = $0[Self.launchKey(scene)] ?? [] }
        defer { endLaunch(of: scene) }
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

    /// Puts in place the home of every place of the scene's window whose stack is empty, in
    /// the background: the user stays where they are, and nothing presented is dismissed.
    ///
    /// ``launch(scene:restoring:links:)`` calls it first, and ``resumeAfterLogin(using:scene:)``
    /// after the resumed route, so the homes that waited for login fill then. A home an
    /// interceptor sends elsewhere waits (``HomeReport/Status/waiting(_:)``).
    @discardableResult
    public func showHomes(scene: String? = nil) async -> [HomeReport] {
        let homes = settings.homes
        guard !homes.isEmpty else { return [] }
        let (places, missing) = await MainActor.run { () -> ([(PageHome?, String)], [HomeReport]) in
            guard case .success(let navigator) = navigator(forScene: scene, pattern: "a home") else { return ([], []) }
            return Self.homePlaces(homes, of: navigator)
        }
        var reports = missing
        for (place, url) in places {
            reports.append(await openHome(url, at: place, scene: scene, fill: .background))
        }
        return reports
    }

    /// Call when the user selected a tab — UIKit's tab bar delegate, SwiftUI's `TabView`
    /// selection — once the platform selected it: a tab whose stack is empty (its home waited
    /// for login, or could not open) opens its home there now, detour included, so a
    /// protected home shows login when the user goes to it. Should the user have gone on to
    /// another tab by the time the home opens, it fills its tab without selecting it.
    ///
    /// UIKit reports a tap on the tab already selected too, so a user who cancelled login gets
    /// it again by tapping the tab; SwiftUI's `TabView` reports no such tap, only a change of tab.
    ///
    /// Returns that open, or `nil` when the tab shows screens already or has no home.
    @discardableResult
    public func didSelectTab(_ tab: String, scene: String? = nil) async -> OpenResult? {
        guard let url = settings.homes.tabs[tab] else { return nil }
        let empty = await MainActor.run { () -> Bool in
            guard case .success(let navigator) = navigator(forScene: scene, pattern: url) else { return false }
            return navigator.routes(at: .tab(tab)) == []
        }
        guard empty else { return nil }
        var options = OpenOptions(animated: false, scene: scene, isReplay: true)
        options.placement = .home(.tab(tab))
        options.fillingHome = .tapped
        options.showsNotFoundPage = false
        return await open(url, options: options, source: .inApp)
    }

    /// The key of a scene's launch; `nil`, the router's own navigator, is a name no scene has.
    static func launchKey(_ scene: String?) -> String { scene.map { "scene:" + $0 } ?? "default" }

    /// Lets the links that waited for the scene's launch go on.
    private func endLaunch(of scene: String?) {
        let waiting = launches.withLock { $0.removeValue(forKey: Self.launchKey(scene)) } ?? []
        for link in waiting { link.resume() }
    }

    /// How many links wait for a scene's launch, across scenes: what tests read.
    package var launchWaiters: Int { launches.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    /// Waits while the scene's launch runs; at once when none does, or when as many links as
    /// the readiness queue holds wait already.
    func waitForLaunch(of scene: String?) async {
        let key = Self.launchKey(scene)
        guard launches.withLock({ $0[key] != nil }) else { return }
        let limit = settings.readinessQueueLimit
        await withCheckedContinuation { (link: CheckedContinuation<Void, Never>) in
            let waits = launches.withLock { launches -> Bool in
                guard let waiting = launches[key], waiting.count < limit else { return false }
                launches[key] = waiting + [link]
                return true
            }
            if !waits { link.resume() }
        }
    }

    /// The places of `navigator`'s window that have a home and show nothing; a report for each
    /// that shows screens already, and for each home of a place the window lacks.
    @MainActor
    static func homePlaces(_ homes: WindowHomes, of navigator: any Navigator) -> ([(PageHome?, String)], [HomeReport]) {
        let places = navigator.places
        var open: [(PageHome?, String)] = []
        var reports: [HomeReport] = []
        for place in places.isEmpty ? [nil] : places.map(Optional.some) {
            guard let url = homes.url(for: place) else { continue }
            switch navigator.routes(at: place) {
            case []?: open.append((place, url))
            case nil: reports.append(HomeReport(place: place, url: url, status: .failed(Self.noStack)))
            case _?: reports.append(HomeReport(place: place, url: url, status: .alreadyShown))
            }
        }
        let tabs = homes.tabs.keys.sorted().map { PageHome.tab($0) }
        let columns = homes.columns.keys.sorted { $0.rawValue < $1.rawValue }.map { PageHome.column($0) }
        let shape = places.isEmpty ? "one stack" : places.map(\.description).joined(separator: ", ")
        // A home for a place the window lacks: a tab it does not have, or any tab of a window
        // that is one stack (launched before its tab bar was installed, say).
        for place in tabs + columns where !places.contains(place) {
            reports.append(HomeReport(place: place, url: homes.url(for: place) ?? "", status: .failed("the window has no \(place); it has \(shape)")))
        }
        return (open, reports)
    }

    /// Why a home was not put where a place has no stack (a UIKit tab that is no navigation container).
    static let noStack = "its place has no navigation stack to hold a home"

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

    /// Opens the home `url` as the root of `place`'s stack.
    func openHome(_ url: String, at place: PageHome?, scene: String?, fill: OpenOptions.HomeFill) async -> HomeReport {
        var options = OpenOptions(animated: false, scene: scene, isReplay: true)
        options.placement = place.map { .home($0) } ?? .current
        options.fillingHome = fill
        options.showsNotFoundPage = false
        let result = await open(url, options: options, source: .inApp)
        let status: HomeReport.Status = switch result.outcome {
        case .openedPage: .opened
        case .rejected(.homeWaiting(_, _, let target)):
            .waiting("an interceptor sent it to \(DisplaySafe.text(target)); it opens when the user goes there, or after login")
        case .rejected(.homeNotShown(_, _, let reason)) where reason == Self.stackNotEmpty: .alreadyShown
        default: .failed(result.outcome.description)
        }
        return HomeReport(place: place, url: url, status: status)
    }

    /// Why a home was not put in a stack that shows screens.
    static let stackNotEmpty = "its stack already shows screens"

    /// The parents of a page to build over the stack at `home` when that stack holds only its
    /// place's home: those after the home itself. `nil` when the stack holds anything else.
    @MainActor
    func parentsAbove(home: PageHome?, in navigator: any Navigator, parents: [String]) -> [String]? {
        guard let routes = navigator.routes(at: home), routes.count == 1, let homePattern = homePattern(at: home, in: navigator),
              routes[0] == homePattern else { return nil }
        return Array(parents.drop { parent in
            let canonical = (try? RoutePattern(parent, converters: configuration.converters, limits: configuration.limits).description) ?? parent
            return canonical == homePattern
        })
    }

    /// The match of the home URL of `home` (the current place's for `nil`), if it has one the
    /// table resolves: one lookup serves every question about a place's home.
    @MainActor
    func homeMatch(at home: PageHome?, in navigator: any Navigator) -> RouteMatch<RouteTarget>? {
        let homes = settings.homes
        guard !homes.isEmpty, let url = homes.url(for: home ?? navigator.currentPlace) else { return nil }
        return try? table.resolve(url)
    }

    /// The pattern of the route that is the home of `home` (the current place's for `nil`).
    @MainActor
    func homePattern(at home: PageHome?, in navigator: any Navigator) -> String? {
        homeMatch(at: home, in: navigator)?.route.pattern
    }

    /// Whether `request` opens the home of `home` (the current place's for `nil`): its route and
    /// its path, as the home's URL gives them.
    @MainActor
    func isHomeRequest(_ request: RouteRequest, at home: PageHome?, in navigator: any Navigator) -> Bool {
        guard let match = homeMatch(at: home, in: navigator) else { return false }
        return match.route.pattern == request.pattern?.description && match.request.path == request.path
    }

    /// Whether `url` opens the route that is `place`'s home, while that stack holds only it:
    /// a saved screen a restore must not open a second time.
    @MainActor
    func isHome(_ url: String, at place: PageHome?, scene: String?) -> Bool {
        guard case .success(let navigator) = navigator(forScene: scene, pattern: url), let routes = navigator.routes(at: place), routes.count == 1,
              let homePattern = homePattern(at: place, in: navigator), routes[0] == homePattern else { return false }
        return (try? table.resolve(url).route.pattern) == homePattern
    }
}

extension OpenOptions.Placement {
    /// The place, for messages: `tab "orders"`, or `the window`.
    var name: String {
        switch self {
        case .home(let home): return home.description
        case .current, .routeHome: return "the window"
        }
    }
}
