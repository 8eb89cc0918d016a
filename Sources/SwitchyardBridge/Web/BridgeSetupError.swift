import SwitchyardPatterns
import SwitchyardSupport

/// Why a ``WebBridge`` or an ``XCallbackChannel`` could not be made from its settings.
public enum BridgeSetupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An entry of ``WebBridgePolicy/origins`` that is not `http(s)://host[:port]` or `scheme://host`.
    case invalidOrigin(String)
    /// An origin of ``WebBridgePolicy/origins`` whose custom scheme is not in ``WebBridgePolicy/servedSchemes``.
    case schemeNotServed(origin: String, scheme: String)
    /// An entry of ``WebBridgePolicy/servedSchemes`` that an app cannot serve its pages under.
    case invalidServedScheme(String)
    /// An entry of ``WebBridgePolicy/fileDirectories`` that is not an absolute directory a page can be in, and why.
    case invalidFileDirectory(String, reason: String)
    /// A route pattern (of an origin, or of the routes open to other apps) that does not parse.
    case invalidPattern(origin: String, PatternError)
    /// A list of reachable routes names a pattern no route of the router has (yet): a typo, or
    /// the bridge was made before its routes were registered.
    case routeNotRegistered(origin: String, pattern: String)
    /// An entry of ``XCallbackSettings/allowedCallbacks`` that can never match: its scheme or host is not valid.
    case invalidCallbackEntry(String, reason: String)
    /// A setting of ``XCallbackSettings`` that cannot work, and why.
    case invalidSetting(String, reason: String)

    /// A sentence naming the entry and what is wrong with it.
    public var description: String {
        switch self {
        case .invalidOrigin(let text):
            return "WebBridgePolicy.origins: \"\(DisplaySafe.text(text))\" is not an origin (http(s)://host[:port], nothing after it)"
        case .schemeNotServed(let origin, let scheme):
            return "WebBridgePolicy.origins: \"\(DisplaySafe.text(origin))\" is of the custom scheme \(DisplaySafe.text(scheme)), "
                + "which is not in WebBridgePolicy.servedSchemes: list it there when the app serves its pages with a WKURLSchemeHandler"
        case .invalidServedScheme(let scheme):
            return "WebBridgePolicy.servedSchemes: \"\(DisplaySafe.text(scheme))\" is not a scheme an app serves its own pages under "
                + "(a lowercase RFC 3986 scheme of at most 64 bytes, none of http, https, ws, wss, ftp, file, data, blob, about, javascript, mailto, tel)"
        case .invalidFileDirectory(let path, let reason):
            return "WebBridgePolicy.fileDirectories: \"\(DisplaySafe.text(path))\" \(reason)"
        case .invalidPattern(let origin, let error): return "the routes of \(DisplaySafe.text(origin)): \(error)"
        case .routeNotRegistered(let origin, let pattern):
            return "the routes of \(DisplaySafe.text(origin)): \(DisplaySafe.text(pattern)) is not a registered route; register it before making the bridge"
        case .invalidCallbackEntry(let entry, let reason):
            return "XCallbackSettings.allowedCallbacks: \"\(DisplaySafe.text(entry))\" \(reason)"
        case .invalidSetting(let name, let reason): return "XCallbackSettings.\(name): \(reason)"
        }
    }
}
