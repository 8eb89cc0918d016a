import SwitchyardPatterns
import SwitchyardSupport

extension RouteTable {
    /// Builds a URL from a pattern and parameter values: reverse routing.
    ///
    /// Each value is percent-encoded so that resolving the URL gives back exactly the same
    /// value — unicode, `/`, `?`, `&`, `%`, `+`, `:` and spaces included. An optional group
    /// is included when every parameter in it has a value. A catch-all value is split on `/`.
    ///
    /// ```swift
    /// let url = try router.table.url(for: "/product/:id(/:tab)", parameters: ["id": "a/b c"])
    /// // "/product/a%2Fb%20c"
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: a pattern in the router's syntax; it need not be registered.
    ///   - scheme: when given (and the pattern has none), builds `scheme://first/rest`.
    /// - Throws: ``RoutingError/missingParameter(name:pattern:)``, ``RoutingError/invalidParameter(name:value:pattern:)``
    ///   (a value its segment would not match, or one holding a NUL, which no URL carries),
    ///   ``RoutingError/invalidPattern(_:)``, or ``RoutingError/malformedURL(_:)`` naming the
    ///   limit of ``InputLimits`` (length, path segments, query items) the URL would be over:
    ///   resolving would refuse it.
    public func url(
        for pattern: String,
        parameters: [String: String] = [:],
        query: RouteParameters = [:],
        scheme: String? = nil
    ) throws(RoutingError) -> String {
        let parsed: RoutePattern
        do {
            parsed = try RoutePattern(pattern, converters: configuration.converters, limits: configuration.limits)
        } catch {
            throw .invalidPattern(error)
        }
        let url = try URLBuilder(pattern: parsed, parameters: parameters, converters: configuration.converters)
            .build(query: query, scheme: scheme)
        return try URLBuilder.resolvable(url, limits: configuration.limits)
    }
}

/// Fills a pattern's segments with encoded values.
struct URLBuilder {
    let pattern: RoutePattern
    let parameters: [String: String]
    let converters: [String: ParameterConverter]
    /// The catch-all's parts, one segment each, when the caller has them apart (a typed route);
    /// otherwise the catch-all's text is split at each `/`.
    var catchAllParts: [String]?
    /// Refuses an optional group given in part, instead of leaving it out.
    var strictGroups = false

    init(pattern: RoutePattern, parameters: [String: String], converters: [String: ParameterConverter]) {
        self.pattern = pattern
        self.parameters = parameters
        self.converters = converters
    }

    /// `url`, once it is known to resolve: long values, a catch-all of many parts or many
    /// query items can take a URL past a limit that resolving enforces.
    static func resolvable(_ url: String, limits: InputLimits) throws(RoutingError) -> String {
        try ParsedURL.reading(url, limits: limits) { bytes, parsed throws(RoutingError) in
            try parsed.withSegments(bytes, url: url, limits: limits, countingCustomHost: true) { _ in }
        }
        return url
    }

    func build(query: RouteParameters, scheme: String?) throws(RoutingError) -> String {
        // A NUL cannot travel in a URL: resolving refuses `%00`, so building must too.
        for (name, value) in parameters where value.utf8.contains(0) {
            throw .invalidParameter(name: name, value: value, pattern: pattern.description)
        }
        for item in query.items where item.value.utf8.contains(0) || item.name.utf8.contains(0) {
            throw .invalidParameter(name: item.name, value: item.value, pattern: pattern.description)
        }
        let segments = try encode(pattern.elements)
        let path = segments.joined(separator: "/")
        var url: String
        if let scheme = pattern.scheme ?? scheme {
            url = scheme + "://" + path
        } else {
            url = "/" + path
        }
        if !query.isEmpty {
            url += "?" + query.map { PercentCoding.encode($0.name) + "=" + PercentCoding.encode($0.value) }.joined(separator: "&")
        }
        return url
    }

    private func encode(_ elements: [PatternElement]) throws(RoutingError) -> [String] {
        var segments: [String] = []
        for element in elements {
            switch element {
            case .segment(let segment):
                segments += try encode(segment)
            case .optional(let inner):
                if try writes(inner) { segments += try encode(inner) }
            }
        }
        return segments
    }

    /// Whether an optional group is written: when every parameter directly in it has a value;
    /// a group of literals only, when a group inside it is. A typed route (``strictGroups``)
    /// may not fill a group in part: the values given would not read back.
    private func writes(_ group: [PatternElement]) throws(RoutingError) -> Bool {
        var direct: [String] = []
        var nested: [[PatternElement]] = []
        for element in group {
            switch element {
            case .segment(let segment): if let name = segment.parameterName { direct.append(name) }
            case .optional(let inner): nested.append(inner)
            }
        }
        let missing = direct.filter { parameters[$0] == nil }
        if strictGroups, let first = missing.first, missing.count < direct.count || nested.contains(where: { $0.parameterNames.contains { parameters[$0] != nil } }) {
            throw .missingParameter(name: first, pattern: pattern.description)
        }
        if !direct.isEmpty { return missing.isEmpty }
        for inner in nested where try writes(inner) { return true }
        return false
    }

    private func encode(_ segment: PatternSegment) throws(RoutingError) -> [String] {
        switch segment {
        case .literal(let text):
            return [PercentCoding.encode(text)]
        case .catchAll(let name):
            if let catchAllParts {
                // A part holding a `/` stays one segment, so it reads back; an empty one would not.
                if catchAllParts.contains(where: \.isEmpty) {
                    throw .invalidParameter(name: name ?? "*", value: catchAllParts.joined(separator: "/"), pattern: pattern.description)
                }
                return catchAllParts.map { PercentCoding.encode($0) }
            }
            let value = parameters[name ?? "*"] ?? ""
            // Split by bytes: a combining mark after `/` must not hide the slash.
            return value.utf8.split(separator: ASCII.slash, omittingEmptySubsequences: true)
                .map { PercentCoding.encode(String(decoding: $0, as: UTF8.self)) }
        case .parameter(let name), .constrained(let name, _), .typed(let name, _):
            guard let value = parameters[name] else {
                throw .missingParameter(name: name, pattern: pattern.description)
            }
            guard !value.isEmpty, accepts(segment, value) else {
                throw .invalidParameter(name: name, value: value, pattern: pattern.description)
            }
            return [PercentCoding.encode(value)]
        }
    }

    private func accepts(_ segment: PatternSegment, _ value: String) -> Bool {
        switch segment {
        case .constrained(_, let regex): return SegmentCheck(regex: regex)?.accepts(value) ?? false
        case .typed(_, let converter): return converters[converter]?.accepts(value) ?? false
        default: return true
        }
    }
}
