extension OpenError {
    /// A stable name for the kind of failure (`rejected`, `notOpenToCaller`…), for a caller that
    /// is not Swift: a web page's promise, another app's `x-error` callback, analytics.
    ///
    /// The names are the cases' names and do not change between releases; the
    /// ``description`` says what happened in words.
    public var code: String {
        switch self {
        case .invalidURL(.noMatch): return "notFound"
        case .invalidURL: return "invalidURL"
        case .rejected: return "rejected"
        case .interceptorFailed: return "interceptorFailed"
        case .interceptorTimedOut: return "interceptorTimedOut"
        case .interceptorUnresponsive: return "interceptorUnresponsive"
        case .redirectLoop: return "redirectLoop"
        case .tooManyRedirects: return "tooManyRedirects"
        case .tooManyDeclines: return "tooManyDeclines"
        case .invalidRedirect: return "invalidRedirect"
        case .invalidWebPage: return "invalidWebPage"
        case .pageFailed: return "pageFailed"
        case .actionFailed: return "actionFailed"
        case .navigationFailed: return "navigationFailed"
        case .sceneNotAttached: return "sceneNotAttached"
        case .notRestorable: return "notRestorable"
        case .noNavigator: return "noNavigator"
        case .typedRouteShadowed: return "typedRouteShadowed"
        case .notOpenToCaller: return "notOpenToCaller"
        case .declined: return "declined"
        case .parametersRefused: return "parametersRefused"
        case .invalidParent: return "invalidParent"
        case .cancelled: return "cancelled"
        case .readinessQueueFull: return "readinessQueueFull"
        case .homeWaiting: return "homeWaiting"
        case .homeNotShown: return "homeNotShown"
        }
    }
}
