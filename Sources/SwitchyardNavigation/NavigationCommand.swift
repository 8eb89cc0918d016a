/// How a page is shown. The router chooses it; a ``Navigator`` carries it out.
public enum NavigationCommand: Hashable, Sendable, CustomStringConvertible {
    /// Onto the current navigation stack (a navigator without one presents instead).
    case push
    /// Modally, as a sheet.
    case present
    /// Modally, covering the screen.
    case presentFullScreen
    /// Modally, inside a new navigation container.
    case presentInNavigation
    /// In place of the top screen.
    case replace
    /// As the new root, dropping everything else.
    ///
    /// When the window's root is a tab bar, the UIKit navigator makes the screen the selected
    /// tab's root and keeps the tab bar (``ControllerPlanner/planRoot(_:)``); to leave the tab
    /// interface (a logout to a login root), use a ``custom(_:)`` command.
    case setRoot
    /// An app-defined presentation, by name.
    case custom(String)
    /// In a window (scene) of its own: the router asks the navigator for a new scene
    /// (``Navigator/requestScene(for:)``) with the URL, instead of showing the page where the
    /// user is. A scene with no screen yet shows it, as its first screen.
    case newScene

    /// A short phrase for logs (`present full screen`).
    public var description: String {
        switch self {
        case .push: return "push"
        case .present: return "present"
        case .presentFullScreen: return "present full screen"
        case .presentInNavigation: return "present in navigation"
        case .replace: return "replace"
        case .setRoot: return "set root"
        case .custom(let name): return "custom(\(name))"
        case .newScene: return "new scene"
        }
    }
}
