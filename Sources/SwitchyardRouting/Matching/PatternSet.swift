import Logging
import SwitchyardPatterns

/// A set of route patterns that a request can be checked against, with the router's matcher.
///
/// Built-in interceptors decide with these which requests they protect, so a set must match
/// every request the router could have matched: it takes the app's custom converters, matches
/// a pattern's scheme against the request's, and is not bound by the input limits (the router
/// applied them already, and a check that gave up would let a request through unprotected).
public struct PatternSet: Sendable {
    /// The built table, held directly: a set never changes, so it needs no published snapshot.
    private let matcher: RouteMatcher
    /// The routes of `matcher`, by route index: their canonical patterns, and the objects its
    /// trie points at, kept alive as long as it is.
    private let routes: [Route<Int>]
    /// The patterns as given, in order; ``match(_:)`` returns a pattern in its canonical form.
    public let patterns: [String]

    /// Parses `patterns` and builds the matcher that requests are checked with.
    ///
    /// - Parameter patterns: the route patterns to match, as a router would register them.
    /// - Parameter converters: the router's converters, for patterns like `<sku:code>`.
    /// - Throws: ``PatternError`` for an invalid pattern.
    public init(_ patterns: [String], converters: [String: ParameterConverter] = ParameterConverter.defaultSet) throws(PatternError) {
        var configuration = RouterConfiguration(logger: Logger(label: "switchyard.patterns") { _ in SwiftLogNoOpLogHandler() })
        configuration.converters = converters
        configuration.limits = .unbounded
        let table = RouteTable<Int>(configuration: configuration)
        try table.register(patterns.enumerated().map { RouteSpec($0.element, target: $0.offset) })
        let built = table.snapshot.built
        matcher = built.matcher
        routes = built.routes
        self.patterns = patterns
        // By the names patterns use, the dictionary's keys, not the names converters were made with.
        let custom = Set(converters.filter { !$0.value.isBuiltIn }.map(\.key))
        callsAppCode = !custom.isEmpty && patterns.contains { pattern in
            let parsed = try? RoutePattern(pattern, converters: converters, limits: .unbounded)
            return parsed.map { Self.converterNames($0.elements).contains(where: custom.contains) } ?? false
        }
    }

    /// Whether matching can run the app's code: a pattern uses one of its custom converters.
    /// Built-in policies then decide on the worker threads, never inline.
    package let callsAppCode: Bool

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
        return PolicyPath.with(request) { path, _ in match(path) }
    }

    /// Whether the request's path (and scheme) matches one of the patterns.
    public func contains(_ request: RouteRequest) -> Bool { match(request) != nil }

    /// The pattern that matches a path already split, as the built-ins of one open share it.
    package func match(_ path: PolicyPath) -> String? {
        route(matching: path).map { routes[$0].pattern }
    }

    package func contains(_ path: PolicyPath) -> Bool { route(matching: path) != nil }

    /// The route `path` matches, without decoding the values it binds: all a policy asks.
    /// Pattern routes only, as a ``PatternSet`` has no others.
    private func route(matching path: PolicyPath) -> Int? {
        guard !patterns.isEmpty else { return nil }
        let trie = matcher.trie
        let hit = trie.search(path.segments, scheme: trie.schemeIndex(path.scheme))
        return hit >= 0 ? Int(trie.endpoint(hit).route) : nil
    }
}

/// A request's path split into segments once, for every built-in policy that checks it
/// during one open; valid only inside ``with(_:_:)``.
package struct PolicyPath {
    let segments: PathSegments
    let scheme: String?

    /// Calls `body` with the request's path split, and the request itself.
    package static func with<R>(_ request: RouteRequest, _ body: (PolicyPath, RouteRequest) -> R) -> R {
        var path = request.path
        return path.withUTF8 { bytes in
            // Every segment, unbounded: a policy must see whatever the router could have matched.
            PathSegments.with(bytes, host: nil, path: 0..<bytes.count, maximumCount: .max, plusIsSpace: request.plusIsSpaceInPath) { segments in
                body(PolicyPath(segments: segments, scheme: request.scheme), request)
            }
        }
    }
}
