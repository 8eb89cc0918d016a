import SwitchyardRouting

/// One thing for a navigator to do, as a value: what the router hands a ``Navigator``.
///
/// Forward steps show a screen with a ``NavigationCommand``; backward steps follow a
/// ``BackNavigation``. Every step says whether to animate and may carry a completion,
/// called once the step is done (after the transition, on UIKit).
@MainActor
public struct NavigationStep {
    /// What a step does.
    public enum Action {
        /// Shows a new screen the way the command says.
        case show(Destination, NavigationCommand, RouteRequest)
        /// Replaces the root stack with these screens, first at the bottom, dismissing every
        /// modal: a deep link's back stack (``Router/page(_:command:parents:priority:owner:interceptors:make:)``).
        case showStack([(Destination, RouteRequest)])
        /// Pushes these screens at once onto the stack, first lowest, dismissing every modal:
        /// a link's parents and page over a stack that holds only its home
        /// (``WindowHomes``). The screens already there stay as they are.
        case pushStack([(Destination, RouteRequest)])
        /// Steps back.
        case back(BackNavigation)
        /// Selects a tab, as a tap on the tab bar does: selecting the selected tab pops its
        /// stack to its root when ``WindowState/reselectingPopsToRoot`` says so.
        case selectTab(String)
    }

    /// What the step does.
    public var action: Action
    /// Whether the navigator animates the change.
    public var animated: Bool
    /// Called once the step is done (after the transition, on UIKit); not called when the step fails.
    public var completion: (@MainActor @Sendable () -> Void)?
    /// Where a shown page lives: its tab is selected and the page shown in that tab's stack,
    /// with the modals over the tab bar dismissed so that it is seen. `nil` shows it where the
    /// user is. ``Action/show(_:_:_:)``, ``Action/showStack(_:)`` and ``Action/pushStack(_:)`` read it.
    public var home: PageHome?
    /// Whether a step with a ``home`` selects its tab (or column) and dismisses what is
    /// presented over it. `false` sets the home's stack where it is and leaves the user where
    /// they are: a window's homes filled at launch or after login. Default `true`. Only
    /// ``Action/showStack(_:)`` reads it; for a step with no home, `false` sets the current
    /// place's stack without dismissing what is presented.
    public var revealsHome = true

    /// A step that does `action`, animated unless told otherwise.
    public init(_ action: Action, animated: Bool = true, completion: (@MainActor @Sendable () -> Void)? = nil) {
        self.action = action
        self.animated = animated
        self.completion = completion
    }

    /// A step that shows `destination` for `request` the way `command` says.
    public static func show(
        _ destination: Destination, _ command: NavigationCommand, request: RouteRequest,
        animated: Bool = true, completion: (@MainActor @Sendable () -> Void)? = nil
    ) -> NavigationStep {
        NavigationStep(.show(destination, command, request), animated: animated, completion: completion)
    }

    /// A step that steps back as `step` says.
    public static func back(_ step: BackNavigation, animated: Bool = true, completion: (@MainActor @Sendable () -> Void)? = nil) -> NavigationStep {
        NavigationStep(.back(step), animated: animated, completion: completion)
    }
}
