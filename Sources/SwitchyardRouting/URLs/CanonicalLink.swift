import SwitchyardSupport

/// The form of a URL that link signatures cover: the lowercased scheme, the host (lowercased
/// for a web URL; a custom scheme's host is a path segment and keeps its case), the
/// normalized path, the query items (but `sig`) sorted by name and re-encoded one way, and
/// the fragment. Items of one name keep their order, since readers take the first value:
/// `?to=alice&to=bob` and `?to=bob&to=alice` are different links.
struct CanonicalLink {
    let canonical: String
    let path: String
    let signature: String?
    let timestamp: Int?
    let keyID: String?
    let nonce: String?
    /// The signing items (`sig`, `ts`, `kid`, `once`) the URL carries, in URL order, repeats included.
    let reservedItems: [String]

    /// The first signing item that appears more than once: a link with two `sig` items would
    /// hand the second, unsigned one to the page.
    var repeatedReservedItem: String? {
        var seen: Set<String> = []
        return reservedItems.first { !seen.insert($0).inserted }
    }

    static func make(_ url: String) throws(RoutingError) -> CanonicalLink {
        // `+` is read as itself, never as a space: a signature then covers the query as the
        // router reads it under any `PlusDecoding` (with `.never`, `a+b` and `a%20b` differ).
        try ParsedURL.reading(url, plusIsSpace: false) { bytes, parsed throws(RoutingError) in
            let (layout, query) = (parsed.layout, parsed.query)
            let scheme = layout.scheme.map { _ in ParsedURL.lowercased(bytes, layout.scheme) }
            let isWeb = scheme == "http" || scheme == "https"
            let host = isWeb ? ParsedURL.lowercased(bytes, layout.host)
                : layout.host.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } ?? ""
            let path = try parsed.withSegments(bytes, url: url, limits: .default) { $0.normalizedPath() }
            let signed = query.items.enumerated().filter { $0.element.name != LinkSigner.signatureItem }
                .sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
                .map { PercentCoding.encode($0.element.name) + "=" + PercentCoding.encode($0.element.value) }
                .joined(separator: "&")
            let fragment = parsed.fragment.map { "#" + PercentCoding.encode($0) } ?? ""
            let canonical = (scheme ?? "") + "://" + host + path + "?" + signed + fragment
            return CanonicalLink(canonical: canonical, path: (scheme.map { $0 + "://" + host } ?? "") + path,
                                 signature: query[LinkSigner.signatureItem],
                                 timestamp: query[LinkSigner.timestampItem].flatMap { Int($0) },
                                 keyID: query[LinkSigner.keyItem], nonce: query[LinkSigner.nonceItem],
                                 reservedItems: query.items.map(\.name).filter(LinkSigner.reservedItems.contains))
        }
    }
}
