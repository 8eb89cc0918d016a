import SwitchyardPatterns
import SwitchyardSupport

/// An `http(s)` URL read strictly, to decide where it would take a browser or a web view.
///
/// Where browsers (the WHATWG URL standard) and RFC 3986 parsers read a URL differently, it
/// is refused rather than guessed: a backslash before the query (a browser reads it as `/`,
/// so `https://evil.com\@shop.example.com/` goes to evil.com), spaces and control characters
/// (a browser strips or drops them), and an empty host. The host is what follows any
/// credentials (`user:password@`) and precedes any port, lowercased.
package struct WebAddress: Equatable {
    let scheme: String
    package let host: String
    package let hasCredentials: Bool

    package enum Problem: Error, Equatable, CustomStringConvertible {
        case notWeb
        case malformed(MalformedURLError.Reason)
        case emptyHost

        package var description: String {
            switch self {
            case .notWeb: return "not an http(s) URL"
            case .malformed(let reason): return reason.description
            case .emptyHost: return "it has no host"
            }
        }
    }

    package static func read(_ text: String) -> Result<WebAddress, Problem> {
        var copy = text
        return copy.withUTF8 { bytes in
            let layout: URLLayout
            switch URLLayout.scan(bytes, maximumLength: InputLimits.default.urlLength) {
            case .success(let scanned): layout = scanned
            case .failure(let failure): return .failure(.malformed(failure.reason))
            }
            let scheme = ParsedURL.lowercased(bytes, layout.scheme)
            guard scheme == "http" || scheme == "https", let authority = layout.host else { return .failure(.notWeb) }
            if let space = bytes.firstIndex(where: { $0 == ASCII.space }) {
                return .failure(.malformed(.whitespace(offset: space)))
            }
            let host = URLLayout.webHost(bytes, authority: authority)
            guard !host.isEmpty else { return .failure(.emptyHost) }
            let hasCredentials = authority.contains { bytes[$0] == UInt8(ascii: "@") }
            // Credentials are the caller's to refuse, with words of its own; anything else wrong is malformed.
            if !hasCredentials, let (_, reason) = URLLayout.webAuthorityProblem(bytes, authority: authority) { return .failure(.malformed(reason)) }
            return .success(WebAddress(scheme: scheme, host: ParsedURL.lowercased(bytes, host), hasCredentials: hasCredentials))
        }
    }
}

/// Hosts in an allow-list: exact names, and `*.example.com` for every subdomain of one
/// (not `example.com` itself). Names are compared lowercased, byte for byte, not as Swift
/// strings (which equate canonically equivalent text): a look-alike (Cyrillic `о`, punycode,
/// a trailing dot, a full-width letter, a decomposed accent) is a different host.
package struct HostAllowList: Sendable {
    private let exact: Set<[UInt8]>
    private let suffixes: [[UInt8]]

    /// The list of `hosts`; an entry that can never be right (``HostName/entryProblem(_:)``:
    /// `*.com`, `a.*.com`, a name with an empty label) matches nothing.
    package init(_ hosts: some Sequence<String>) {
        var exact: Set<[UInt8]> = []
        var suffixes: [[UInt8]] = []
        for entry in hosts where HostName.entryProblem(entry) == nil {
            let host = Array(entry.lowercased().utf8)
            if host.count > 2, host[0] == UInt8(ascii: "*"), host[1] == UInt8(ascii: ".") {
                suffixes.append(Array(host.dropFirst()))
            } else {
                exact.insert(host)
            }
        }
        self.exact = exact
        self.suffixes = suffixes
    }

    /// Whether `host` is listed or a subdomain of a `*.` entry; a `host` that is not a host
    /// name (``HostName/problem(_:)``) never is.
    package func contains(_ host: String) -> Bool {
        let bytes = Array(host.utf8)
        guard HostName.problem(bytes) == nil else { return false }
        return exact.contains(bytes) || suffixes.contains { bytes.count > $0.count && bytes.suffix($0.count).elementsEqual($0) }
    }
}
