import Logging

/// A set of route patterns that a request's path can be checked against, with the router's matcher.
public struct PatternSet: Sendable {
    private let table: RouteTable<Int>
    public let patterns: [String]

    /// - Throws: ``PatternError`` for an invalid pattern.
    public init(_ patterns: [String]) throws(PatternError) {
        let table = RouteTable<Int>(configuration: RouterConfiguration(logger: Logger(label: "switchyard.patterns") { _ in SwiftLogNoOpLogHandler() }))
        try table.register(patterns.enumerated().map { RouteSpec($0.element, target: $0.offset) })
        self.table = table
        self.patterns = patterns
    }

    /// The pattern that matches the request's path, if any.
    public func match(_ request: RouteRequest) -> String? {
        table.snapshot.lookup(request.path)?.route.pattern
    }

    public func contains(_ request: RouteRequest) -> Bool { match(request) != nil }
}
