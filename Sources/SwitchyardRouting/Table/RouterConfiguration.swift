import Logging
import SwitchyardPatterns
import SwitchyardSupport

/// How a router maps URLs to paths and matches them.
///
/// ```swift
/// var configuration = RouterConfiguration()
/// configuration.schemes = ["myapp"]
/// configuration.associatedDomains = ["app.example.com"]
/// configuration.webRoute = "/web"      // other http(s) URLs open /web?url=…
/// let router = Router(configuration: configuration)
/// ```
public struct RouterConfiguration: Sendable {
    /// Custom schemes the router accepts (`myapp`); empty accepts any custom scheme.
    public var schemes: Set<String> { didSet { schemes = Set(schemes.map { $0.lowercased() }) } }
    /// Hosts whose `http(s)` URLs map to app paths (`https://app.example.com/product/1` is `/product/1`).
    ///
    /// As in Apple's associated-domains entitlement (`applinks:*.example.com`), an entry
    /// `*.example.com` matches every subdomain (`apps.example.com`, `en.blog.example.com`), never
    /// `example.com` itself unless it is listed too, and never a look-alike such as
    /// `evilexample.com`. Hosts compare lowercased, byte for byte.
    public var associatedDomains: Set<String> { didSet { associatedDomains = Set(associatedDomains.map { $0.lowercased() }) } }
    /// A path that receives every other `http(s)` URL, with the URL in the `url` query item;
    /// `nil` refuses such URLs.
    public var webRoute: String?
    /// Hosts, besides the associated domains, whose pages may show in the app's web view
    /// (``webRoute``); `*.example.com` allows every subdomain. A page on any other host goes
    /// to the system browser (``OpenResult/Outcome/openedExternally(url:)``).
    public var webViewHosts: Set<String> { didSet { webViewHosts = Set(webViewHosts.map { $0.lowercased() }) } }
    /// Whether static segments must match case exactly. Parameter values always keep their case.
    ///
    /// Off by default, where JLRoutes, URLNavigator and MGJRouter compare case exactly: there,
    /// `/ME/ACCOUNT` does not open `/me/account`. Set it to keep their behaviour.
    public var caseSensitive: Bool
    /// Whether an associated domain's host is the first path segment of its URLs, as a custom
    /// scheme's host is: `https://www.example.com/sign_in` is `/www.example.com/sign_in`
    /// (JLRoutes' `alwaysTreatsHostAsPathComponent`). Off by default, where the host is dropped
    /// (`/sign_in`). The host is the segment as typed, without user info or port.
    public var webHostIsFirstSegment = false
    /// Where a `+` stands for a space: in query values only (the default), in path values too
    /// (JLRoutes' `decodePlusSymbols`), or nowhere. Built-in policies and signed links read
    /// a request's values as the router did.
    public var plusDecoding = PlusDecoding.queryOnly
    /// Schemes with routes of their own, each with whether it falls back to the routes of every
    /// scheme; set with ``namespace(_:fallsBackToGlobalRoutes:)``.
    public private(set) var schemeNamespaces: [String: Bool] = [:]
    /// Converters usable as `<name:param>`; starts with `int`, `float`, `uuid` and `string`.
    public var converters: [String: ParameterConverter]
    /// Where conflicts and refused registrations are logged.
    public var logger: Logger
    /// Bounds on URLs, patterns and regexes; see ``InputLimits`` for the table of defaults.
    public var limits: InputLimits

    /// Creates a configuration; schemes and hosts are lowercased, and ``converters`` holds the built-in ones.
    public init(
        schemes: Set<String> = [],
        associatedDomains: Set<String> = [],
        webRoute: String? = nil,
        webViewHosts: Set<String> = [],
        caseSensitive: Bool = false,
        logger: Logger = Logger(label: "switchyard.router"),
        limits: InputLimits = .default
    ) {
        self.schemes = Set(schemes.map { $0.lowercased() })
        self.associatedDomains = Set(associatedDomains.map { $0.lowercased() })
        self.webRoute = webRoute
        self.webViewHosts = Set(webViewHosts.map { $0.lowercased() })
        self.caseSensitive = caseSensitive
        self.converters = ParameterConverter.defaultSet
        self.logger = logger
        self.limits = limits
    }

    /// Gives `scheme` routes of its own, as JLRoutes' `routesForScheme:` does: its URLs match
    /// only routes limited to it (`thing://item/:id`), and, when `fallsBackToGlobalRoutes`
    /// (JLRoutes' `shouldFallbackToGlobalRoutes`), the routes of every scheme after those.
    /// URLs of other schemes never match its routes; without namespaces, a route of no scheme
    /// matches every accepted scheme.
    ///
    /// Set ``schemes`` first: the namespace's scheme must be one of them when they are listed.
    /// - Throws: ``ConfigurationError/invalidScheme(_:reason:)`` for a name no URL can carry
    ///   (empty, `a/b`, a NUL, over ``maximumSchemeLength``),
    ///   ``ConfigurationError/namespaceForUnacceptedScheme(_:accepted:)`` for a scheme the
    ///   router refuses, ``ConfigurationError/namespaceForWebScheme(_:)`` for `http` or `https`
    ///   (associated domains decide those), and the configuration is unchanged.
    public mutating func namespace(_ scheme: String, fallsBackToGlobalRoutes: Bool = false) throws(ConfigurationError) {
        if let why = Self.schemeProblem(scheme) { throw .invalidScheme(scheme, reason: why) }
        let name = scheme.lowercased()
        guard name != "http", name != "https" else { throw .namespaceForWebScheme(name) }
        guard schemes.isEmpty || schemes.contains(name) else { throw .namespaceForUnacceptedScheme(name, accepted: schemes.sorted()) }
        schemeNamespaces[name] = fallsBackToGlobalRoutes
    }

    /// The longest scheme name accepted, in bytes; real ones are a few letters.
    public static let maximumSchemeLength = 64

    /// Why `name` cannot be a URL scheme (RFC 3986: a letter, then letters, digits, `+`, `-`,
    /// `.`; at most ``maximumSchemeLength`` bytes), or `nil`.
    package static func schemeProblem(_ name: String) -> String? {
        guard let first = name.utf8.first else { return "it is empty" }
        guard name.utf8.count <= maximumSchemeLength else { return "it is \(name.utf8.count) bytes long; the limit is \(maximumSchemeLength)" }
        guard (first | 0x20) &- UInt8(ascii: "a") < 26 else { return "it does not start with a letter" }
        let allowed = name.utf8.allSatisfy { byte in
            (byte | 0x20) &- UInt8(ascii: "a") < 26 || (byte &- 0x30) < 10 || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        return allowed ? nil : "only letters, digits, \"+\", \"-\" and \".\" may follow its first letter"
    }

    /// Every setting that can never be right, as ``validate()`` would throw them: a scheme no
    /// URL can carry, an associated domain or web-view host that is not a host name or that
    /// takes a public suffix (`*.com`). Such an entry matches nothing; ``Router`` logs each.
    public var problems: [ConfigurationError] {
        var found: [ConfigurationError] = []
        for scheme in schemes.sorted() { if let why = Self.schemeProblem(scheme) { found.append(.invalidScheme(scheme, reason: why)) } }
        for (setting, hosts) in [("associatedDomains", associatedDomains), ("webViewHosts", webViewHosts)] {
            for host in hosts.sorted() {
                if let why = HostName.entryProblem(host) { found.append(.invalidHostEntry(setting: setting, entry: host, reason: why)) }
            }
        }
        return found
    }

    /// Throws the first of ``problems``: call it where a configuration is made from input
    /// (a file, a server), to refuse it whole.
    public func validate() throws(ConfigurationError) {
        if let first = problems.first { throw first }
    }

    /// Adds a converter for typed segments (`<sku:code>`).
    ///
    /// - Throws: ``ConfigurationError/converterRegisteredTwice(name:builtIn:)`` when a converter
    ///   of that name is registered already (a built-in one too), and the configuration is
    ///   unchanged: two converters under one name would make a pattern mean one or the other
    ///   depending on the order of registration.
    public mutating func register(_ converter: ParameterConverter) throws(ConfigurationError) {
        if let existing = converters[converter.name] {
            throw .converterRegisteredTwice(name: converter.name, builtIn: existing.isBuiltIn)
        }
        converters[converter.name] = converter
    }
}

/// A router configuration that makes no sense, refused when it is made.
public enum ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A converter name registered a second time; `builtIn` when the first is one of the library's.
    case converterRegisteredTwice(name: String, builtIn: Bool)
    /// A namespace for a scheme the router does not accept, with the ones it accepts.
    case namespaceForUnacceptedScheme(String, accepted: [String])
    /// A namespace for `http` or `https`, whose URLs the associated domains route.
    case namespaceForWebScheme(String)
    /// A scheme name no URL can carry, and why.
    case invalidScheme(String, reason: String)
    /// An entry of a list of hosts (`setting`: `associatedDomains`, `webViewHosts`,
    /// `allowedRedirectHosts`) that can never be right, and why.
    case invalidHostEntry(setting: String, entry: String, reason: String)

    /// What was refused and why.
    public var description: String {
        switch self {
        case .converterRegisteredTwice(let name, let builtIn):
            return "converter \"\(name)\" is registered twice: " + (builtIn ? "it is a built-in converter's name" : "a converter of that name was registered before")
        case .namespaceForUnacceptedScheme(let scheme, let accepted):
            return "scheme \"\(scheme)\" cannot have routes of its own: the router accepts only " + accepted.map { "\"\($0)\"" }.joined(separator: ", ")
        case .namespaceForWebScheme(let scheme):
            return "scheme \"\(scheme)\" cannot have routes of its own: web URLs are routed by their associated domains"
        case .invalidScheme(let scheme, let reason):
            return "\"\(DisplaySafe.text(scheme))\" is not a URL scheme: \(reason)"
        case .invalidHostEntry(let setting, let entry, let reason):
            return "\(setting) entry \"\(DisplaySafe.text(entry))\" matches nothing: \(reason)"
        }
    }
}
