import SwitchyardPatterns
import SwitchyardRouting

/// The routes a caller outside the app may reach: a web page through the bridge, another app
/// through x-callback-url. Set as ``OpenOptions/reachable``.
///
/// The router checks the route the URL itself reaches, after a handler declined too, and
/// refuses any other with ``OpenError/notOpenToCaller(pattern:url:caller:)`` before an
/// interceptor or a handler runs. Where that route then leads (an interceptor's detour to
/// the login page, its own redirect) is the app's choice and is not checked again.
public struct ReachableRoutes: Sendable, Equatable {
    /// Who is calling, for the error (`the web page at https://promo.example.com`).
    public let caller: String
    /// The patterns, as the route table spells them (``RoutePattern/description``).
    public let patterns: Set<String>

    /// Routes of `patterns`, written as they were registered; `configuration` is the router's,
    /// for its converters and limits.
    ///
    /// - Throws: ``PatternError`` for a pattern that does not parse.
    public init(caller: String, patterns: some Sequence<String>, configuration: RouterConfiguration) throws(PatternError) {
        var canonical: Set<String> = []
        for pattern in patterns {
            canonical.insert(try RoutePattern(pattern, converters: configuration.converters, limits: configuration.limits).description)
        }
        self.caller = caller
        self.patterns = canonical
    }

    /// The same routes for another caller.
    public func calling(_ caller: String) -> ReachableRoutes {
        ReachableRoutes(caller: caller, canonical: patterns)
    }

    /// No route: what a caller gets when its list could not be read.
    static func none(_ caller: String) -> ReachableRoutes { ReachableRoutes(caller: caller, canonical: []) }

    private init(caller: String, canonical: Set<String>) {
        self.caller = caller
        self.patterns = canonical
    }
}
