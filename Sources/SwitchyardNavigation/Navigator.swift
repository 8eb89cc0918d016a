import SwitchyardRouting

/// Carries out the router's navigation steps: the seam between the platform-neutral core
/// and UI code.
///
/// ``HeadlessNavigator`` keeps the whole window as a value (tests, the demo, the SwiftUI
/// adapter); the UIKit adapter drives view controllers; tests can also use
/// `RecordingNavigator` from `SwitchyardTesting`. A navigator that throws fails the open
/// with ``OpenError/navigationFailed(pattern:reason:)``, and must leave the screens as they were.
@MainActor
public protocol Navigator: AnyObject {
    /// Carries out `step`, then calls its completion; throws a ``NavigationError`` and
    /// changes nothing when it cannot.
    func perform(_ step: NavigationStep) throws

    /// Whether no screen is shown yet (a cold start): the router then builds a deep link's
    /// declared parents under it. Default `false`, which never builds them.
    var isEmpty: Bool { get }

    /// Whether the stack a page whose home is `home` would be shown in is empty, so that a
    /// cold-start deep link builds its parents there (in a tab bar, the page's tab). Default:
    /// ``isEmpty`` for a page with no home, `false` otherwise.
    func isEmpty(at home: PageHome?) -> Bool

    /// Where pages live in the window: its tabs in tab-bar order, or its split view's columns;
    /// empty for a window whose root is one stack. The router fills each with its home
    /// (``WindowHomes``). Default: empty.
    var places: [PageHome] { get }

    /// Where a page with no home goes now: the selected tab, a split view's detail column;
    /// `nil` for a window whose root is one stack. Default `nil`.
    var currentPlace: PageHome? { get }

    /// Whether a modal is presented over the window's root. Default `false`.
    var isPresenting: Bool { get }

    /// The route patterns of the screens in the stack at `place` (the current place's for
    /// `nil`), bottom first; `nil` when the window has no such place or the navigator cannot
    /// tell. The router reads it to find a stack that holds only its home, where a link's
    /// parents go on top. Default: `[]` when ``isEmpty(at:)``, else `nil`.
    func routes(at place: PageHome?) -> [String]?

    /// Hands a web page to the system (the browser): a page the router will not show in the
    /// app's web view. The UIKit navigator calls `UIApplication.open`; the headless one
    /// records it. Default: throws ``NavigationError/cannotOpenExternally(_:)``.
    func openExternally(_ url: String) throws

    /// Asks the system for a new scene (window) that will open `url`: a page whose command is
    /// ``NavigationCommand/newScene``. The UIKit adapter makes a scene activation request;
    /// the headless navigator records it. Default: throws ``NavigationError/cannotOpenScenes``.
    func requestScene(for url: String) throws
}

extension Navigator {
    /// Default: `false`, so the router never builds a deep link's parents.
    public var isEmpty: Bool { false }

    /// Default: ``isEmpty`` for a page with no home; `false` for one with a home.
    public func isEmpty(at home: PageHome?) -> Bool { home == nil ? isEmpty : false }

    /// Default: empty, a window whose root is one stack.
    public var places: [PageHome] { [] }

    /// Default: `nil`.
    public var currentPlace: PageHome? { nil }

    /// Default: `false`.
    public var isPresenting: Bool { false }

    /// Default: `[]` when ``isEmpty(at:)``, else `nil`.
    public func routes(at place: PageHome?) -> [String]? { isEmpty(at: place) ? [] : nil }

    /// Default: throws ``NavigationError/cannotOpenExternally(_:)``.
    public func openExternally(_ url: String) throws {
        throw NavigationError.cannotOpenExternally(url)
    }

    /// Default: throws ``NavigationError/cannotOpenScenes``.
    public func requestScene(for url: String) throws {
        throw NavigationError.cannotOpenScenes
    }

    /// Shows `destination` for `request` the way `command` says.
    public func show(_ destination: Destination, command: NavigationCommand, animated: Bool = true, request: RouteRequest) throws {
        try perform(.show(destination, command, request: request, animated: animated))
    }

    /// Steps back.
    public func navigateBack(_ step: BackNavigation, animated: Bool = true) throws {
        try perform(.back(step, animated: animated))
    }
}
