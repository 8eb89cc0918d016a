import SwitchyardPatterns
import SwitchyardSupport

/// The non-generic heart of a snapshot: the frozen trie, the regex routes, and URL resolution.
///
/// Kept free of the table's `Target` type so the hot path is compiled once, specialized,
/// with no generic metadata lookups per call. Results name routes by index, or by the route
/// object's address where the trie holds it (``PathMatch/route``).
@usableFromInline
final class RouteMatcher: Sendable {
    struct RegexRoute: Sendable {
        let route: Int
        let pattern: RegexPattern
    }

    /// A path matched to route `route`.
    @usableFromInline
    struct PathMatch {
        /// 0 and up: the route's index in the table version. Below 0: the bitwise complement of
        /// the address of the route object the trie holds, which the version's routes keep
        /// alive; an address whose top bit is set (possible where `Int` is 32 bits) is never
        /// encoded, so its route goes by index. One word either way, so a resolve's result is
        /// copied no wider than before.
        @usableFromInline let route: Int
        @usableFromInline let parameters: RouteParameters
        @usableFromInline let remainder: [String]?
    }

    /// ``PathMatch/route`` for `endpoint`: its route object's address, complemented, when the
    /// trie holds one and the complement is negative; its index otherwise.
    @inline(__always)
    static func reference(_ endpoint: FrozenTrie.Endpoint) -> Int {
        guard let object = endpoint.object, Int(bitPattern: object) > 0 else { return Int(endpoint.route) }
        return ~Int(bitPattern: object)
    }

    /// A URL taken apart and matched.
    @usableFromInline
    struct ResolvedURL {
        @usableFromInline var match: PathMatch
        var path: String
        var scheme: String?
        var host: String?
        var query: RouteParameters
        var fragment: String?
        /// Set when an unassociated web URL was sent to the web route.
        var webURL: String?
        /// Whether the path's `+` stood for a space (``PlusDecoding/pathAndQuery``).
        var plusIsSpaceInPath = false
    }

    @usableFromInline
    enum Failure: Error {
        case routing(RoutingError)
        /// No route matched this normalized path of a URL of `scheme`; the caller adds the
        /// nearest pattern a URL of that scheme could reach.
        case noMatch(path: String, scheme: String?)
    }

    let trie: FrozenTrie
    let regexRoutes: RegexRouteIndex
    let configuration: RouterConfiguration
    /// ``RouterConfiguration/associatedDomains``, with `*.example.com` entries matching subdomains.
    let associatedDomains: HostAllowList

    init(trie: FrozenTrie, regexRoutes: [RegexRoute], configuration: RouterConfiguration) {
        self.trie = trie
        self.regexRoutes = RegexRouteIndex(regexRoutes)
        self.configuration = configuration
        associatedDomains = HostAllowList(configuration.associatedDomains)
    }

    @usableFromInline
    func match(path: String) -> PathMatch? {
        // The closures capture the matcher unretained: the caller holds it for the whole call,
        // and capturing `self` cost a retain and a release on every lookup.
        let matcher = Unmanaged.passUnretained(self)
        // Native strings are contiguous already; only bridged ones need a copy.
        if let result = path.utf8.withContiguousStorageIfAvailable({ Self.match(matcher, bytes: $0) }) { return result }
        var copy = path
        return copy.withUTF8 { Self.match(matcher, bytes: $0) }
    }

    @inline(__always)
    private static func match(_ matcher: Unmanaged<RouteMatcher>, bytes: UnsafeBufferPointer<UInt8>, scheme: String? = nil) -> PathMatch? {
        let (maximum, plusIsSpace) = matcher._withUnsafeGuaranteedRef {
            ($0.configuration.limits.pathSegments, $0.configuration.plusDecoding.inPath)
        }
        return PathSegments.with(bytes, host: nil, path: 0..<bytes.count, maximumCount: maximum, plusIsSpace: plusIsSpace) { segments in
            segments.isTruncated ? nil : matcher._withUnsafeGuaranteedRef { $0.match(segments, scheme: scheme, normalizedPath: nil) }
        }
    }

    /// A bare path whose URL had `scheme`.
    func match(path: String, scheme: String?) -> PathMatch? {
        let matcher = Unmanaged.passUnretained(self)
        var copy = path
        return copy.withUTF8 { Self.match(matcher, bytes: $0, scheme: scheme) }
    }

    /// - Parameter declined: routes to pass over (handlers declined them); usually `nil`.
    func match(_ segments: PathSegments, scheme: String?, normalizedPath: String?, declined: DeclinedRoutes? = nil) -> PathMatch? {
        func search(_ scheme: Int32) -> Int32 {
            declined.map { trie.search(segments, scheme: scheme, declined: $0) } ?? trie.search(segments, scheme: scheme)
        }
        var hit: Int32
        let namespace = scheme.flatMap { configuration.schemeNamespaces[$0] }
        if let fallsBack = namespace {
            // A scheme with routes of its own: only those, then every scheme's when it falls back.
            hit = search(FrozenTrie.isolated(trie.schemeIndex(scheme)))
            if hit < 0, fallsBack { hit = search(-1) }
        } else {
            hit = search(trie.schemeIndex(scheme))
        }
        if hit >= 0 {
            let endpoint = trie.endpoint(hit)
            let captured = trie.captures(of: endpoint, in: segments)
            return PathMatch(route: Self.reference(endpoint), parameters: captured.parameters, remainder: captured.remainder)
        }
        // Whole-path regex routes belong to every scheme.
        guard !regexRoutes.isEmpty, namespace ?? true else { return nil }
        let path = normalizedPath ?? segments.normalizedPath()
        guard path.utf8.count <= configuration.limits.regexInput else { return nil }
        return regexRoutes.firstMatch(path, plusIsSpace: segments.plusIsSpace, declined: declined).map {
            PathMatch(route: $0.route, parameters: $0.parameters, remainder: nil)
        }
    }

    @usableFromInline
    func resolve(_ url: String) -> Result<ResolvedURL, Failure> {
        if let result = url.utf8.withContiguousStorageIfAvailable({ resolve(bytes: $0, url: url) }) { return result }
        var copy = url
        return copy.withUTF8 { resolve(bytes: $0, url: url) }
    }

    /// ``resolve(_:)`` passing over the routes `declined` holds: the next route for a URL
    /// whose handlers declined those.
    func resolve(_ url: String, declined: DeclinedRoutes) -> Result<ResolvedURL, Failure> {
        var copy = url
        return copy.withUTF8 { resolve(bytes: $0, url: url, declined: declined) }
    }

    private func resolve(bytes: UnsafeBufferPointer<UInt8>, url: String, declined: DeclinedRoutes? = nil) -> Result<ResolvedURL, Failure> {
        let parsed: ParsedURL
        switch ParsedURL.parse(bytes, url: url, limits: configuration.limits, plusIsSpace: configuration.plusDecoding.inQuery) {
        case .success(let value): parsed = value
        case .failure(let error): return .failure(.routing(error))
        }
        let (layout, query, fragment) = (parsed.layout, parsed.query, parsed.fragment)

        var scheme: String?
        var webHost: String?
        var firstSegment: Range<Int>?
        if let schemeRange = layout.scheme {
            let name = URLLayout.lowercasedText(UnsafeBufferPointer(rebasing: bytes[schemeRange]))
            scheme = name
            if name == "http" || name == "https" {
                // The scan refuses a web URL without `//`, so it has an authority.
                let authority = layout.host ?? schemeRange.upperBound..<schemeRange.upperBound
                if let (offset, reason) = URLLayout.webAuthorityProblem(bytes, authority: authority) {
                    return .failure(.routing(ParsedURL.malformed(bytes, url: url, byteOffset: offset, reason: reason)))
                }
                let hostRange = URLLayout.webHost(bytes, authority: authority)
                let host = URLLayout.lowercasedText(UnsafeBufferPointer(rebasing: bytes[hostRange]))
                webHost = host
                if !associatedDomains.contains(host) {
                    guard let webRoute = configuration.webRoute else {
                        return .failure(.routing(.hostNotAssociated(host: host, url: url)))
                    }
                    return resolveWeb(url, webRoute: webRoute, declined: declined)
                }
                if configuration.webHostIsFirstSegment { firstSegment = hostRange }
            } else {
                guard configuration.schemes.isEmpty || configuration.schemes.contains(name) else {
                    return .failure(.routing(.schemeNotAccepted(scheme: name, url: url)))
                }
                firstSegment = layout.host
            }
        }

        let maximum = configuration.limits.pathSegments
        return PathSegments.with(bytes, host: firstSegment, path: layout.path, maximumCount: maximum,
                                 plusIsSpace: configuration.plusDecoding.inPath) { segments in
            if let (offset, exceeded) = segments.exceeded(maximum: maximum) {
                return .failure(.routing(ParsedURL.malformed(bytes, url: url, byteOffset: offset, reason: .limitExceeded(exceeded))))
            }
            if let (offset, reason) = segments.firstInvalidSegment() {
                return .failure(.routing(ParsedURL.malformed(bytes, url: url, byteOffset: offset, reason: reason)))
            }
            let path = segments.normalizedPath()
            guard let match = match(segments, scheme: scheme, normalizedPath: path, declined: declined) else {
                if let gaveUp = regexGaveUp(segments, path: path) { return .failure(.routing(gaveUp)) }
                return .failure(.noMatch(path: path, scheme: scheme))
            }
            return .success(ResolvedURL(match: match, path: path, scheme: scheme, host: webHost,
                                        query: query, fragment: fragment, webURL: nil, plusIsSpaceInPath: segments.plusIsSpace))
        }
    }

    /// The error for a miss where a regex was not run because its input was over the limit.
    private func regexGaveUp(_ segments: PathSegments, path: String) -> RoutingError? {
        let limit = configuration.limits.regexInput
        if let skipped = trie.regexGaveUp(segments) {
            return .regexGaveUp(regex: String(skipped.regex.dropFirst().dropLast()), path: path,
                                LimitExceeded(.regexInput, value: skipped.length, maximum: limit))
        }
        if let first = regexRoutes.routes.first, path.utf8.count > limit {
            return .regexGaveUp(regex: first.pattern.source, path: path, LimitExceeded(.regexInput, value: path.utf8.count, maximum: limit))
        }
        return nil
    }

    /// Sends a web URL that is not on an associated domain to the web route, as its `url` item.
    private func resolveWeb(_ url: String, webRoute: String, declined: DeclinedRoutes?) -> Result<ResolvedURL, Failure> {
        let target = PercentCoding.appendingQueryItem("url", url, to: webRoute)
        return (declined.map { resolve(target, declined: $0) } ?? resolve(target)).map { resolved in
            var resolved = resolved
            resolved.webURL = url
            return resolved
        }
    }
}
