import SwitchyardPatterns

/// A URL's parts with its query items and fragment decoded: the first step of resolving it
/// and of signing it, so both read a URL the same way.
package struct ParsedURL {
    package let layout: URLLayout
    package let query: RouteParameters
    let fragment: String?

    /// Scans `bytes` (the UTF-8 of `url`) and decodes the query and fragment, within `limits`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, url: String, limits: InputLimits, plusIsSpace: Bool = true) -> Result<ParsedURL, RoutingError> {
        let malformed = { (failure: URLLayout.Failure) in
            Self.malformed(bytes, url: url, byteOffset: failure.byteOffset, reason: failure.reason)
        }
        let layout: URLLayout
        switch URLLayout.scan(bytes, maximumLength: limits.urlLength) {
        case .success(let scanned): layout = scanned
        case .failure(let failure): return .failure(malformed(failure))
        }
        var query = RouteParameters()
        if let range = layout.query {
            switch QueryParser.parse(bytes, range: range, maximumItems: limits.queryItems, plusIsSpace: plusIsSpace) {
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
        return .success(ParsedURL(layout: layout, query: query, fragment: fragment))
    }

    /// Parses `url` and hands its bytes and parts to `body`, for readers outside the matcher.
    package static func reading<R>(
        _ url: String, limits: InputLimits = .default, plusIsSpace: Bool = true,
        _ body: (UnsafeBufferPointer<UInt8>, ParsedURL) throws(RoutingError) -> R
    ) throws(RoutingError) -> R {
        var text = url
        let result: Result<R, RoutingError> = text.withUTF8 { bytes in
            switch parse(bytes, url: url, limits: limits, plusIsSpace: plusIsSpace) {
            case .failure(let error):
                return .failure(error)
            case .success(let parsed):
                do throws(RoutingError) { return .success(try body(bytes, parsed)) } catch { return .failure(error) }
            }
        }
        return try result.get()
    }

    /// Hands the path's segments to `body`, or throws when there are more than the limit allows.
    ///
    /// - Parameter countingCustomHost: count a custom scheme's host as the first segment, as
    ///   the router does when it resolves `myapp://product/42`.
    package func withSegments<R>(
        _ bytes: UnsafeBufferPointer<UInt8>, url: String, limits: InputLimits, countingCustomHost: Bool = false,
        _ body: (PathSegments) -> R
    ) throws(RoutingError) -> R {
        let maximum = limits.pathSegments
        let host = countingCustomHost ? customSchemeHost(bytes) : nil
        let result: Result<R, RoutingError> = PathSegments.with(bytes, host: host, path: layout.path, maximumCount: maximum) { segments in
            if let (offset, exceeded) = segments.exceeded(maximum: maximum) {
                return .failure(Self.malformed(bytes, url: url, byteOffset: offset, reason: .limitExceeded(exceeded)))
            }
            return .success(body(segments))
        }
        return try result.get()
    }

    /// The authority of a URL with a scheme other than `http(s)`, which the router reads as the
    /// first path segment (empty for `myapp:///x`); `nil` for web URLs, paths and `myapp:/x`.
    func customSchemeHost(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let scheme = layout.scheme else { return nil }
        let name = Self.lowercased(bytes, scheme)
        guard name != "http", name != "https" else { return nil }
        return layout.host
    }

    /// The text of `range` lowercased (a scheme or host), or `""` when there is none.
    package static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?) -> String {
        range.map { URLLayout.lowercasedText(UnsafeBufferPointer(rebasing: bytes[$0])) } ?? ""
    }

    /// A byte offset into the URL as the malformed-URL error a resolve reports.
    static func malformed(_ bytes: UnsafeBufferPointer<UInt8>, url: String, byteOffset: Int, reason: MalformedURLError.Reason) -> RoutingError {
        .malformedURL(MalformedURLError(url: url, offset: URLLayout.characterOffset(bytes, byteOffset: byteOffset), reason: reason))
    }
}
