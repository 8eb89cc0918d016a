/// Where an open came from; security rules and analytics read it.
public enum RouteSource: Hashable, Sendable, CustomStringConvertible {
    /// A custom-scheme link from outside the app (`myapp://…`).
    case deepLink
    /// An `https` link on one of the app's associated domains.
    case universalLink
    /// A push notification payload.
    case push
    /// A web page inside the app (an H5 bridge call).
    case h5
    /// Code inside the app.
    case inApp
    /// A screen restored from a saved window at launch. Policies treat it as coming from
    /// outside the app: the saved value is read from a file.
    case restoration
    /// Anything else, named by the app.
    case custom(String)

    /// A short name for messages (`deep link`, `in-app`…); a custom source's own name.
    public var description: String {
        switch self {
        case .deepLink: return "deep link"
        case .universalLink: return "universal link"
        case .push: return "push"
        case .h5: return "H5"
        case .inApp: return "in-app"
        case .restoration: return "restoration"
        case .custom(let name): return name
        }
    }
}
