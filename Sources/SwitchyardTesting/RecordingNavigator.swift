import SwitchyardNavigation
import SwitchyardRouting

/// A navigator for tests: records every page it is asked to show, and can close them.
///
/// ```swift
/// let navigator = RecordingNavigator()
/// router.navigator = navigator
/// await router.open("/product/1")
/// let patterns = navigator.shown.map(\.pattern)   // ["/product/:id"]
/// ```
@MainActor
public final class RecordingNavigator: Navigator {
    /// One page the router showed.
    public struct Shown {
        /// What the page's route made.
        public let destination: Destination
        /// How the router asked for it to be shown.
        public let command: NavigationCommand
        /// Whether the step was animated.
        public let animated: Bool
        /// The open that showed it: its URL, parameters and caller, and the answer to give.
        public let request: RouteRequest
        /// The pattern that matched, or the path for a not-found page.
        public var pattern: String { request.pattern?.description ?? request.path }
    }

    /// Every page shown and not closed, oldest first.
    public private(set) var shown: [Shown] = []
    /// When set, ``perform(_:)`` throws it instead of recording.
    public var failure: (any Error)?

    /// A navigator that has shown nothing.
    public init() {}

    /// Records a show, a stack or a tab; performs a step back on what it recorded (closing a
    /// page releases its request, so a caller waiting for its answer gets `.cancelled`).
    public func perform(_ step: NavigationStep) throws {
        if let failure { throw failure }
        switch step.action {
        case .show(let destination, let command, let request):
            shown.append(Shown(destination: destination, command: command, animated: step.animated, request: request))
        case .showStack(let pages) where !step.revealsHome:
            // A home filled in the background: added, as the other places keep theirs.
            shown += pages.map { Shown(destination: $0.0, command: .push, animated: step.animated, request: $0.1) }
        case .showStack(let pages):
            shown = pages.map { Shown(destination: $0.0, command: .push, animated: step.animated, request: $0.1) }
        case .pushStack(let pages):
            shown += pages.map { Shown(destination: $0.0, command: .push, animated: step.animated, request: $0.1) }
        case .back(let back):
            try navigateBack(back)
        case .selectTab(let identifier):
            selectedTabs.append(identifier)
        }
        if let home = step.home { homes.append(home) }
        step.completion?()
    }

    /// Every tab a ``NavigationStep/Action/selectTab(_:)`` step selected, oldest first.
    public private(set) var selectedTabs: [String] = []
    /// The home of every step that named one, oldest first.
    public private(set) var homes: [PageHome] = []

    /// Web pages handed to the browser, oldest first.
    public private(set) var openedExternally: [String] = []

    /// Records `url` in ``openedExternally`` instead of opening a browser.
    public func openExternally(_ url: String) throws {
        if let failure { throw failure }
        openedExternally.append(url)
    }

    /// Whether nothing is shown: the router builds declared parents under a deep link then.
    public var isEmpty: Bool { shown.isEmpty }

    /// Closes the top page, releasing its request (an unanswered caller then gets `.cancelled`).
    public func closeTop() {
        _ = shown.popLast()
    }

    /// Closes every page.
    public func closeAll() {
        shown.removeAll()
    }

    /// Every step back asked for, including refused ones, oldest first.
    public private(set) var steps: [BackNavigation] = []

    /// Steps back through ``shown`` as a single list: a modal is everything from the first
    /// page shown with a present command.
    private func navigateBack(_ step: BackNavigation) throws {
        steps.append(step)
        switch step {
        case .back:
            guard shown.count > 1 else { throw NavigationError.nothingToGoBackTo }
            shown.removeLast()
        case .popToRoot:
            guard shown.count > 1 else { throw NavigationError.nothingToGoBackTo }
            shown.removeSubrange(1...)
        case .popTo(let pattern), .removeAfter(let pattern):
            guard let index = shown.lastIndex(where: { $0.pattern == pattern }) else { throw NavigationError.notOnStack(pattern: pattern) }
            shown.removeSubrange((index + 1)...)
        case .dismiss:
            let modal: Set<NavigationCommand> = [.present, .presentFullScreen, .presentInNavigation]
            guard let index = shown.lastIndex(where: { modal.contains($0.command) }) else { throw NavigationError.nothingPresented }
            shown.removeSubrange(index...)
        case .dismissAll:
            let modal: Set<NavigationCommand> = [.present, .presentFullScreen, .presentInNavigation]
            guard let index = shown.firstIndex(where: { modal.contains($0.command) }) else { throw NavigationError.nothingPresented }
            shown.removeSubrange(index...)
        }
    }
}
