import SwitchyardPatterns
import SwitchyardSupport

/// Two routes that one URL matches both of: which one opens it, and such a URL.
///
/// Routers that run every matching handler (JLRoutes' chaining, BeeHive-style broadcasts) or
/// take the first one registered behave differently wherever two routes overlap; Switchyard
/// opens one route by precedence. A migrating team reads these to see each such place.
public struct RouteOverlap: Sendable, Equatable, CustomStringConvertible {
    /// The pattern that opens ``example``.
    public let winner: String
    /// The other pattern that matches it.
    public let other: String
    /// A URL (a path, or `scheme:/path` for routes limited to a scheme) both match.
    public let example: String

    /// Creates an overlap.
    public init(winner: String, other: String, example: String) {
        self.winner = winner
        self.other = other
        self.example = example
    }

    /// `/stats/day/x opens /stats/day/:domain, not /:a/:b/:c`.
    public var description: String {
        "\(DisplaySafe.text(example)) opens \(DisplaySafe.text(winner)), not \(DisplaySafe.text(other))"
    }
}

extension RouteTable {
    /// Every pair of pattern routes that some URL matches both of, with the route that wins
    /// it and an example: the overlap report of `switchyard lint --overlaps`.
    ///
    /// Whole-path regex routes are not compared. The work is bounded: at most `pairLimit`
    /// pairs of route variants are compared and `limit` overlaps reported; `complete` is
    /// `false` when either bound cut the report short.
    public func overlaps(limit: Int = 1_000, pairLimit: Int = 4_000_000) -> (overlaps: [RouteOverlap], complete: Bool) {
        let snapshot = self.snapshot
        var finder = OverlapFinder(caseSensitive: configuration.caseSensitive, pairLimit: pairLimit)
        for route in snapshot.routes {
            guard case .pattern(let pattern) = route.definition else { continue }
            finder.add(pattern: route.pattern, scheme: pattern.scheme, variants: pattern.variants)
        }
        var found: [RouteOverlap] = []
        var seen: Set<[String]> = []
        // Stopping at the limit only when one more overlap turns up: a table with exactly
        // `limit` overlaps is reported complete.
        let complete = finder.forEachOverlap { first, second, example in
            guard let winner = (try? snapshot.resolve(example))?.route.pattern, winner == first || winner == second else { return true }
            let other = winner == first ? second : first
            guard seen.insert([winner, other]).inserted else { return true }
            guard found.count < limit else { return false }
            found.append(RouteOverlap(winner: winner, other: other, example: example))
            return true
        }
        return (found, complete)
    }
}

/// Compares the variants of pattern routes pairwise, grouped by segment count so that routes
/// of different lengths are compared only when one ends in a catch-all.
package struct OverlapFinder {
    private struct Entry {
        let pattern: String
        let scheme: String?
        let segments: [CompiledSegment]
    }

    let caseSensitive: Bool
    var pairsLeft: Int
    private var fixed: [Int: [Entry]] = [:]
    private var catchAlls: [Entry] = []

    init(caseSensitive: Bool, pairLimit: Int) {
        self.caseSensitive = caseSensitive
        pairsLeft = pairLimit
    }

    mutating func add(pattern: String, scheme: String?, variants: [[CompiledSegment]]) {
        for segments in variants {
            let entry = Entry(pattern: pattern, scheme: scheme, segments: segments)
            if segments.last?.isCatchAll == true { catchAlls.append(entry) } else { fixed[segments.count, default: []].append(entry) }
        }
    }

    /// Calls `body` with each pair of patterns and a URL both match, until it returns `false`;
    /// returns whether every pair was compared.
    mutating func forEachOverlap(_ body: (String, String, String) -> Bool) -> Bool {
        for count in fixed.keys.sorted() {
            let entries = fixed[count] ?? []
            for (index, one) in entries.enumerated() {
                for other in entries[(index + 1)...] {
                    guard let goOn = compare(one, other, body) else { return false }
                    if !goOn { return false }
                }
            }
        }
        for (index, catchAll) in catchAlls.enumerated() {
            let prefix = catchAll.segments.count - 1
            let others = fixed.filter { $0.key >= prefix }.sorted { $0.key < $1.key }.flatMap(\.value) + catchAlls[(index + 1)...]
            for other in others {
                guard let goOn = compare(catchAll, other, body) else { return false }
                if !goOn { return false }
            }
        }
        return true
    }

    /// `nil` when the pair budget is spent; otherwise what `body` said (or `true` for no overlap).
    private mutating func compare(_ one: Entry, _ other: Entry, _ body: (String, String, String) -> Bool) -> Bool? {
        guard pairsLeft > 0 else { return nil }
        pairsLeft -= 1
        guard one.pattern != other.pattern, one.scheme == nil || other.scheme == nil || one.scheme == other.scheme,
              let path = commonPath(one.segments, other.segments)
        else { return true }
        let scheme = one.scheme ?? other.scheme
        return body(one.pattern, other.pattern, scheme.map { $0 + ":" + path } ?? path)
    }

    /// A path both segment lists match, or `nil` when there is none (or none was found).
    private func commonPath(_ one: [CompiledSegment], _ other: [CompiledSegment]) -> String? {
        var values: [String] = []
        var index = 0
        while true {
            let (left, right) = (one.indices.contains(index) ? one[index] : nil, other.indices.contains(index) ? other[index] : nil)
            switch (left, right) {
            case (nil, nil):
                return Self.path(values)
            case (.catchAll?, _), (_, .catchAll?):
                // A catch-all takes the rest, none included: the other side's own values from here on.
                let rest = left?.isCatchAll == true ? other.dropFirst(index) : one.dropFirst(index)
                for segment in rest where !segment.isCatchAll {
                    guard let value = Self.sample(segment) else { return nil }
                    values.append(value)
                }
                return Self.path(values)
            case (nil, _), (_, nil):
                return nil
            case (let left?, let right?):
                guard let value = common(left, right) else { return nil }
                values.append(value)
            }
            index += 1
        }
    }

    private static func path(_ values: [String]) -> String {
        "/" + values.map(PercentCoding.encode).joined(separator: "/")
    }

    /// A segment value both accept.
    private func common(_ one: CompiledSegment, _ other: CompiledSegment) -> String? {
        switch (one, other) {
        case (.literal(let left), .literal(let right)):
            let same = caseSensitive ? left == right : left.lowercased() == right.lowercased()
            return same ? left : nil
        case (.literal(let text), let segment), (let segment, .literal(let text)):
            return Self.accepts(segment, text) ? text : nil
        default:
            if let value = Self.sample(one), Self.accepts(other, value) { return value }
            if let value = Self.sample(other), Self.accepts(one, value) { return value }
            guard case .checked(_, let left) = one, case .checked(_, let right) = other,
                  let leftLanguage = SegmentLanguage.atMost(left), let rightLanguage = SegmentLanguage.atMost(right)
            else { return nil }
            var budget = 4_096
            return SegmentLanguage.commonValue(leftLanguage, rightLanguage, budget: &budget).flatMap { value in
                left.accepts(value) && right.accepts(value) ? value : nil
            }
        }
    }

    /// A path a pattern's first variant matches (`/product/1` for `/product/<int:id>`), or
    /// `nil` when no sample value fits a segment; a catch-all takes nothing.
    package static func examplePath(of pattern: RoutePattern) -> String? {
        guard let segments = pattern.variants.first else { return nil }
        var values: [String] = []
        for segment in segments where !segment.isCatchAll {
            guard let value = sample(segment) else { return nil }
            values.append(value)
        }
        return path(values)
    }

    /// A value `segment` accepts, tried from common shapes.
    private static func sample(_ segment: CompiledSegment) -> String? {
        switch segment {
        case .literal(let text): return text
        case .parameter: return "1"
        case .catchAll: return nil
        case .checked(_, let check):
            return ["1", "a", "1.5", "00000000-0000-0000-0000-000000000001", "a-1", "A"].first(where: check.accepts)
        }
    }

    private static func accepts(_ segment: CompiledSegment, _ value: String) -> Bool {
        switch segment {
        case .literal(let text): return text == value
        case .parameter: return !value.isEmpty
        case .catchAll: return true
        case .checked(_, let check): return check.accepts(value)
        }
    }
}
