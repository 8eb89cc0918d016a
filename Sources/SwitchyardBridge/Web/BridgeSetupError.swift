import SwitchyardPatterns
import SwitchyardSupport

/// Why a ``WebBridge`` or an ``XCallbackChannel`` could not be made from its settings.
public enum BridgeSetupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An entry of ``WebBridgePolicy/origins`` that is not `http(s)://host[:port]`.
    case invalidOrigin(String)
    /// A route pattern (of an origin, or of the routes open to other apps) that does not parse.
    case invalidPattern(origin: String, PatternError)
    /// An entry of ``XCallbackSettings/allowedCallbacks`` that can never match: its scheme or host is not valid.
    case invalidCallbackEntry(String, reason: String)
    /// A setting of ``XCallbackSettings`` that cannot work, and why.
    case invalidSetting(String, reason: String)

    /// A sentence naming the entry and what is wrong with it.
    public var description: String {
        switch self {
        case .invalidOrigin(let text):
            return "WebBridgePolicy.origins: \"\(DisplaySafe.text(text))\" is not an origin (http(s)://host[:port], nothing after it)"
        case .invalidPattern(let origin, let error): return "the routes of \(DisplaySafe.text(origin)): \(error)"
        case .invalidCallbackEntry(let entry, let reason):
            return "XCallbackSettings.allowedCallbacks: \"\(DisplaySafe.text(entry))\" \(reason)"
        case .invalidSetting(let name, let reason): return "XCallbackSettings.\(name): \(reason)"
        }
    }
}
