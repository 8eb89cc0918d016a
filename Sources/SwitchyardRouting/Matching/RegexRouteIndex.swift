import SwitchyardPatterns
import SwitchyardSupport

/// Whole-path regex routes indexed by the literal text every path they match starts with, so
/// a lookup runs only the regexes whose prefix the path starts with: with `/legacy/r7/(\d+)`
/// among 100 such routes, a path tries one regex, not 100.
///
/// Candidates are still tried in registration order, so the first registered route that
/// matches wins, as with a scan of them all. A regex whose prefix cannot be read for sure
/// (an alternative at the top, inline flags, a quantifier on its first character) has an
/// empty prefix and is a candidate for every path.
struct RegexRouteIndex: Sendable {
    private struct Node: Sendable {
        var children: [UInt8: Int32] = [:]
        /// Positions in `routes` of the regexes whose prefix ends here, ascending.
        var routes: [Int32] = []
    }

    let routes: [RouteMatcher.RegexRoute]
    private let nodes: [Node]

    init(_ routes: [RouteMatcher.RegexRoute]) {
        self.routes = routes
        var nodes = [Node()]
        for (position, route) in routes.enumerated() {
            var node = 0
            for byte in route.pattern.literalPrefix.utf8 {
                if let child = nodes[node].children[byte] {
                    node = Int(child)
                } else {
                    nodes.append(Node())
                    nodes[node].children[byte] = Int32(nodes.count - 1)
                    node = nodes.count - 1
                }
            }
            nodes[node].routes.append(Int32(position))
        }
        self.nodes = nodes
    }

    var isEmpty: Bool { routes.isEmpty }

    /// The first route, in registration order, whose regex matches `path`, passing over the
    /// routes `declined` holds.
    func firstMatch(_ path: String, plusIsSpace: Bool = false, declined: DeclinedRoutes? = nil) -> (route: Int, parameters: RouteParameters)? {
        var candidates = nodes[0].routes
        var node = 0
        for byte in path.utf8 {
            guard let child = nodes[node].children[byte] else { break }
            node = Int(child)
            candidates += nodes[node].routes
        }
        if candidates.count > 1 { candidates.sort() }
        // After declines the candidates before the last match were passed over already: the
        // path is the same, so the list is.
        var next = declined?.regexResume ?? 0
        while next < candidates.count {
            let route = routes[Int(candidates[next])]
            next += 1
            if let declined, declined.contains(Int32(route.route)) { continue }
            if let parameters = route.pattern.match(path, plusIsSpace: plusIsSpace) {
                declined?.regexResume = next - 1
                return (route.route, parameters)
            }
        }
        declined?.regexResume = candidates.count
        return nil
    }
}

extension RegexPattern {
    /// Text that every path this regex matches starts with; empty when that cannot be read for sure.
    var literalPrefix: String {
        let bytes = Array(source.utf8)
        guard !Self.hasTopLevelAlternative(bytes) else { return "" }
        var prefix: [UInt8] = []
        var index = bytes.first == UInt8(ascii: "^") ? 1 : 0
        while index < bytes.count {
            let literal: UInt8
            var width = 1
            if bytes[index] == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count, Self.isEscapedLiteral(bytes[index + 1]) else { break }
                literal = bytes[index + 1]
                width = 2
            } else if Self.isPlainLiteral(bytes[index]) {
                literal = bytes[index]
            } else {
                break
            }
            // A quantifier makes the character optional or repeated.
            let next = index + width
            if next < bytes.count, [UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{")].contains(bytes[next]) { break }
            prefix.append(literal)
            index = next
        }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// ASCII that stands for itself outside a class: letters, digits and path punctuation.
    private static func isPlainLiteral(_ byte: UInt8) -> Bool {
        ASCII.isAlphanumeric(byte) || "/-_~%,;=&@!':".utf8.contains(byte)
    }

    /// Punctuation that a backslash makes literal (`\.`, `\/`); a backslash before a letter or
    /// digit is a class, an anchor or a back-reference.
    private static func isEscapedLiteral(_ byte: UInt8) -> Bool {
        byte < 0x80 && !ASCII.isAlphanumeric(byte) && byte > 0x20
    }

    /// Whether a `|` outside every group and class splits the whole expression, or the
    /// expression cannot be read for sure (an unclosed group or class).
    private static func hasTopLevelAlternative(_ bytes: [UInt8]) -> Bool {
        var depth = 0, classDepth = 0, index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): classDepth += 1
            case UInt8(ascii: "]") where classDepth > 0: classDepth -= 1
            case UInt8(ascii: "(") where classDepth == 0: depth += 1
            case UInt8(ascii: ")") where classDepth == 0:
                depth -= 1
                if depth < 0 { return true }
            case UInt8(ascii: "|") where classDepth == 0 && depth == 0: return true
            default: break
            }
            index += 1
        }
        return depth != 0 || classDepth != 0
    }
}
