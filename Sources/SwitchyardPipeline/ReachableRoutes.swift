import SwitchyardPatterns
import SwitchyardRouting
import SwitchyardSupport

/// The routes a caller outside the app may reach: a web page through the bridge, another app
/// through x-callback-url, a universal link. Set as ``OpenOptions/reachable``.
///
/// The router looks the URL up among these routes only (the caller's view of the table), and
/// refuses one none of them takes with ``OpenError/notOpenToCaller(url:caller:)`` before an
/// interceptor or a handler runs; after a handler declined too. Whether a route the caller may
/// not reach would have taken it is never asked, so nothing the caller sees — the reply, how a
/// repeat is answered, how long the refusal takes — tells such a route from a missing one: no
/// converter, regex or suggestion of another route runs for it. Where a route of the view then
/// leads (an interceptor's detour to the login page, its own redirect) is the app's choice and
/// is looked up in the whole table.
public struct ReachableRoutes: Sendable, Equatable {
    /// Who is calling, for the error (`the web page at https://promo.example.com`).
    public let caller: String
    /// The patterns, as the route table spells them (``RoutePattern/description``).
    public let patterns: Set<String>
    /// The caller's view of a table, shared by every copy and kept per table version.
    private let view: View

    /// Routes of `patterns`, written as they were registered; `configuration` is the router's,
    /// for its converters and limits.
    ///
    /// - Throws: ``PatternError`` for a pattern that does not parse.
    public init(caller: String, patterns: some Sequence<String>, configuration: RouterConfiguration) throws(PatternError) {
        var canonical: Set<String> = []
        for pattern in patterns {
            canonical.insert(try RoutePattern(pattern, converters: configuration.converters, limits: configuration.limits).description)
        }
        self.init(caller: caller, canonical: canonical, view: View())
    }

    /// The same routes for another caller.
    public func calling(_ caller: String) -> ReachableRoutes {
        ReachableRoutes(caller: caller, canonical: patterns, view: view)
    }

    /// No route: what a caller gets when its list could not be read.
    static func none(_ caller: String) -> ReachableRoutes { ReachableRoutes(caller: caller, canonical: [], view: View()) }

    private init(caller: String, canonical: Set<String>, view: View) {
        self.caller = caller
        self.patterns = canonical
        self.view = view
    }

    /// Whether both name the same caller and routes.
    public static func == (lhs: ReachableRoutes, rhs: ReachableRoutes) -> Bool {
        lhs.caller == rhs.caller && lhs.patterns == rhs.patterns
    }

    /// `table`'s current version seen by this caller: its routes of ``patterns``, the table's own
    /// route objects, so they win among themselves as they do in the table and keep their ids.
    func view(of table: RouteTable<RouteTarget>) -> RouteTable<RouteTarget>.Snapshot {
        view.snapshot(of: table, patterns: patterns)
    }

    /// The last view made, and the version of the table it was made from, held so that a newer
    /// version can never be taken for it.
    final class View: Sendable {
        private let cached = Locked<(version: RouteTable<RouteTarget>.Snapshot, view: RouteTable<RouteTarget>.Snapshot)?>(nil)

        func snapshot(of table: RouteTable<RouteTarget>, patterns: Set<String>) -> RouteTable<RouteTarget>.Snapshot {
            let full = table.snapshot
            if let cached = cached.withLock({ $0 }), cached.version === full { return cached.view }
            let view = full.subset { route in
                guard case .pattern = route.definition else { return false }
                return patterns.contains(route.pattern)
            }
            cached.withLock { $0 = (full, view) }
            return view
        }
    }
}
