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
