/// The form of a URL that link signatures cover: lowercased scheme and web host, the
/// normalized path, and the query items (but `sig`) sorted and re-encoded one way.
struct CanonicalLink {
    let canonical: String
    let path: String
    let signature: String?
    let timestamp: Int?

    static func make(_ url: String) throws(RoutingError) -> CanonicalLink {
        try ParsedURL.reading(url) { bytes, parsed throws(RoutingError) in
            let (layout, query) = (parsed.layout, parsed.query)
            let scheme = layout.scheme.map { _ in ParsedURL.lowercased(bytes, layout.scheme) }
            let host = ParsedURL.lowercased(bytes, layout.host)
            let path = try parsed.withSegments(bytes, url: url, limits: .default) { $0.normalizedPath() }
            let signed = query.filter { $0.name != LinkSigner.signatureItem }
                .sorted { ($0.name, $0.value) < ($1.name, $1.value) }
                .map { PercentCoding.encode($0.name) + "=" + PercentCoding.encode($0.value) }
                .joined(separator: "&")
            let canonical = (scheme ?? "") + "://" + host + path + "?" + signed
            return CanonicalLink(canonical: canonical, path: (scheme.map { $0 + "://" + host } ?? "") + path,
                                 signature: query[LinkSigner.signatureItem],
                                 timestamp: query[LinkSigner.timestampItem].flatMap { Int($0) })
        }
    }
}
