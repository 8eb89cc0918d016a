import Foundation
import SwitchyardNavigation
import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardSupport

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

extension Router {
    /// Puts in place the home of every place of the scene's window whose stack is empty, in
    /// the background: the user stays where they are, and nothing presented is dismissed.
    ///
    /// ``launch(scene:restoring:links:)`` calls it first, and ``resumeAfterLogin(using:scene:)``
    /// after the resumed route, so the homes that waited for login fill then. A home an
    /// interceptor sends elsewhere waits (``HomeReport/Status/waiting(_:)``). With no navigator
    /// for the scene, every home is reported not shown, with the fix, and logged.
    @discardableResult
    public func showHomes(scene: String? = nil) async -> [HomeReport] {
        let homes = windowHomes
        guard !homes.isEmpty else { return [] }
        let (places, missing) = await MainActor.run { () -> ([(PageHome?, String)], [HomeReport]) in
            guard let navigator = navigator(forScene: scene) else {
                let reason = Self.noNavigatorForLaunch(scene: scene)
                configuration.logger.warning("homes not put in place: \(reason)")
                return ([], homes.all.map { HomeReport(place: $0.place, url: $0.url, status: .failed(reason)) })
            }
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
        guard let url = windowHomes.tabs[tab] else { return nil }
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

    /// Why an open that shows pages only (a restore, a home put in place) cannot open this route,
    /// which `reason` says is no page (`homeReason` for a home, when it says it otherwise); `nil`
    /// for any other open.
    func pagesOnlyRefusal(_ options: OpenOptions, pattern: String, reason: String, homeReason: String? = nil) -> OpenError? {
        if options.restoring { return .notRestorable(pattern: pattern, reason: reason) }
        if options.fillingHome != nil { return .homeNotShown(place: options.placement.name, pattern: pattern, reason: homeReason ?? reason) }
        return nil
    }

    /// What an open that shows pages only does when an interceptor sends it to `target`: a
    /// restore drops the screen rather than stack its detour (login) in the window, and a home
    /// put in place in the background waits rather than show a detour the user did not ask for;
    /// both refused here. A home the user went to follows the detour, which `options` now shows
    /// as its own route says, presented over the empty stack. `nil` to follow it.
    func pagesOnlyDetour(to target: String, pattern: String, options: inout OpenOptions) -> OpenError? {
        if options.restoring { return .notRestorable(pattern: pattern, reason: "an interceptor sent it to \(DisplaySafe.text(target))") }
        if options.fillingHome == .background { return .homeWaiting(place: options.placement.name, pattern: pattern, target: target) }
        if options.fillingHome != nil { (options.fillingHome, options.placement, options.presentsDetour) = (nil, .routeHome, true) }
        return nil
    }

    /// A place's home opened while its stack starts with it (a quick action to a tab): back to
    /// it, as reselecting the tab does, rather than stack it twice. `nil` for any other open.
    @MainActor
    func reselectHome(
        _ pattern: String, request: RouteRequest, options: OpenOptions, at home: PageHome?, command: NavigationCommand, animated: Bool,
        in navigator: any Navigator
    ) -> OpenResult.Outcome? {
        // Cheapest tests first: an app without homes, and most opens, never read the window.
        guard !windowHomes.isEmpty, options.fillingHome == nil, !options.restoring, options.command == nil, request.responder == nil,
              request.query.items.isEmpty, navigator.routes(at: home)?.first == pattern, isHomeRequest(request, at: home, in: navigator) else { return nil }
        do {
            try navigator.perform(.back(.popTo(pattern: pattern), animated: animated))
        } catch {
            return .rejected(.navigationFailed(pattern: pattern, reason: "\(error)"))
        }
        return .openedPage(pattern: pattern, command: command)
    }

    /// The step that shows `destination`: a home put in place becomes its place's root, only while
    /// that stack is empty; a page with parents gets them under it on an empty stack, or between
    /// the home and itself for a link from outside the app to a stack that holds only its home;
    /// any other page shows as `command` says.
    @MainActor
    func placedStep(
        _ destination: Destination, _ command: NavigationCommand, request: RouteRequest, pattern: String, options: OpenOptions, at home: PageHome?,
        parents: [String], animated: Bool, in navigator: any Navigator
    ) -> Result<NavigationStep, OpenError> {
        if let fill = options.fillingHome {
            // Checked here, on the main actor with the window as it is now: a home goes only
            // where nothing was shown meanwhile.
            guard let routes = navigator.routes(at: home) else {
                return .failure(.homeNotShown(place: options.placement.name, pattern: pattern, reason: Self.noStack))
            }
            guard routes.isEmpty else { return .failure(.homeNotShown(place: options.placement.name, pattern: pattern, reason: Self.stackNotEmpty)) }
            var step = NavigationStep(.showStack([(destination, request)]), animated: false)
            // A tapped tab is shown, unless the user went elsewhere while its home opened.
            step.revealsHome = fill == .tapped && navigator.currentPlace == home
            return .success(step)
        }
        let shown = NavigationStep.show(destination, command, request: request, animated: animated)
        guard !parents.isEmpty, !options.restoring else { return .success(shown) }
        do throws(OpenError) {
            if navigator.isEmpty(at: home) {
                return .success(NavigationStep(.showStack(try parentPages(parents, of: pattern, request: request) + [(destination, request)]), animated: false))
            }
            if request.source != .inApp, !windowHomes.isEmpty, let above = parentsAbove(home: home, in: navigator, parents: parents) {
                return .success(NavigationStep(.pushStack(try parentPages(above, of: pattern, request: request) + [(destination, request)]), animated: animated))
            }
            return .success(shown)
        } catch {
            return .failure(error)
        }
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
        let homes = windowHomes
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
