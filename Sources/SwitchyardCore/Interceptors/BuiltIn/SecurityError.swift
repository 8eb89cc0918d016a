/// Why a built-in interceptor refused an open.
public enum SecurityError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An internal-only route opened from outside the app.
    case internalOnly(pattern: String, source: RouteSource)
    /// A route that requires a signature opened without one.
    case unsigned(path: String)
    /// The signature's timestamp is outside the accepted window.
    case expired(path: String)
    /// The signature does not match the URL: it was altered, or signed with another key.
    case badSignature(path: String)
    /// A `redirect=` parameter that points outside the app's routes and allowed hosts.
    case foreignRedirect(String)
    /// A degrade rule blocks the route.
    case blocked(pattern: String, message: String)

    public var description: String {
        switch self {
        case .internalOnly(let pattern, let source): return "\(pattern) can only be opened from inside the app, not from a \(source)"
        case .unsigned(let path): return "\(path) requires a signed link"
        case .expired(let path): return "the signature of \(path) has expired"
        case .badSignature(let path): return "the signature of \(path) does not match"
        case .foreignRedirect(let target): return "redirect to \(target) is not an internal route or an allowed host"
        case .blocked(_, let message): return message
        }
    }
}
