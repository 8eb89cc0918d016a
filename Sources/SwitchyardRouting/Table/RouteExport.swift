/// One registered route as plain data, for tooling (lint, docs, graphs).
public struct RouteExport: Codable, Equatable, Sendable {
    /// What the exported route matches with.
    public enum Kind: String, Codable, Sendable {
        /// A route pattern (`pattern`) or a whole-path regular expression (`regex`).
        case pattern, regex
    }

    /// The canonical pattern, or the regular expression's source.
    public let pattern: String
    /// Whether ``pattern`` is a route pattern or a regular expression.
    public let kind: Kind
    /// The route's priority; higher wins ties between routes of the same shape.
    public let priority: Int
    /// Who registered the route (a module name), if it was given.
    public let owner: String?
    /// The parameter names: a pattern's, or a regex's capture groups (`groupN` when unnamed).
    public let parameters: [String]
    /// Whether a universal link may reach the route (`PipelineSettings.universalLinkRoutes`);
    /// `nil` when the router sets no such list, so every route may be reached. Left out of the
    /// JSON when `nil`. `switchyard aasa` publishes only the routes for which it is not `false`.
    public var openToUniversalLinks: Bool?

    /// Creates the record; ``RouteTable/exportRoutes()`` makes one per route.
    public init(pattern: String, kind: Kind, priority: Int, owner: String?, parameters: [String], openToUniversalLinks: Bool? = nil) {
        self.pattern = pattern
        self.kind = kind
        self.priority = priority
        self.owner = owner
        self.parameters = parameters
        self.openToUniversalLinks = openToUniversalLinks
    }
}

extension RouteTable {
    /// Every registered route as plain data, in registration order.
    ///
    /// Encode it with `JSONEncoder` to get the route dump the `switchyard` tool reads.
    public func exportRoutes() -> [RouteExport] {
        routes.map { route in
            switch route.definition {
            case .pattern(let pattern):
                return RouteExport(pattern: pattern.description, kind: .pattern, priority: route.priority,
                                   owner: route.owner, parameters: pattern.parameterNames)
            case .regex(let regex):
                return RouteExport(pattern: regex.source, kind: .regex, priority: route.priority,
                                   owner: route.owner, parameters: regex.groupNames)
            }
        }
    }
}
