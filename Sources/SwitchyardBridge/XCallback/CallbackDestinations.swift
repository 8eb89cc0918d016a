import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// The places answers may be sent: ``XCallbackSettings/allowedCallbacks``, checked once.
///
/// An entry is `scheme` (any URL of it), `scheme://host` (any path of that host) or
/// `scheme://host/path` (that path and the paths below it: `/only-here` allows `/only-here`
/// and `/only-here/done`, never `/only-herex` nor `/only-here/../admin`).
package struct CallbackDestinations: Sendable {
    /// What one host allows: `nil` for any path, else the path prefixes, without a trailing `/`.
    private typealias Paths = [String]?
    /// By scheme: `nil` for any host of it, else the hosts allowed and their paths.
    private let entries: [String: [String: Paths]?]

    package init(_ list: [String]) throws(BridgeSetupError) {
        var entries: [String: [String: Paths]?] = [:]
        for entry in list {
            let (scheme, host, path) = try Self.split(entry)
            if let why = RouterConfiguration.schemeProblem(scheme) { throw .invalidCallbackEntry(entry, reason: "has no valid scheme: \(why)") }
            if Router.refusedRedirectSchemes.contains(scheme) { throw .invalidCallbackEntry(entry, reason: "has a scheme no callback may use") }
            guard let host else {
                if scheme == "http" || scheme == "https" {
                    throw .invalidCallbackEntry(entry, reason: "would send answers to any web site; name the host (https://host)")
                }
                entries[scheme] = .some(nil)
                continue
            }
            if let why = HostName.problem(host.utf8) { throw .invalidCallbackEntry(entry, reason: "has a host that is not a host name: \(why)") }
            var hosts: [String: Paths]
            switch entries[scheme] {
            case nil: hosts = [:]
            case .some(nil): continue   // any URL of the scheme is allowed already
            case .some(.some(let allowed)): hosts = allowed
            }
            switch (hosts[host], path) {
            case (nil, nil), (.some(.some), nil): hosts[host] = .some(nil)
            case (nil, let path?): hosts[host] = .some([path])
            case (.some(.some(let paths)), let path?): hosts[host] = .some(paths + [path])
            case (.some(.none), _): break   // any path of the host is allowed already
            }
            entries[scheme] = .some(hosts)
        }
        self.entries = entries
    }

    /// `scheme`, `host` and path prefix of an entry, `scheme`, `scheme://host` or
    /// `scheme://host/path`; scheme and host lowercased, the path as written without its last `/`.
    private static func split(_ entry: String) throws(BridgeSetupError) -> (scheme: String, host: String?, path: String?) {
        guard let separator = entry.range(of: "://") else { return (entry.lowercased(), nil, nil) }
        let scheme = entry[..<separator.lowerBound].lowercased()
        let host = URLLayout.authority(of: entry)
        let path = Self.path(of: entry)
        if entry.contains("?") || entry.contains("#") {
            throw .invalidCallbackEntry(entry, reason: "has a query or a fragment; an entry is scheme, scheme://host or scheme://host/path")
        }
        guard !path.isEmpty, path != "/" else { return (scheme, host, nil) }
        if let why = pathProblem(path) { throw .invalidCallbackEntry(entry, reason: "has a path that \(why)") }
        return (scheme, host, path.hasSuffix("/") ? String(path.dropLast()) : path)
    }

    /// The path of `scheme://authority/path?query#fragment`, read as ``URLLayout`` reads the
    /// authority: from the first `/` after it to the query or fragment; empty when there is none.
    private static func path(of url: String) -> String {
        let bytes = Array(url.utf8)
        let end = bytes.firstIndex { $0 == ASCII.question || $0 == ASCII.hash } ?? bytes.count
        var index = 0
        while index + 2 < end, !(bytes[index] == ASCII.colon && bytes[index + 1] == ASCII.slash && bytes[index + 2] == ASCII.slash) { index += 1 }
        guard index + 2 < end else { return "" }
        index += 3
        while index < end, bytes[index] != ASCII.slash { index += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// Why a path cannot be compared by prefix: a `.` or `..` segment, or an escaped `.`, `/` or
    /// `\` that a server may decode into one.
    private static func pathProblem(_ path: String) -> String? {
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            return "has a \".\" or \"..\" segment"
        }
        let lower = path.lowercased()
        if lower.contains("%2e") || lower.contains("%2f") || lower.contains("%5c") { return "escapes a \".\", \"/\" or \"\\\"" }
        return nil
    }

    /// Why `url`, given as `parameter`, may not be opened as a callback; `nil` when it may.
    package func refusal(_ url: String, parameter: String, maximumBytes: Int) -> XCallbackError? {
        let bytes = url.utf8
        guard bytes.count <= maximumBytes else {
            return .invalidCallback(parameter: parameter, url: String(url.prefix(80)), reason: "it is \(bytes.count) bytes long; the limit is \(maximumBytes) (XCallbackSettings.callbackURLBytes)")
        }
        // A URL's bytes are printable ASCII; anything else is a trick or a mistake.
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), !bytes.contains(ASCII.backslash) else {
            return .invalidCallback(parameter: parameter, url: url, reason: "it holds a space, a backslash or a character a URL must percent-encode")
        }
        guard let scheme = URLLayout.scheme(of: url) else { return .invalidCallback(parameter: parameter, url: url, reason: "it has no scheme") }
        guard case .some(let hosts) = entries[scheme] else { return .callbackNotAllowed(parameter: parameter, url: url) }
        // Read as the router reads a URL: a host only right after `scheme://`, so in
        // `https:evil.com/#://good.com` there is none (browsers open evil.com).
        let host = URLLayout.authority(of: url)
        if let host, host.contains("@") || (hosts != nil && host.contains(":")) {
            return .invalidCallback(parameter: parameter, url: url, reason: "its authority carries credentials or a port")
        }
        guard let hosts else { return nil }
        guard let host, case .some(let paths) = hosts[host] else { return .callbackNotAllowed(parameter: parameter, url: url) }
        guard let paths else { return nil }
        let path = Self.path(of: url)
        if let why = Self.pathProblem(path) { return .invalidCallback(parameter: parameter, url: url, reason: "its path \(why)") }
        guard paths.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return .callbackNotAllowed(parameter: parameter, url: url) }
        return nil
    }
}
