import SwitchyardSupport

/// A step back through the screens: what "back", "pop to" and "dismiss all" buttons ask for.
public enum BackNavigation: Hashable, Sendable, CustomStringConvertible {
    /// Closes the top screen: pops it, or dismisses the modal it is alone in.
    case back
    /// Pops the current stack down to its first screen.
    case popToRoot
    /// Pops to the nearest screen, from the top, opened by this route pattern or path (or
    /// with this screen name); modals above it are dismissed.
    case popTo(pattern: String)
    /// Removes every screen after the earliest one, from the root, opened by this route
    /// pattern or path — without a transition, as `setViewControllers` does.
    case removeAfter(pattern: String)
    /// Dismisses the top modal with every screen in it.
    case dismiss
    /// Dismisses every modal, back to the root stack.
    case dismissAll

    /// A short phrase for logs and error messages (`pop to /orders`).
    public var description: String {
        switch self {
        case .back: return "back"
        case .popToRoot: return "pop to root"
        case .popTo(let pattern): return "pop to \(pattern)"
        case .removeAfter(let pattern): return "remove after \(pattern)"
        case .dismiss: return "dismiss"
        case .dismissAll: return "dismiss all"
        }
    }
}

/// A navigator could not carry out a step; the screens are left as they were.
public enum NavigationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Back on a lone root screen.
    case nothingToGoBackTo
    /// No screen of this pattern is on the stack.
    case notOnStack(pattern: String)
    /// Dismiss with nothing presented.
    case nothingPresented
    /// The navigator does not support this step.
    case unsupported(BackNavigation)
    /// No navigator is set, so there are no screens to step back through.
    case noNavigator
    /// No navigator is attached for this scene.
    case noNavigatorForScene(String)
    /// A custom command no one registered.
    case unknownCustomCommand(String)
    /// The screen to show from (``RouteRequest/presenter``) is not on screen.
    case presenterNotFound(String)
    /// A stack to show was empty.
    case emptyStack
    /// The destination's content is not something this navigator can show (a UIKit
    /// navigator needs a `UIViewController`).
    case unsupportedContent(name: String, expected: String)
    /// The navigator cannot hand a web page to the system browser.
    case cannotOpenExternally(String)
    /// A tab the window does not have, with the ones it has.
    case unknownTab(String, known: [String])
    /// A tab was asked for in a window whose root is not a tab bar.
    case noTabBar(tab: String)
    /// A tab bar that cannot be made: why.
    case invalidTabs(String)
    /// A split view column was asked for in a window that has no such column.
    case noSplitColumn(SplitColumns.Column)
    /// A page that opens in a new scene was handed to a window that already shows screens.
    case needsNewScene
    /// The navigator cannot ask the system for a new scene (window).
    case cannotOpenScenes

    /// A sentence for logs and alerts saying what could not be done.
    public var description: String {
        switch self {
        case .nothingToGoBackTo: return "cannot go back: the root screen is the only one"
        case .notOnStack(let pattern): return "no screen of \(pattern) is on the stack"
        case .nothingPresented: return "nothing is presented"
        case .unsupported(let step): return "this navigator cannot \(step)"
        case .noNavigator: return "no navigator is set: set router.navigator (app.navigator), or attach one for a scene with router.attach(_:scene:)"
        case .noNavigatorForScene(let scene):
            return "no navigator is attached for scene \"\(DisplaySafe.text(scene))\": attach it with router.attach(_:scene:) when the scene connects"
        case .unknownCustomCommand(let name): return "no custom navigation command \"\(name)\" is registered"
        case .presenterNotFound(let name): return "cannot show from \(name): no such screen is on screen"
        case .emptyStack: return "cannot show an empty stack"
        case .cannotOpenExternally(let url): return "this navigator cannot open \(DisplaySafe.text(url)) in the browser"
        case .unsupportedContent(let name, let expected): return "cannot show \(name): this navigator shows \(expected) content"
        case .unknownTab(let tab, let known):
            return "no tab \"\(DisplaySafe.text(tab))\" in this window; its tabs are " + known.map { "\"\($0)\"" }.joined(separator: ", ")
        case .noTabBar(let tab): return "cannot show tab \"\(DisplaySafe.text(tab))\": this window's root is not a tab bar"
        case .invalidTabs(let reason): return "invalid tab bar: \(reason)"
        case .noSplitColumn(let column):
            return "cannot show in the \(column.rawValue) column: this window's root is not a split view with one"
        case .needsNewScene: return "this page opens in a new window (scene), not over this one's screens"
        case .cannotOpenScenes: return "this navigator cannot ask for a new window (scene)"
        }
    }
}
