import SwitchyardSupport

/// Why an x-callback request or reply was refused, or a call to another app failed.
public enum XCallbackError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A callback (`x-success`, `x-error`, `x-cancel` or an alias) points to a scheme or host
    /// not in ``XCallbackSettings/allowedCallbacks``; nothing ran and nothing was opened.
    case callbackNotAllowed(parameter: String, url: String)
    /// A callback that is not a URL this channel can open: why.
    case invalidCallback(parameter: String, url: String, reason: String)
    /// A parameter of the protocol given more than once: which to use would be a guess.
    case repeatedParameter(String)
    /// `myapp://x-callback-url/` with no route path after it.
    case missingAction
    /// The route failed: its error's code and full text, for the app's logs. The other app's
    /// `x-error` got the code and a message safe to send (``OpenError/messageForCallers``).
    case routeFailed(code: String, message: String)
    /// The answer makes a callback URL longer than ``XCallbackSettings/callbackURLBytes``.
    case answerTooLarge(bytes: Int, limit: Int)
    /// A reply without the nonce this channel's calls carry.
    case missingNonce
    /// A reply whose nonce no call of this channel made (forged, or forgotten long ago).
    case unknownNonce
    /// A reply to a call that was answered already: only the first reply counts.
    case usedNonce
    /// A reply to a call that timed out or was cancelled.
    case expiredNonce
    /// A reply path other than `success`, `error` or `cancel`.
    case unknownReplyOutcome(String)
    /// A call's parameter, or its URL's query, names one the protocol sets (`x-success`,
    /// `x-error`, `x-cancel`, `x-source`, `x-callback-nonce`): the other app would get two.
    case protocolParameter(String)
    /// ``XCallbackSettings/pendingCallLimit`` calls are waiting already.
    case tooManyPendingCalls(limit: Int)
    /// The other app's URL is not one a call can open: why.
    case invalidAppURL(String, reason: String)
    /// The system would not open the other app's URL (not installed, or not allowed to query it).
    case couldNotOpen(url: String)
    /// No reply came within the timeout.
    case timedOut(url: String, after: Duration)
    /// The task that called was cancelled.
    case cancelled

    /// A stable name for the kind of error, the case's name.
    public var code: String {
        switch self {
        case .callbackNotAllowed: return "callbackNotAllowed"
        case .invalidCallback: return "invalidCallback"
        case .repeatedParameter: return "repeatedParameter"
        case .missingAction: return "missingAction"
        case .routeFailed(let code, _): return code
        case .answerTooLarge: return "answerTooLarge"
        case .missingNonce: return "missingNonce"
        case .unknownNonce: return "unknownNonce"
        case .usedNonce: return "usedNonce"
        case .expiredNonce: return "expiredNonce"
        case .unknownReplyOutcome: return "unknownReplyOutcome"
        case .protocolParameter: return "protocolParameter"
        case .tooManyPendingCalls: return "tooManyPendingCalls"
        case .invalidAppURL: return "invalidAppURL"
        case .couldNotOpen: return "couldNotOpen"
        case .timedOut: return "timedOut"
        case .cancelled: return "cancelled"
        }
    }

    /// A sentence naming the parameter, the URL and what is wrong; safe to show.
    public var description: String {
        switch self {
        case .callbackNotAllowed(let parameter, let url):
            return "\(DisplaySafe.text(parameter)) \(DisplaySafe.text(url)) is not an allowed callback (XCallbackSettings.allowedCallbacks); nothing was run"
        case .invalidCallback(let parameter, let url, let reason):
            return "\(DisplaySafe.text(parameter)) \(DisplaySafe.text(url)) cannot be a callback: \(reason)"
        case .repeatedParameter(let name): return "\(DisplaySafe.text(name)) is given more than once"
        case .missingAction: return "the x-callback URL names no route after its host"
        case .routeFailed(_, let message): return message
        case .answerTooLarge(let bytes, let limit): return "the answer makes a callback URL of \(bytes) bytes; the limit is \(limit) (XCallbackSettings.callbackURLBytes)"
        case .missingNonce: return "the reply carries no nonce"
        case .unknownNonce: return "the reply's nonce belongs to no call of this app"
        case .usedNonce: return "the call was answered already; only the first reply counts"
        case .expiredNonce: return "the call the reply answers timed out or was cancelled"
        case .unknownReplyOutcome(let outcome): return "the reply's outcome \"\(DisplaySafe.text(outcome, limit: 40))\" is not success, error or cancel"
        case .protocolParameter(let name): return "\(DisplaySafe.text(name)) is set by the x-callback-url protocol; a call cannot pass it"
        case .tooManyPendingCalls(let limit): return "\(limit) calls to other apps are waiting already (XCallbackSettings.pendingCallLimit)"
        case .invalidAppURL(let url, let reason): return "cannot call \(DisplaySafe.text(url)): \(reason)"
        case .couldNotOpen(let url): return "the system did not open \(DisplaySafe.text(url))"
        case .timedOut(let url, let after): return "no reply from \(DisplaySafe.text(url)) within \(after)"
        case .cancelled: return "the call was cancelled"
        }
    }
}
