import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardSupport

/// The places answers may be sent: ``XCallbackSettings/allowedCallbacks``, checked once.
package struct CallbackDestinations: Sendable {
    /// By scheme: `nil` for any host of it, else the hosts allowed.
    private let entries: [String: Set<String>?]

    package init(_ list: [String]) throws(BridgeSetupError) {
        var entries: [String: Set<String>?] = [:]
        for entry in list {
            let (scheme, host) = Self.split(entry)
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
            if case .some(.some(var hosts)) = entries[scheme] {
                hosts.insert(host)
                entries[scheme] = .some(hosts)
            } else if entries[scheme] == nil {
                entries[scheme] = .some([host])
            }
        }
        self.entries = entries
    }

    /// `scheme` and `host` of an entry, `scheme` or `scheme://host`, both lowercased.
    private static func split(_ entry: String) -> (scheme: String, host: String?) {
        guard let separator = entry.range(of: "://") else { return (entry.lowercased(), nil) }
        return (entry[..<separator.lowerBound].lowercased(), URLLayout.authority(of: entry))
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
        guard let host, hosts.contains(host) else { return .callbackNotAllowed(parameter: parameter, url: url) }
        return nil
    }
}
