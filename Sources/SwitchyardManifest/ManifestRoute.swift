/// One route of a ``RouteManifest``.
public struct ManifestRoute: Codable, Equatable, Sendable {
    /// What opening the route does.
    public enum Kind: Equatable, Sendable {
        /// Runs a mediator action, with the URL's parameters over these defaults.
        case native(target: String, action: String, parameters: [String: String])
        /// Shows a web page in the app's web route.
        case web(url: String)
        /// Runs an action the app registered under this name.
        case action(name: String)
        /// Opens another pattern instead, carrying the parameters.
        case redirect(to: String)
        /// No route of its own: the entry's switches (enabled, minimum app version, login,
        /// internal-only, fallback) apply to the route of the same pattern the app registered
        /// in code. A manifest writes it by leaving `kind` out:
        /// `{"pattern": "/promo/:id", "enabled": false, "fallbackURL": "https://m.example.com/promo"}`.
        case code

        /// The kind as the manifest's `kind` field spells it: `native`, `web`, `action` or
        /// `redirect`; `code` for an entry without one.
        public var name: String {
            switch self {
            case .native: return "native"
            case .web: return "web"
            case .action: return "action"
            case .redirect: return "redirect"
            case .code: return "code"
            }
        }
    }

    /// The route pattern (`/product/:id`).
    public var pattern: String
    /// What opening the route does.
    public var kind: Kind
    /// A disabled route opens its ``fallbackURL`` if it has one, and otherwise refuses.
    public var enabled: Bool
    /// The lowest app version (`2.3`, `2.3.1`) that may open the route natively.
    public var minimumAppVersion: String?
    /// Whether the route needs a signed-in user: logged-out opens go to the login page given to
    /// `Router.install(_:mediator:actions:appVersion:login:userID:)`, and are refused without one.
    public var requiresLogin: Bool
    /// The H5 page to show instead when the route is disabled or the app is too old.
    public var fallbackURL: String?
    /// Only code in the app may open it; links from outside are refused.
    public var internalOnly: Bool
    /// The module the route belongs to, for catalogs and graphs.
    public var owner: String?

    /// A route; the defaults leave it enabled, for every app version and every source, without login.
    public init(
        pattern: String, kind: Kind, enabled: Bool = true, minimumAppVersion: String? = nil, requiresLogin: Bool = false,
        fallbackURL: String? = nil, internalOnly: Bool = false, owner: String? = nil
    ) {
        self.pattern = pattern
        self.kind = kind
        self.enabled = enabled
        self.minimumAppVersion = minimumAppVersion
        self.requiresLogin = requiresLogin
        self.fallbackURL = fallbackURL
        self.internalOnly = internalOnly
        self.owner = owner
    }

    enum CodingKeys: String, CodingKey {
        case pattern, kind, target, action, parameters, url, name, to
        case enabled, minimumAppVersion, requiresLogin, fallbackURL, internalOnly, owner
    }

    /// Reads a route: `kind` says which keys it needs (`target` and `action`, `url`, `name` or `to`);
    /// without `kind` the entry holds switches for a route registered in code (``Kind/code``) and
    /// takes none of those keys. Missing switches take their defaults (enabled, any app version,
    /// no login, any source).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pattern = try container.decode(String.self, forKey: .pattern)
        let kind: Kind
        switch try container.decodeIfPresent(String.self, forKey: .kind) {
        case nil:
            let stray: [CodingKeys] = [.target, .action, .parameters, .url, .name, .to]
            if let key = stray.first(where: container.contains) {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription:
                    "\"\(key.stringValue)\" needs a kind; without one the entry only switches the route registered in code")
            }
            kind = .code
        case "native":
            kind = .native(target: try container.decode(String.self, forKey: .target),
                           action: try container.decode(String.self, forKey: .action),
                           parameters: try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:])
        case "web": kind = .web(url: try container.decode(String.self, forKey: .url))
        case "action": kind = .action(name: try container.decode(String.self, forKey: .name))
        case "redirect": kind = .redirect(to: try container.decode(String.self, forKey: .to))
        case let other?:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription:
                "unknown kind \"\(other)\"; expected native, web, action or redirect, or no kind for a route registered in code")
        }
        try self.init(switchesFrom: container, pattern: pattern, kind: kind)
    }

    private init(switchesFrom container: KeyedDecodingContainer<CodingKeys>, pattern: String, kind: Kind) throws {
        self.pattern = pattern
        self.kind = kind
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        minimumAppVersion = try container.decodeIfPresent(String.self, forKey: .minimumAppVersion)
        requiresLogin = try container.decodeIfPresent(Bool.self, forKey: .requiresLogin) ?? false
        fallbackURL = try container.decodeIfPresent(String.self, forKey: .fallbackURL)
        internalOnly = try container.decodeIfPresent(Bool.self, forKey: .internalOnly) ?? false
        owner = try container.decodeIfPresent(String.self, forKey: .owner)
    }

    /// Writes the route as a manifest spells it, leaving out switches at their default values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pattern, forKey: .pattern)
        if kind != .code { try container.encode(kind.name, forKey: .kind) }
        switch kind {
        case .native(let target, let action, let parameters):
            try container.encode(target, forKey: .target)
            try container.encode(action, forKey: .action)
            if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
        case .web(let url): try container.encode(url, forKey: .url)
        case .action(let name): try container.encode(name, forKey: .name)
        case .redirect(let to): try container.encode(to, forKey: .to)
        case .code: break
        }
        if !enabled { try container.encode(enabled, forKey: .enabled) }
        try container.encodeIfPresent(minimumAppVersion, forKey: .minimumAppVersion)
        if requiresLogin { try container.encode(requiresLogin, forKey: .requiresLogin) }
        try container.encodeIfPresent(fallbackURL, forKey: .fallbackURL)
        if internalOnly { try container.encode(internalOnly, forKey: .internalOnly) }
        try container.encodeIfPresent(owner, forKey: .owner)
    }
}
