import SwitchyardPatterns
import SwitchyardSupport

/// Identifies one registration, for ``RouteTable/unregister(_:)``.
public struct RouteID: Hashable, Sendable, CustomStringConvertible {
    /// The registration's sequence number: a table hands ids out in registration order.
    public let rawValue: Int
    /// `route#` and the number, for logs.
    public var description: String { "route#\(rawValue)" }

    @inlinable
    init(rawValue: Int) {
        self.rawValue = rawValue
    }
}

/// What a route matches: a pattern, or a regular expression over the whole path.
public enum RouteDefinition: Hashable, Sendable, CustomStringConvertible {
    /// A route pattern such as `/product/:id`.
    case pattern(RoutePattern)
    /// Boxed: a regex pattern is four words, and every route of a table stores a definition.
    indirect case regex(RegexPattern)

    /// The canonical pattern, or the regular expression as written.
    public var description: String {
        switch self {
        case .pattern(let pattern): return pattern.description
        case .regex(let regex): return regex.description
        }
    }
}

/// A registered route and the value it leads to.
///
/// A class so that a match hands out one shared reference rather than copying the pattern.
public final class Route<Target: Sendable>: Sendable {
    /// The value a match of this route leads to.
    ///
    /// Declared first, so it lies beside the object's header: a lookup retains the route and
    /// its caller reads the target, and among 10,000 routes each is a cache line fetched.
    public let target: Target
    /// The canonical pattern, or the regex source.
    ///
    /// Beside the target, so what a resolve reads of a route lies in the object's first line,
    /// before what only registration and exports read.
    public let pattern: String
    /// Everything else but the id, in one reference: `nil`, the owner's name (``RouteOwner``),
    /// the pattern's stored pieces, the regex in a ``RegexBox``, or, for a route with a priority
    /// or with both an owner and pieces, a ``RouteDetails``. Most routes have an owner or
    /// nothing, and no priority, so a route of an `Int` target fills 56 bytes, where a field
    /// each took 80.
    private let rest: (any AnyObject & Sendable)?
    /// Identifies the registration, for ``RouteTable/unregister(_:)``.
    public let id: RouteID

    /// Breaks ties between routes of the same shape; higher wins. Default 0.
    public var priority: Int { (rest as? RouteDetails)?.priority ?? 0 }
    /// Who registered it (a module name), for exports and logs.
    public var owner: String? { ownerName?.name }
    /// The owner's name, an object its routes share.
    var ownerName: RouteOwner? {
        if let owner = rest as? RouteOwner { return owner }
        return (rest as? RouteDetails)?.owner
    }

    private final class RegexBox: Sendable {
        let regex: RegexPattern
        init(_ regex: RegexPattern) { self.regex = regex }
    }

    /// What the route matches.
    public var definition: RouteDefinition {
        let stored: (any AnyObject & Sendable)? = if let details = rest as? RouteDetails { details.definition } else { rest }
        if let box = stored as? RegexBox { return .regex(box.regex) }
        // An owner's name is no pattern's pieces: the pattern drops it and splits its text.
        return .pattern(RoutePattern(text: pattern, pieces: stored))
    }

    /// Registration order: ids are handed out in sequence, so the id is the order.
    var sequence: Int { id.rawValue }

    @usableFromInline
    init(id: RouteID, definition: RouteDefinition, priority: Int, owner: RouteOwner?, target: Target) {
        self.id = id
        self.target = target
        let stored: (any AnyObject & Sendable)?
        switch definition {
        case .pattern(let routePattern):
            (pattern, stored) = routePattern.parts
        case .regex(let regex):
            pattern = regex.source
            stored = RegexBox(regex)
        }
        if priority == 0, owner == nil || stored == nil {
            rest = owner ?? stored
        } else {
            rest = RouteDetails(owner: owner, definition: stored, priority: priority)
        }
    }
}

/// What a route with a priority, or with both an owner and stored pieces, keeps beside its
/// pattern: a route of neither keeps its one part without this object.
@usableFromInline
final class RouteDetails: Sendable {
    let owner: RouteOwner?
    /// The pattern's pieces or the regex box, as ``Route`` stores them.
    let definition: (any AnyObject & Sendable)?
    let priority: Int

    init(owner: RouteOwner?, definition: (any AnyObject & Sendable)?, priority: Int) {
        (self.owner, self.definition, self.priority) = (owner, definition, priority)
    }
}

/// A route owner's name, shared by the routes of one owner in a table.
@usableFromInline
final class RouteOwner: Sendable {
    @usableFromInline let name: String

    @inlinable
    init(_ name: String) {
        self.name = name
    }
}

/// A route to register as part of a batch.
public struct RouteSpec<Target: Sendable>: Sendable {
    /// The route pattern, or the regular expression's source when ``isRegex``.
    public var pattern: String
    /// Breaks ties between routes of the same shape; higher wins. Default 0.
    public var priority: Int
    /// Who registers it (a module name), for exports, logs and ``RouteTable/unregisterAll(owner:)``.
    public var owner: String?
    /// Whether ``pattern`` is a whole-path regular expression; set by ``regex(_:owner:target:)``.
    public var isRegex: Bool
    /// The value the route leads to.
    public var target: Target

    /// A pattern route; the pattern is parsed when the batch is registered.
    public init(_ pattern: String, priority: Int = 0, owner: String? = nil, target: Target) {
        self.pattern = pattern
        self.priority = priority
        self.owner = owner
        self.isRegex = false
        self.target = target
    }

    /// A whole-path regular-expression route.
    public static func regex(_ source: String, owner: String? = nil, target: Target) -> RouteSpec {
        var spec = RouteSpec(source, owner: owner, target: target)
        spec.isRegex = true
        return spec
    }
}

/// A URL resolved to a route.
public struct RouteMatch<Target: Sendable>: Sendable {
    /// The route that matched.
    public let route: Route<Target>
    /// What the route's handler receives: the URL, its parameters and where the open came from.
    public var request: RouteRequest
    /// The matched route's target.
    public var target: Target { route.target }

    @usableFromInline
    init(route: Route<Target>, request: RouteRequest) {
        self.route = route
        self.request = request
    }
}

/// What registering a route did: its id, and any conflicts with routes already there.
public struct RouteRegistration: Sendable, Equatable {
    /// The new route's id, for ``RouteTable/unregister(_:)``.
    public let id: RouteID
    /// The canonical pattern, or the regular expression's source.
    public let pattern: String
    /// Routes that now overlap this one so that one of them can never win; also logged.
    ///
    /// At most ``InputLimits/conflictsPerRegistration`` are listed; ``omittedConflicts`` counts the rest.
    public let conflicts: [RouteConflict]
    /// Conflicts found past the limit and not listed.
    ///
    /// Every other route of the same shape and scheme is counted, without being looked at one
    /// by one, so a table of 20,000 copies of one route registers as fast as 20,000 routes.
    /// Conflicts that depend on each pair (a route of no scheme outranking scheme routes,
    /// checks tried side by side) are looked for among the first 256 routes of that shape.
    public let omittedConflicts: Int

    init(id: RouteID, pattern: String, conflicts: [RouteConflict], omittedConflicts: Int = 0) {
        self.id = id
        self.pattern = pattern
        self.conflicts = conflicts
        self.omittedConflicts = omittedConflicts
    }
}

/// Two routes that match the same URLs, so that one of them can never win there.
public struct RouteConflict: Sendable, Hashable, CustomStringConvertible {
    /// How the two routes overlap.
    public enum Kind: Sendable, Hashable {
        /// Same shape and priority: the one registered first wins.
        case duplicate
        /// Same shape, and the winner has a higher priority.
        case outranked
        /// The winner has `<string:x>` where the loser has `:x`: it is tried first and takes every value.
        case shadowed
        /// Typed or regex segments tried side by side: the winner accepts every value the loser
        /// does (`:c([a-z]+)` before `:d([a-c]+)`), so the loser never wins.
        case covered
        /// Typed or regex segments tried side by side that share some values (`<int:n>` and
        /// `:c([0-9]+)`): the loser never wins those; ``RouteConflict/example`` is one.
        case overlapping
    }

    /// How the two routes overlap.
    public let kind: Kind
    /// The route that can never win where they overlap.
    public let loser: String
    /// The route that wins.
    public let winner: String
    /// The flat variant where they overlap, when it differs from ``loser`` (optional groups).
    public let overlap: String
    /// A URL both match, where the winner wins: for ``Kind/covered`` and ``Kind/overlapping``.
    public let example: String?

    /// Creates a conflict report; a table makes these when a route is registered.
    public init(kind: Kind, loser: String, winner: String, overlap: String, example: String? = nil) {
        self.kind = kind
        self.loser = loser
        self.winner = winner
        self.overlap = overlap
        self.example = example
    }

    /// The conflict as a sentence naming both routes; patterns are escaped, as they may come from a manifest.
    public var description: String {
        // Patterns may come from a downloaded manifest.
        let (loser, winner, overlap) = (DisplaySafe.text(loser), DisplaySafe.text(winner), DisplaySafe.text(overlap))
        let place = overlap == loser ? "" : " for \(overlap)"
        switch kind {
        case .duplicate:
            return "\(loser) can never win\(place): it duplicates \(winner), which was registered first"
        case .outranked:
            return "\(loser) can never win\(place): \(winner) matches the same URLs with a higher priority"
        case .shadowed:
            return "\(loser) can never win\(place): \(winner) takes the same URLs first (<string:> is tried before a plain :parameter)"
        case .covered:
            return "\(loser) can never win\(place): \(winner) also matches every URL it does, such as \(DisplaySafe.text(example ?? "")), and is preferred"
        case .overlapping:
            return "\(loser) loses to \(winner) wherever both match\(place), such as \(DisplaySafe.text(example ?? "")): typed and regex segments are tried side by side and the preferred route wins"
        }
    }
}
