import SwitchyardPatterns
import SwitchyardSupport

/// Why a URL could not be resolved or built.
public enum RoutingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL itself is broken (bad escape, control character, too long…).
    case malformedURL(MalformedURLError)
    /// The URL's scheme is not one of ``RouterConfiguration/schemes``.
    case schemeNotAccepted(scheme: String, url: String)
    /// A web URL whose host is not an associated domain, with no web route configured.
    case hostNotAssociated(host: String, url: String)
    /// No registered route matches the path.
    case noMatch(NoMatch)
    /// Reverse routing was asked for a pattern that is not registered and does not parse.
    case invalidPattern(PatternError)
    /// Reverse routing lacks a value for a parameter the pattern needs.
    case missingParameter(name: String, pattern: String)
    /// Reverse routing was given a value its segment would not match.
    case invalidParameter(name: String, value: String, pattern: String)
    /// No route matched, and a regex that might have was not run: the value it would have
    /// checked is longer than ``InputLimits/regexInput``.
    case regexGaveUp(regex: String, path: String, LimitExceeded)

    /// A message for logs; quoted URLs, patterns and values are escaped and cut.
    public var description: String {
        switch self {
        case .malformedURL(let error):
            return error.description
        case .schemeNotAccepted(let scheme, let url):
            return "scheme \"\(DisplaySafe.text(scheme))\" is not accepted (\(DisplaySafe.text(url)))"
        case .hostNotAssociated(let host, let url):
            return "host \"\(DisplaySafe.text(host))\" is not an associated domain and no web route is configured (\(DisplaySafe.text(url)))"
        case .noMatch(let noMatch):
            return noMatch.description
        case .invalidPattern(let error):
            return error.description
        case .missingParameter(let name, let pattern):
            return "missing parameter \"\(DisplaySafe.text(name))\" for \(DisplaySafe.text(pattern))"
        case .invalidParameter(let name, let value, let pattern):
            return "value \"\(DisplaySafe.text(value))\" for parameter \"\(DisplaySafe.text(name))\" does not match its segment in \(DisplaySafe.text(pattern))"
        case .regexGaveUp(let regex, let path, let exceeded):
            return "the regex \"\(DisplaySafe.text(regex))\" gave up on \(DisplaySafe.text(path)): \(exceeded)"
        }
    }
}

/// A path no route matches, and the registered pattern nearest to it.
///
/// The nearest pattern is computed only when asked for, so a miss costs no more than a hit.
public struct NoMatch: Sendable, Equatable, CustomStringConvertible {
    /// The normalized path that was tried (`/prodcut/1`).
    public let path: String
    private let findNearest: @Sendable () -> String?

    /// Creates the miss of `path`; `nearest` runs only when ``nearest`` is read, on every read.
    public init(path: String, nearest: @escaping @Sendable () -> String?) {
        self.path = path
        self.findNearest = nearest
    }

    /// The registered pattern closest to ``path`` by edit distance, among those a URL of its
    /// scheme can reach; `nil` when there are none, or none whose static segments are the
    /// path's give or take a typo.
    public var nearest: String? { findNearest() }

    /// The message: the path and the nearest pattern, or that no registered route is like it.
    ///
    /// Reading it computes ``nearest``.
    public var description: String {
        let shown = DisplaySafe.text(path)
        if let nearest { return "no route matches \(shown); nearest: \(DisplaySafe.text(nearest))" }
        return "no route matches \(shown); no registered route is like it"
    }

    /// Whether both are misses of the same ``path``; the nearest pattern is not compared.
    public static func == (lhs: NoMatch, rhs: NoMatch) -> Bool { lhs.path == rhs.path }
}
