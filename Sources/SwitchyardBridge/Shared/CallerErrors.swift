import SwitchyardPipeline
import SwitchyardSupport

/// The code and message a caller outside the app sees for an error: a page's rejected
/// promise, another app's `x-error` callback.
enum CallerErrors {
    /// The error's stable code (``OpenError/code``, ``BridgeError/code``…) and its sentence.
    ///
    /// An error of the app's own that the route answered with is `failed`, its description cut
    /// to 500 characters and made safe to show.
    static func describe(_ error: any Error) -> (code: String, message: String) {
        switch error {
        case let open as OpenError: return (open.code, open.description)
        case let bridge as BridgeError: return (bridge.code, bridge.description)
        case let callback as XCallbackError: return (callback.code, callback.description)
        default: return ("failed", DisplaySafe.text(String(describing: error), limit: 500))
        }
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
