import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// The code and message a caller outside the app sees for an error: a page's rejected
/// promise, another app's `x-error` callback.
///
/// Chosen, not leaked: a route's own error text, the patterns of routes the caller may not
/// reach and the app's interceptors stay inside the app (``OpenError/messageForCallers``).
package enum CallerErrors {
    /// What a caller outside the app is told of `error`.
    ///
    /// - Parameters:
    ///   - chosen: what the route or interceptor that failed chose to say (``OpenResult``'s
    ///     `failureForCallers`), which wins.
    ///   - reachable: the routes the caller may reach: a URL no route takes is, to it, a URL not
    ///     open to it, so that it cannot tell the routes it may not reach from routes that do not exist.
    static func describe(
        _ error: any Error, chosen: CallerFacingFailure? = nil, url: String? = nil, reachable: ReachableRoutes? = nil
    ) -> (code: String, message: String) {
        if let reachable, let url, let open = error as? OpenError, hidesRoute(open, from: reachable) {
            return ("notOpenToCaller", OpenError.notOpen(url, to: reachable.caller))
        }
        if let chosen { return safe(chosen) }
        switch error {
        case let bridge as BridgeError: return (bridge.code, bridge.description)
        case let callback as XCallbackError: return (callback.code, callback.description)
        case let facing as any CallerFacingError: return safe(CallerFacingFailure(facing))
        default: return ("failed", OpenError.routeFailed)
        }
    }

    /// Whether `error` would tell a caller limited to `reachable` about a route it may not reach:
    /// no route takes the URL, or one it may not reach could not read its values.
    private static func hidesRoute(_ error: OpenError, from reachable: ReachableRoutes) -> Bool {
        switch error {
        case .invalidURL(.noMatch): return true
        case .invalidURL(.missingParameter(_, let pattern)), .invalidURL(.invalidParameter(_, _, let pattern)):
            return !reachable.patterns.contains(pattern)
        default: return false
        }
    }

    /// `failure`'s code when it is a stable name (ASCII letters, digits, `.`, `_`, `-`, 1 to 64
    /// bytes), else `failed`; its message cut to 500 characters and made safe to show.
    package static func safe(_ failure: CallerFacingFailure) -> (code: String, message: String) {
        let code = failure.codeForCallers.utf8
        let isName = (1...64).contains(code.count)
            && code.allSatisfy { ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
        return (isName ? failure.codeForCallers : "failed", DisplaySafe.text(failure.messageForCallers, limit: 500))
    }

    /// What a caller outside the app is told when `name` handled its open and nothing answered:
    /// the duplicate guard by name (its own open came twice), any interceptor as "the app".
    static func handled(by name: String) -> (code: String, message: String) {
        ("handled", (name == "duplicate guard" ? "the duplicate guard" : "the app") + " handled the open; nothing answered")
    }

    /// The name of an outcome that is not a failure, for the caller that opened without awaiting an answer.
    static func name(of outcome: OpenResult.Outcome) -> String {
        switch outcome {
        case .openedPage: return "openedPage"
        case .performedAction: return "performedAction"
        case .handled: return "handled"
        case .openedExternally: return "openedExternally"
        case .requestedScene: return "requestedScene"
        case .notFound: return "notFound"
        case .rejected(let error): return error.code
        }
    }
}
