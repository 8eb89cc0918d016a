import SwitchyardSupport

/// Why a ``WebBridge`` refused a page's message or could not answer it.
///
/// The page sees the same: its promise rejects with an error whose `code` is ``code`` and
/// whose `message` is ``description``.
public enum BridgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The page's origin is not one of ``WebBridgePolicy/origins`` (`nil`: the frame has none
    /// a bridge can trust, a `file:` or sandboxed page).
    case originNotAllowed(origin: String?)
    /// A page of the app's files (`file:`) that is in none of ``WebBridgePolicy/fileDirectories``,
    /// or whose path has `.` or `..` segments, and why; `path` is its decoded path (`nil`: the
    /// frame's URL is unknown or not a plain `file:` URL). The page's code is `originNotAllowed`.
    case fileNotAllowed(path: String?, reason: String)
    /// The message came from a frame inside the page, and the policy allows main frames only.
    case subframeNotAllowed(origin: String)
    /// The message is longer than ``BridgeLimits/messageBytes``.
    case messageTooLarge(bytes: Int, limit: Int)
    /// The message is not JSON: where (a byte offset) and why.
    case malformedMessage(offset: Int, reason: String)
    /// The message is JSON of the wrong shape: which member, and what is wrong with it.
    case invalidMessage(member: String, reason: String)
    /// `params` has more members than ``BridgeLimits/parameters``.
    case tooManyParameters(count: Int, limit: Int)
    /// The page has ``BridgeLimits/pendingCallsPerPage`` calls waiting already.
    case tooManyPendingCalls(limit: Int)
    /// ``BridgeLimits/pages`` pages have calls waiting already.
    case tooManyPages(limit: Int)
    /// The page sent a call with the `id` of one still waiting.
    case duplicateCallID(Int)
    /// The route's answer has no JSON form: its type, and why.
    case answerNotEncodable(type: String, reason: String)
    /// The route's answer makes a reply longer than ``BridgeLimits/answerBytes``.
    case answerTooLarge(bytes: Int, limit: Int)
    /// The page left (it navigated away or closed) before its call was answered.
    case pageLeft

    /// A stable name for the kind of error, the case's name: what a page's script tests.
    public var code: String {
        switch self {
        case .originNotAllowed, .fileNotAllowed: return "originNotAllowed"
        case .subframeNotAllowed: return "subframeNotAllowed"
        case .messageTooLarge: return "messageTooLarge"
        case .malformedMessage: return "malformedMessage"
        case .invalidMessage: return "invalidMessage"
        case .tooManyParameters: return "tooManyParameters"
        case .tooManyPendingCalls: return "tooManyPendingCalls"
        case .tooManyPages: return "tooManyPages"
        case .duplicateCallID: return "duplicateCallID"
        case .answerNotEncodable: return "answerNotEncodable"
        case .answerTooLarge: return "answerTooLarge"
        case .pageLeft: return "pageLeft"
        }
    }

    /// A sentence naming what was wrong, the value and the limit; safe to show.
    public var description: String {
        switch self {
        case .originNotAllowed(let origin):
            return "pages of \(origin.map { DisplaySafe.text($0) } ?? "an opaque origin") may not use the bridge (WebBridgePolicy.origins)"
        case .fileNotAllowed(let path, let reason):
            return "the page \(path.map { "file://\(DisplaySafe.text($0))" } ?? "of an unknown file") \(reason) (WebBridgePolicy.fileDirectories)"
        case .subframeNotAllowed(let origin):
            return "a frame inside a page of \(DisplaySafe.text(origin)) may not use the bridge (WebBridgePolicy.allowsSubframes)"
        case .messageTooLarge(let bytes, let limit): return "the message is \(bytes) bytes long; the limit is \(limit) (BridgeLimits.messageBytes)"
        case .malformedMessage(let offset, let reason): return "the message is not JSON: \(reason) at byte \(offset)"
        case .invalidMessage(let member, let reason): return "the message's \"\(DisplaySafe.text(member))\" \(reason)"
        case .tooManyParameters(let count, let limit): return "the message has \(count) parameters; the limit is \(limit) (BridgeLimits.parameters)"
        case .tooManyPendingCalls(let limit): return "the page has \(limit) calls waiting already (BridgeLimits.pendingCallsPerPage)"
        case .tooManyPages(let limit): return "\(limit) pages have calls waiting already (BridgeLimits.pages)"
        case .duplicateCallID(let id): return "call \(id) is still waiting; a call's id must be new"
        case .answerNotEncodable(let type, let reason): return "the answer, a \(DisplaySafe.text(type)), has no JSON form: \(reason)"
        case .answerTooLarge(let bytes, let limit): return "the answer is \(bytes) bytes as JSON; the limit is \(limit) (BridgeLimits.answerBytes)"
        case .pageLeft: return "the page left before the call was answered"
        }
    }
}
