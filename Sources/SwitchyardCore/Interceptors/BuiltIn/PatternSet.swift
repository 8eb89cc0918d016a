import Logging

/// A set of route patterns that a request can be checked against, with the router's matcher.
///
/// Built-in interceptors decide with these which requests they protect, so a set must match
/// every request the router could have matched: it takes the app's custom converters, matches
/// a pattern's scheme against the request's, and is not bound by the input limits (the router
/// applied them already, and a check that gave up would let a request through unprotected).
public struct PatternSet: Sendable {
    private let table: RouteTable<Int>
    public let patterns: [String]

    /// - Parameter converters: the router's converters, for patterns like `<sku:code>`.
    /// - Throws: ``PatternError`` for an invalid pattern.
    public init(_ patterns: [String], converters: [String: ParameterConverter] = ParameterConverter.defaultSet) throws(PatternError) {
        var configuration = RouterConfiguration(logger: Logger(label: "switchyard.patterns") { _ in SwiftLogNoOpLogHandler() })
        configuration.converters = converters
        configuration.limits = .unbounded
        let table = RouteTable<Int>(configuration: configuration)
        try table.register(patterns.enumerated().map { RouteSpec($0.element, target: $0.offset) })
        self.table = table
        self.patterns = patterns
        let custom = Set(converters.values.filter { !$0.isBuiltIn }.map(\.name))
        callsAppCode = !custom.isEmpty && patterns.contains { pattern in
            let parsed = try? RoutePattern(pattern, converters: converters, limits: .unbounded)
            return parsed.map { Self.converterNames($0.elements).contains(where: custom.contains) } ?? false
        }
    }

    /// Whether matching can run the app's code: a pattern uses one of its custom converters.
    /// Built-in policies then decide on the worker threads, never inline.
    let callsAppCode: Bool

    private static func converterNames(_ elements: [PatternElement]) -> [String] {
        elements.flatMap { element -> [String] in
            switch element {
            case .segment(.typed(_, let converter)): return [converter]
            case .segment: return []
            case .optional(let inner): return converterNames(inner)
            }
        }
    }

    /// The pattern that matches the request's path (and scheme), if any.
    public func match(_ request: RouteRequest) -> String? {
        guard !patterns.isEmpty else { return nil } // a policy with no routes (a signed-links scheme only, say)
        return table.snapshot.lookup(request.path, scheme: request.scheme)?.route.pattern
    }

    public func contains(_ request: RouteRequest) -> Bool { match(request) != nil }
}
