import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardSupport

/// What a caller outside the app (a web page, another app) learns of a failed open: the stable
/// ``OpenError/code`` and a sentence made only of what it sent. The app's patterns, its
/// interceptors' names and reasons, redirect targets and its routes' own error text stay in
/// ``OpenError/description``, for logs and in-app callers.
extension OpenError: CallerFacingError {
    public var codeForCallers: String { code }

    public var messageForCallers: String {
        switch self {
        case .invalidURL(let error): return Self.messageForCallers(error)
        case .rejected: return "the app refused the open"
        case .interceptorFailed, .interceptorTimedOut, .interceptorUnresponsive: return "the app could not check the open; try again later"
        case .notOpenToCaller(let url, let caller): return Self.notOpen(url, to: caller)
        case .declined: return "no route took the URL"
        case .parametersRefused(_, let problems): return problems.map(\.description).joined(separator: "; ")
        case .cancelled: return "the open was cancelled"
        case .readinessQueueFull: return "the app is starting and takes no more opens yet; try again later"
        case .redirectLoop, .tooManyRedirects, .tooManyDeclines, .invalidRedirect, .invalidWebPage, .pageFailed, .actionFailed,
             .navigationFailed, .sceneNotAttached, .notRestorable, .noNavigator, .typedRouteShadowed, .invalidParent, .homeWaiting,
             .homeNotShown:
            return Self.routeFailed
        }
    }

    /// What a caller outside the app learns when a route fails and chose to say nothing.
    public static let routeFailed = "the route failed"

    /// The sentence of ``notOpenToCaller(url:caller:)`` a caller outside the app reads, naming
    /// its URL and itself.
    package static func notOpen(_ url: String, to caller: String) -> String {
        "\(DisplaySafe.text(url, limit: 200)) is not open to \(DisplaySafe.text(caller, limit: 200))"
    }

    private static func messageForCallers(_ error: RoutingError) -> String {
        switch error {
        case .noMatch: return "no route takes the URL"
        case .malformedURL(let malformed): return malformed.description
        case .schemeNotAccepted: return "the URL's scheme is not one the app takes"
        case .hostNotAssociated: return "the URL's host is not one of the app's"
        case .missingParameter(let name, _): return ParameterError(name: name, reason: .missing).description
        case .invalidParameter(let name, _, _): return "parameter \"\(DisplaySafe.text(name))\" has a value the route cannot read"
        case .regexGaveUp: return "the URL could not be matched within the app's limits"
        case .invalidPattern: return routeFailed
        }
    }
}
