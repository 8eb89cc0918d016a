/// A URL's parts with its query items and fragment decoded: the first step of resolving it
/// and of signing it, so both read a URL the same way.
struct ParsedURL {
    let layout: URLLayout
    let query: RouteParameters
    let fragment: String?

    /// Scans `bytes` (the UTF-8 of `url`) and decodes the query and fragment.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, url: String) -> Result<ParsedURL, RoutingError> {
        let malformed = { (failure: URLLayout.Failure) in
            Self.malformed(bytes, url: url, byteOffset: failure.byteOffset, reason: failure.reason)
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
        return .success(ParsedURL(layout: layout, query: query, fragment: fragment))
    }

    /// Parses `url` and hands its bytes and parts to `body`, for readers outside the matcher.
    static func reading<R>(_ url: String, _ body: (UnsafeBufferPointer<UInt8>, ParsedURL) -> R) throws(RoutingError) -> R {
        var text = url
        let result: Result<R, RoutingError> = text.withUTF8 { bytes in
            parse(bytes, url: url).map { body(bytes, $0) }
        }
        return try result.get()
    }

    /// The text of `range` lowercased (a scheme or host), or `""` when there is none.
    static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>?) -> String {
        range.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self).lowercased() } ?? ""
    }

    /// A byte offset into the URL as the malformed-URL error a resolve reports.
    static func malformed(_ bytes: UnsafeBufferPointer<UInt8>, url: String, byteOffset: Int, reason: MalformedURLError.Reason) -> RoutingError {
        .malformedURL(MalformedURLError(url: url, offset: URLLayout.characterOffset(bytes, byteOffset: byteOffset), reason: reason))
    }
}
