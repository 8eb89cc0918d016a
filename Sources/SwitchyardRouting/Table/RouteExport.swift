/// One registered route as plain data, for tooling (lint, docs, graphs).
public struct RouteExport: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case pattern, regex
    }

    public let pattern: String
    public let kind: Kind
    public let priority: Int
    public let owner: String?
    public let parameters: [String]

    public init(pattern: String, kind: Kind, priority: Int, owner: String?, parameters: [String]) {
        self.pattern = pattern
        self.kind = kind
        self.priority = priority
        self.owner = owner
        self.parameters = parameters
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
