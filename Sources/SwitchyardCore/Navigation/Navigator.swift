/// Shows the pages the router opens: the seam between the platform-neutral core and UI code.
///
/// The UIKit and SwiftUI adapters implement it; tests use `RecordingNavigator` from
/// `SwitchyardTesting`. A navigator that throws fails the open with
/// ``OpenError/navigationFailed(pattern:reason:)``.
@MainActor
public protocol Navigator: AnyObject {
    /// Shows `destination` for `request` the way `command` says, animated or not.
    func show(_ destination: Destination, command: NavigationCommand, animated: Bool, request: RouteRequest) throws

    /// Steps back; throws a ``NavigationError`` and changes nothing when it cannot.
    /// The default throws ``NavigationError/unsupported(_:)``.
    func navigateBack(_ step: BackNavigation, animated: Bool) throws
}

extension Navigator {
    public func navigateBack(_ step: BackNavigation, animated: Bool) throws {
        throw NavigationError.unsupported(step)
    }
}
