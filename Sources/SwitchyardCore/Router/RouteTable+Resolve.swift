extension RouteTable.Snapshot {
    /// Parses `url`, maps it to a path and matches it, without side effects.
    ///
    /// - Custom schemes: the host is the first path component (`myapp://product/1` is `/product/1`);
    ///   a scheme outside ``RouterConfiguration/schemes`` (when set) is refused.
    /// - `http(s)`: a host in ``RouterConfiguration/associatedDomains`` maps its path the same way;
    ///   any other host goes to ``RouterConfiguration/webRoute`` with the URL as `url`.
    /// - A bare path (`/product/1`) matches as is.
    ///
    /// - Throws: ``RoutingError`` — a malformed URL (with what and where), a refused scheme or
    ///   host, or no match (with the nearest pattern).
    public func resolve(_ url: String, source: RouteSource = .inApp, nativeParameters: [String: any Sendable] = [:]) throws(RoutingError) -> RouteMatch<Target> {
        var text = url
        let result = text.withUTF8 { resolve(bytes: $0, url: url, source: source, nativeParameters: nativeParameters) }
        return try result.get()
    }

    private func resolve(bytes: UnsafeBufferPointer<UInt8>, url: String, source: RouteSource, nativeParameters: [String: any Sendable]) -> Result<RouteMatch<Target>, RoutingError> {
        let malformed = { (failure: URLLayout.Failure) -> RoutingError in
            .malformedURL(MalformedURLError(url: url, offset: URLLayout.characterOffset(bytes, byteOffset: failure.byteOffset), reason: failure.reason))
        }
        let layout: URLLayout
        switch URLLayout.scan(bytes) {
        case .success(let scanned): layout = scanned
        case .failure(let failure): return .failure(malformed(failure))
        }
        var query = RouteParameters()
        if let range = layout.query {
            switch QueryParser.parse(bytes, range: range) {
            case .success(let parsed): query = parsed
            case .failure(let failure): return .failure(malformed(failure))
            }
        }
        var fragment: String?
        if let range = layout.fragment {
            switch QueryParser.decode(bytes, range, plusIsSpace: false) {
            case .success(let decoded): fragment = decoded
            case .failure(let failure): return .failure(malformed(failure))
            }
        }

        var scheme: String?
        var webHost: String?
        var firstSegment: Range<Int>?
        if let schemeRange = layout.scheme {
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[schemeRange]), as: UTF8.self).lowercased()
            scheme = name
            let authority = layout.host ?? (schemeRange.upperBound + 3)..<(schemeRange.upperBound + 3)
            if name == "http" || name == "https" {
                let host = String(decoding: UnsafeBufferPointer(rebasing: bytes[URLLayout.webHost(bytes, authority: authority)]), as: UTF8.self).lowercased()
                webHost = host
                if !configuration.associatedDomains.contains(host) {
                    guard let webRoute = configuration.webRoute else { return .failure(.hostNotAssociated(host: host, url: url)) }
                    return webFallback(webRoute, url: url, source: source, nativeParameters: nativeParameters)
                }
            } else {
                guard configuration.schemes.isEmpty || configuration.schemes.contains(name) else {
                    return .failure(.schemeNotAccepted(scheme: name, url: url))
                }
                firstSegment = authority
            }
        }

        return PathSegments.with(bytes, host: firstSegment, path: layout.path) { segments in
            if let offset = segments.firstInvalidSegmentOffset() {
                return .failure(malformed(URLLayout.Failure(byteOffset: offset, reason: .invalidUTF8)))
            }
            let path = segments.normalizedPath()
            guard let found = lookup(segments, scheme: scheme) else {
                return .failure(.noMatch(NoMatch(path: path) { [self] in nearestPattern(to: path) }))
            }
            var pattern: RoutePattern?
            if case .pattern(let matched) = found.route.definition { pattern = matched }
            let request = RouteRequest(
                url: url, scheme: scheme, host: webHost, path: path, pattern: pattern,
                pathParameters: found.parameters, remainder: found.remainder, query: query,
                nativeParameters: nativeParameters, fragment: fragment, source: source)
            return .success(RouteMatch(route: found.route, request: request))
        }
    }

    /// Sends a web URL that is not on an associated domain to the configured web route.
    private func webFallback(_ webRoute: String, url: String, source: RouteSource, nativeParameters: [String: any Sendable]) -> Result<RouteMatch<Target>, RoutingError> {
        let separator = webRoute.contains("?") ? "&" : "?"
        let target = webRoute + separator + "url=" + PercentCoding.encode(url)
        do {
            var match = try resolve(target, source: source, nativeParameters: nativeParameters)
            match.request = match.request.replacingURL(url)
            return .success(match)
        } catch {
            return .failure(error)
        }
    }
}

extension RouteRequest {
    /// The same request, reporting `url` as the URL that was opened.
    func replacingURL(_ url: String) -> RouteRequest {
        RouteRequest(url: url, scheme: scheme, host: host, path: path, pattern: pattern, pathParameters: pathParameters,
                     remainder: remainder, query: query, nativeParameters: nativeParameters, fragment: fragment, source: source)
    }
}
