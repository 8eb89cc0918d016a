import Foundation
import SwitchyardNavigation
import SwitchyardSupport

/// What restoring a saved window did: the screens opened again, and each one dropped with why.
public struct RestorationReport: Sendable, CustomStringConvertible {
    /// A screen that was not restored, and why: the pipeline's refusal, or a tab the window no longer has.
    public struct Dropped: Sendable, Equatable, CustomStringConvertible {
        /// The screen's saved URL.
        public let url: String
        /// Why it was not opened.
        public let reason: String

        /// `url: reason`, the URL made safe to print.
        public var description: String { "\(DisplaySafe.text(url)): \(reason)" }
    }

    /// The URLs opened again, in the order they were opened.
    public internal(set) var opened: [String] = []
    /// The screens not restored; the screens under each stay.
    public internal(set) var dropped: [Dropped] = []
    /// Why the whole value was refused, when it was: the window then starts clean.
    public internal(set) var refused: RestorationError?

    /// `restored 3 screens, dropped 1: …`, or why nothing was.
    public var description: String {
        if let refused { return "restored nothing: \(refused)" }
        var text = "restored \(opened.count) screen\(opened.count == 1 ? "" : "s")"
        if !dropped.isEmpty { text += ", dropped \(dropped.count): " + dropped.map(\.description).joined(separator: "; ") }
        return text
    }
}

extension Router {
    /// Restores a window saved with ``SavedWindow/encoded()`` into ``navigator``, which should
    /// be empty (a fresh launch). Refuses a value that is corrupt, newer or past `limits`,
    /// opening nothing; see ``restore(_:)`` for the rest.
    @discardableResult
    public func restore(_ data: Data, limits: RestorationLimits = .default, scene: String? = nil) async -> RestorationReport {
        do {
            return await restore(try SavedWindow.decode(data, limits: limits), limits: limits, scene: scene)
        } catch {
            configuration.logger.warning("state restoration skipped: \(error)")
            var report = RestorationReport()
            report.refused = error
            return report
        }
    }

    /// Opens each saved screen again through the pipeline, without animation, where it was:
    /// each tab's stack (the selected tab last, so it ends selected), then the modals; in the
    /// navigator of `scene` (``attach(_:scene:)``), or ``navigator`` for `nil`. A stack's first
    /// screen that is its place's home (``PipelineSettings/homes``), already in place, is kept
    /// rather than opened again.
    ///
    /// Every screen is a ``RouteSource/restoration`` open, so interceptors, the manifest's
    /// rules and the limits apply as to a link: a screen whose route is now disabled, unknown or
    /// refused is dropped, with the reason in the report and the log, and the screens under it
    /// stay. Parents are not built again, as the saved stacks hold them.
    ///
    /// The value is checked against `limits` first, as ``SavedWindow/decode(_:limits:)`` checks
    /// it, however it was made: one past a limit is refused whole (``RestorationReport/refused``)
    /// and nothing opens.
    @discardableResult
    public func restore(_ saved: SavedWindow, limits: RestorationLimits = .default, scene: String? = nil) async -> RestorationReport {
        var report = RestorationReport()
        do {
            try saved.validate(limits)
        } catch {
            configuration.logger.warning("state restoration skipped: \(error)")
            report.refused = error
            return report
        }
        let selected = saved.tabs.filter { $0.id == saved.selectedTab }
        var openedInSelected = false
        for tab in saved.tabs.filter({ $0.id != saved.selectedTab }) + selected {
            for url in await droppingHome(tab.screens, at: .tab(tab.id), scene: scene) {
                let opened = await reopen(url, placement: .home(.tab(tab.id)), command: .push, scene: scene, into: &report)
                if opened, tab.id == saved.selectedTab { openedInSelected = true }
            }
        }
        if let tab = saved.selectedTab, !openedInSelected {
            // Its screens were dropped (or it had none): select it as it was, empty.
            await select(tab: tab, scene: scene)
        }
        if let split = saved.split {
            for (column, urls) in [(SplitColumns.Column.primary, split.primary), (.supplementary, split.supplementary ?? []), (.detail, split.detail)] {
                for url in await droppingHome(urls, at: .column(column), scene: scene) {
                    await reopen(url, placement: .home(.column(column)), command: .push, scene: scene, into: &report)
                }
            }
        }
        for url in await droppingHome(saved.root, at: nil, scene: scene) {
            await reopen(url, placement: .current, command: .push, scene: scene, into: &report)
        }
        for layer in saved.modals {
            var shown = false
            for url in layer.screens {
                // A layer's first screen that opens presents the layer; the others are pushed in it.
                let command: NavigationCommand = shown ? .push : Self.command(presenting: layer)
                shown = await reopen(url, placement: .current, command: command, scene: scene, into: &report) || shown
            }
        }
        for dropped in report.dropped { configuration.logger.warning("state restoration dropped \(dropped)") }
        return report
    }

    /// A saved stack without its first screen when that screen is its place's home and the
    /// home is in place already (``launch(scene:restoring:links:)`` put it there): the rest
    /// open over it.
    private func droppingHome(_ urls: [String], at place: PageHome?, scene: String?) async -> [String] {
        guard let first = urls.first, !windowHomes.isEmpty else { return urls }
        let isHome = await MainActor.run { self.isHome(first, at: place, scene: scene) }
        return isHome ? Array(urls.dropFirst()) : urls
    }

    @MainActor
    private func select(tab: String, scene: String?) {
        guard case .success(let navigator) = navigator(forScene: scene, pattern: tab) else { return }
        do {
            try navigator.perform(NavigationStep(.selectTab(tab)))
        } catch {
            configuration.logger.warning("state restoration could not select tab \(DisplaySafe.text(tab)): \(error)")
        }
    }

    private static func command(presenting layer: SavedLayer) -> NavigationCommand {
        if layer.modalPresentation == .fullScreen { return .presentFullScreen }
        return layer.hasNavigation ? .presentInNavigation : .present
    }

    @discardableResult
    private func reopen(
        _ url: String, placement: OpenOptions.Placement, command: NavigationCommand, scene: String?, into report: inout RestorationReport
    ) async -> Bool {
        var options = OpenOptions(animated: false, command: command, scene: scene)
        options.placement = placement
        options.restoring = true
        let result = await open(url, options: options, source: .restoration)
        if case .openedPage = result.outcome {
            report.opened.append(url)
            return true
        }
        report.dropped.append(RestorationReport.Dropped(url: url, reason: result.outcome.description))
        return false
    }
}
