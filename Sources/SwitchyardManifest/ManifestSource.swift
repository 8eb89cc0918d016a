import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a manifest source returned.
public enum ManifestFetch: Equatable, Sendable {
    /// Nothing newer than the ETag the store sent.
    case notModified
    /// A signed manifest, with the ETag to send next time.
    case manifest(Data, etag: String?)
}

/// Why a fetch failed.
public struct ManifestFetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for logs: the URL and the reason.
    public let description: String
    /// An error described by `description`.
    public init(_ description: String) { self.description = description }
}

/// Where downloaded manifests come from: HTTP in apps, anything in tests.
public protocol ManifestSource: Sendable {
    /// Fetches the signed manifest, or ``ManifestFetch/notModified`` when the server's still has
    /// `etag`; throws ``ManifestFetchError`` when the fetch fails.
    func fetch(ifNoneMatch etag: String?) async throws(ManifestFetchError) -> ManifestFetch
}

/// Fetches the signed manifest over HTTP with `URLSession`, sending `If-None-Match`.
public struct HTTPManifestSource: ManifestSource {
    /// Where the signed manifest is published.
    public let url: URL
    /// Seconds a fetch may take, request and download together.
    public let timeout: TimeInterval

    /// A source fetching `url`, giving up after `timeout` seconds (15 by default).
    public init(url: URL, timeout: TimeInterval = 15) {
        self.url = url
        self.timeout = timeout
    }

    /// GETs ``url`` past any local cache, sending `If-None-Match` when `etag` is given.
    ///
    /// A 304 is ``ManifestFetch/notModified``; a 200 is the body with the response's ETag.
    ///
    /// - Throws: ``ManifestFetchError`` on a network error, any other status, or a body whose length
    ///   differs from its `Content-Length`.
    public func fetch(ifNoneMatch etag: String?) async throws(ManifestFetchError) -> ManifestFetch {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw ManifestFetchError("\(url.absoluteString): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else { throw ManifestFetchError("\(url.absoluteString): not an HTTP response") }
        switch http.statusCode {
        case 304:
            return .notModified
        case 200:
            if let expected = http.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init), expected != data.count {
                throw ManifestFetchError("\(url.absoluteString): truncated body, \(data.count) of \(expected) bytes")
            }
            return .manifest(data, etag: http.value(forHTTPHeaderField: "ETag"))
        default:
            throw ManifestFetchError("\(url.absoluteString): HTTP \(http.statusCode)")
        }
    }
}
