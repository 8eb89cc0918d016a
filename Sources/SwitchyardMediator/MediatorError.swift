import SwitchyardRouting
import SwitchyardSupport

/// Why a mediator call failed; every case names the target and action, or the URL.
public enum MediatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The target name is not a Swift type name (`Module.Name`, ASCII identifiers); `offset` is the bad character.
    case invalidTargetName(String, offset: Int)
    /// No registered target and no linked type has this name: the module is not in the app,
    /// or the target type is not `public` (optimized builds drop internal types no code names).
    case targetNotFound(target: String, action: String, searched: [String])
    /// The target exists but has neither this action nor a not-found action, and no fallback target took it.
    case actionNotFound(target: String, action: String, available: [String])
    /// A parameter the action requires is missing or of the wrong type.
    case invalidParameter(target: String, action: String, ParameterError)
    /// The action returned something other than the type the caller asked for.
    case unexpectedResult(target: String, action: String, expected: String, actual: String)
    /// The action threw; `reason` is the error's description.
    case actionFailed(target: String, action: String, reason: String)
    /// A URL asked for an action that only code in the app may call.
    case localOnly(target: String, action: String)
    /// A URL whose scheme is not one of the mediator's remote schemes.
    case schemeNotAccepted(url: String, scheme: String, accepted: [String])
    /// A URL whose host is not one of the mediator's remote hosts.
    case hostNotAccepted(url: String, host: String, accepted: [String])
    /// A URL that is not `scheme://host/target/action?key=value` or a known alias.
    case malformedURL(url: String, reason: String)
    /// A URL whose signature is missing, expired or wrong.
    case signature(url: String, SecurityError)
    /// A target of another language (an Objective-C `Target_` class) refused the call before or
    /// while it ran: `code` is the stable name of why (`actionSignature`, `actionException`,
    /// `invalidTargetName`…), so every caller gets the code a direct call gets; `reason` says it.
    case foreignCallRefused(target: String, action: String, code: String, reason: String)

    /// A message naming the target and action, or the URL; quoted text is escaped and cut, safe to log.
    public var description: String {
        switch self {
        case .invalidTargetName(let name, let offset):
            return "invalid target name \"\(DisplaySafe.text(name))\" at offset \(offset): expected Module.Name with ASCII letters, digits and underscores"
        case .targetNotFound(let target, let action, let searched):
            let tried = searched.isEmpty ? "" : " (looked for \(searched.joined(separator: ", ")))"
            return "no target \"\(DisplaySafe.text(target))\" for action \"\(DisplaySafe.text(action))\"\(tried): is its module linked into the app, and is the type public?"
        case .actionNotFound(let target, let action, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "target \"\(DisplaySafe.text(target))\" has no action \"\(DisplaySafe.text(action))\"; its actions: \(list)"
        case .invalidParameter(let target, let action, let error):
            return "\(DisplaySafe.text(target))/\(DisplaySafe.text(action)): \(error)"
        case .unexpectedResult(let target, let action, let expected, let actual):
            return "\(DisplaySafe.text(target))/\(DisplaySafe.text(action)) returned \(actual), not \(expected)"
        case .actionFailed(let target, let action, let reason):
            return "\(DisplaySafe.text(target))/\(DisplaySafe.text(action)) failed: \(DisplaySafe.text(reason, limit: 2_000))"
        case .foreignCallRefused(_, _, _, let reason):
            return DisplaySafe.text(reason, limit: 2_000)
        case .localOnly(let target, let action):
            return "\(DisplaySafe.text(target))/\(DisplaySafe.text(action)) can only be called from inside the app, not from a URL"
        case .schemeNotAccepted(let url, let scheme, let accepted):
            return "\(DisplaySafe.text(url)): scheme \"\(DisplaySafe.text(scheme))\" is not a remote-call scheme (accepted: \(accepted.joined(separator: ", ")))"
        case .hostNotAccepted(let url, let host, let accepted):
            return "\(DisplaySafe.text(url)): host \"\(DisplaySafe.text(host))\" is not a remote-call host (accepted: \(accepted.joined(separator: ", ")))"
        case .malformedURL(let url, let reason):
            return "\(DisplaySafe.text(url)): \(DisplaySafe.text(reason, limit: 2_000))"
        case .signature(let url, let error):
            return "\(DisplaySafe.text(url)): \(error)"
        }
    }
}
