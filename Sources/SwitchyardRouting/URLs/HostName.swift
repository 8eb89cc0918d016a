import SwitchyardSupport

/// What a web URL's host and an allow-list's entry may be: DNS names, read strictly.
///
/// A host that a browser would read one way and a router another must not be taken for an
/// allowed one: a wildcard entry `*.example.com` accepts only hosts made of non-empty labels
/// of letters, digits, `-` and `_` (no `*`, no `%2F`, no `;`, no empty label, nothing but ASCII:
/// an international name comes as punycode), 63 bytes a label and 253 in all, or a bracketed
/// IPv6 address. An entry must be such a name, or `*.` and one with at least two labels that is
/// not a public suffix: `*.com` or `*.co.uk` would let every site in.
package enum HostName {
    /// The longest host name DNS carries.
    package static let maximumLength = 253
    /// The longest label of a host name.
    package static let maximumLabel = 63

    /// Suffixes under which anyone can register a name, beyond the top-level domains: a
    /// wildcard entry ending at one of them is refused. Not the whole public suffix list, but
    /// the second-level suffixes that real apps' domains sit under.
    static let publicSuffixes: Set<String> = [
        "co.uk", "org.uk", "ac.uk", "gov.uk", "me.uk", "ltd.uk", "plc.uk", "net.uk", "com.au", "net.au", "org.au", "edu.au",
        "gov.au", "co.nz", "org.nz", "co.jp", "ne.jp", "or.jp", "ac.jp", "go.jp", "com.cn", "net.cn", "org.cn", "gov.cn",
        "com.hk", "com.tw", "org.tw", "co.kr", "or.kr", "com.sg", "com.my", "co.in", "net.in", "org.in", "com.br", "net.br",
        "com.mx", "com.ar", "com.tr", "co.za", "com.ua", "co.il", "com.ru", "com.es", "co.id", "com.vn", "com.ph", "com.pk",
        "github.io", "gitlab.io", "herokuapp.com", "appspot.com", "vercel.app", "netlify.app", "pages.dev", "web.app",
        "firebaseapp.com", "azurewebsites.net", "cloudfront.net", "blogspot.com",
    ]

    /// Why `host` (a URL's host, without user info or port) is not a host name, or `nil`.
    package static func problem(_ host: some Collection<UInt8>) -> String? {
        guard !host.isEmpty else { return "it is empty" }
        guard host.count <= maximumLength else { return "it is \(host.count) bytes long; a host name has at most \(maximumLength)" }
        if host.first == UInt8(ascii: "[") {
            let inside = Array(host.dropFirst())
            guard inside.last == UInt8(ascii: "]"), inside.dropLast().allSatisfy({ ASCII.hexValue($0) != nil || $0 == ASCII.colon || $0 == UInt8(ascii: ".") })
            else { return "it is not a bracketed IPv6 address" }
            return nil
        }
        var label = 0
        for byte in host {
            if byte == UInt8(ascii: ".") {
                guard label > 0 else { return "it has an empty label" }
                label = 0
                continue
            }
            let allowed = ASCII.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            guard allowed else {
                return byte >= 0x80 ? "it is not ASCII (an international name comes as punycode, xn--…)"
                    : "it holds \"\(DisplaySafe.text(String(decoding: [byte], as: UTF8.self)))\", which no host name does"
            }
            label += 1
            guard label <= maximumLabel else { return "a label is over \(maximumLabel) bytes" }
        }
        return label > 0 ? nil : "it has an empty label"
    }

    /// Why `entry` of an allow-list (``RouterConfiguration/associatedDomains`` and the like)
    /// can never be right, or `nil`: an exact host name, or `*.` and a name of two labels or
    /// more that is not a public suffix.
    package static func entryProblem(_ entry: String) -> String? {
        let lowered = entry.lowercased()
        guard lowered.hasPrefix("*.") else {
            if lowered.contains("*") { return "\"*\" may only begin an entry, as \"*.example.com\"" }
            return problem(lowered.utf8).map { "it is not a host name: \($0)" }
        }
        let suffix = String(lowered.dropFirst(2))
        if let problem = problem(suffix.utf8) { return "what follows \"*.\" is not a host name: \(problem)" }
        let labels = suffix.split(separator: ".")
        guard labels.count >= 2 else { return "\"*.\(suffix)\" would take every site under .\(suffix), a public suffix" }
        if publicSuffixes.contains(suffix) { return "\"*.\(suffix)\" would take every site under .\(suffix), a public suffix" }
        return nil
    }
}
