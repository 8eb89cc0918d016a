import SwitchyardRouting

extension Mediator {
    /// Runs the action a URL names: `scheme://host/target/action?key=value`, or `scheme://host/alias?…`.
    ///
    /// A remote call is a subset of a local one: its parameters are the query's strings (the
    /// first value of a repeated key), and it reaches only actions declared with `remote: true`.
    /// The scheme and host must be configured; with a ``MediatorConfiguration/signer`` the URL
    /// must be signed, and the signing items (`sig`, `ts`, `kid`, `once`) are not passed on as parameters.
    ///
    /// - Throws: ``MediatorError``: foreign scheme or host, malformed URL, bad signature,
    ///   local-only action, plus everything ``perform(target:action:parameters:)`` throws.
    public func perform(url: String) async throws(MediatorError) -> any Sendable {
        try await run(remoteCall(for: url))
    }

    /// The call a URL stands for, after the scheme, host and signature checks, without running it.
    ///
    /// - Throws: the ``MediatorError`` that ``perform(url:)`` would throw before finding the target.
    public func remoteCall(for url: String) throws(MediatorError) -> MediatorCall {
        let link: RemoteLink
        do {
            link = try RemoteLink.parse(url)
        } catch {
            throw .malformedURL(url: url, reason: "\(error)")
        }
        guard configuration.remoteSchemes.contains(link.scheme) else {
            throw .schemeNotAccepted(url: url, scheme: link.scheme, accepted: configuration.remoteSchemes.sorted())
        }
        guard configuration.remoteHosts.contains(link.host) else {
            throw .hostNotAccepted(url: url, host: link.host, accepted: configuration.remoteHosts.sorted())
        }
        return try remoteCall(url: url, segments: link.segments, parameters: link.parameters)
    }

    /// The call for a URL whose scheme and host were accepted (here or by a router): the
    /// signature check, then `/target/action` or `/alias`.
    package func remoteCall(url: String, segments: [String], parameters: [String: any Sendable]) throws(MediatorError) -> MediatorCall {
        var parameters = parameters
        if let signer = configuration.signer {
            do {
                try signer.verify(url)
            } catch let error as SecurityError {
                throw .signature(url: url, error)
            } catch {
                throw .malformedURL(url: url, reason: "\(error)")
            }
            for item in LinkSigner.reservedItems { parameters[item] = nil }
        }
        let target: String, action: String
        if segments.count == 1, let alias = alias(segments[0]) {
            (target, action) = (alias.target, alias.action)
        } else if segments.count == 2 {
            (target, action) = (segments[0], segments[1])
        } else {
            let known = Set(configuration.aliases.keys).union(state.withLock { $0.manifestAliases.keys }).sorted()
            throw .malformedURL(url: url, reason: "expected /target/action" + (known.isEmpty ? "" : " or one of the aliases \(known.joined(separator: ", "))") + ", got \"/\(segments.joined(separator: "/"))\"")
        }
        return MediatorCall(target: target, action: action, parameters: parameters, url: url)
    }
}

/// A remote-call URL's parts: lowercased scheme and host, decoded path segments, query strings.
struct RemoteLink {
    let scheme: String
    let host: String
    let segments: [String]
    let parameters: [String: any Sendable]

    static func parse(_ url: String) throws(RoutingError) -> RemoteLink {
        try ParsedURL.reading(url) { bytes, parsed throws(RoutingError) in
            let segments = try parsed.withSegments(bytes, url: url, limits: .default) { segments in
                (0..<segments.count).map { segments.decoded($0) }
            }
            var parameters: [String: any Sendable] = [:]
            for item in parsed.query where parameters[item.name] == nil {
                parameters[item.name] = item.value
            }
            return RemoteLink(scheme: ParsedURL.lowercased(bytes, parsed.layout.scheme), host: ParsedURL.lowercased(bytes, parsed.layout.host),
                              segments: segments, parameters: parameters)
        }
    }
}
