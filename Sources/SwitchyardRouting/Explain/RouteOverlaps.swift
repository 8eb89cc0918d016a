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

/// A pair of routes the overlap report could not compare, and why: usually a custom converter
/// that accepts none of the values tried (give it ``ParameterConverter/examples``).
public struct UndecidedOverlap: Sendable, Equatable, CustomStringConvertible {
    /// The first pattern, in the table's order.
    public let first: String
    /// The second pattern.
    public let second: String
    /// Why no URL both match, or none at all, could be found.
    public let reason: String

    /// A pair and why it was not decided.
    public init(first: String, second: String, reason: String) {
        (self.first, self.second, self.reason) = (first, second, reason)
    }

    /// `/<host:h>/a and /<host:h>/:b: converter host accepts none of the values tried …`.
    public var description: String { "\(DisplaySafe.text(first)) and \(DisplaySafe.text(second)): \(reason)" }
}

/// What ``RouteTable/overlapReport(limit:pairLimit:)`` found: the overlaps, the pairs it could
/// not decide, and whether it covered every pair.
public struct RouteOverlapReport: Sendable, Equatable {
    /// Each pair one URL matches both of, with the route that wins it.
    public var overlaps: [RouteOverlap]
    /// Pairs whose overlap could not be decided, each with why; at most the report's limit.
    public var undecided: [UndecidedOverlap]
    /// Whether a bound (`limit`, `pairLimit`) cut the report short.
    public var isCut: Bool

    /// Whether every pair was compared and decided: no bound cut it, and none is undecided.
    public var isComplete: Bool { !isCut && undecided.isEmpty }
}

extension RouteTable {
    /// Every pair of pattern routes that some URL matches both of, with the route that wins
    /// it and an example; see ``overlapReport(limit:pairLimit:)``, whose `isComplete` this
    /// returns as `complete`.
    public func overlaps(limit: Int = 1_000, pairLimit: Int = 4_000_000) -> (overlaps: [RouteOverlap], complete: Bool) {
        let report = overlapReport(limit: limit, pairLimit: pairLimit)
        return (report.overlaps, report.isComplete)
    }

    /// Every pair of pattern routes that some URL matches both of, with the route that wins
    /// it and an example: the overlap report of `switchyard lint --overlaps`; and the pairs it
    /// could not decide, with why.
    ///
    /// Values are found from each segment's kind: literals as written, samples that typed
    /// segments accept (a converter's ``ParameterConverter/examples`` first), and for regexes
    /// their languages. A pair where none of that finds a value a custom converter accepts is
    /// undecided, never taken for no overlap. Whole-path regex routes are not compared. The
    /// work is bounded: at most `pairLimit` pairs of route variants are compared and `limit`
    /// overlaps (and as many undecided pairs) reported; `isCut` says a bound was reached.
    public func overlapReport(limit: Int = 1_000, pairLimit: Int = 4_000_000) -> RouteOverlapReport {
        let snapshot = self.snapshot
        var finder = OverlapFinder(caseSensitive: configuration.caseSensitive, pairLimit: pairLimit)
        for route in snapshot.routes {
            guard case .pattern(let pattern) = route.definition else { continue }
            finder.add(pattern: route.pattern, scheme: pattern.scheme, variants: pattern.variants)
        }
        var report = RouteOverlapReport(overlaps: [], undecided: [], isCut: false)
        var seen: Set<[String]> = []
        // Stopping at the limit only when one more overlap turns up: a table with exactly
        // `limit` overlaps is reported complete.
        let finished = finder.forEachOverlap { first, second, example in
            guard let winner = (try? snapshot.resolve(example))?.route.pattern, winner == first || winner == second else { return true }
            let other = winner == first ? second : first
            guard seen.insert([winner, other]).inserted else { return true }
            guard report.overlaps.count < limit else { return false }
            report.overlaps.append(RouteOverlap(winner: winner, other: other, example: example))
            return true
        } undecided: { first, second, reason in
            guard seen.insert([first, second, ""]).inserted else { return true }
            guard report.undecided.count < limit else { return false }
            report.undecided.append(UndecidedOverlap(first: first, second: second, reason: reason))
            return true
        }
        report.isCut = !finished
        return report
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

    /// A value for a segment, or a pair of segments: found, shown not to exist, or not decided.
    enum Decision {
        case value(String)
        case none
        case undecided(String)
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

    /// Calls `body` with each pair of patterns and a URL both match, and `undecided` with each
    /// pair it could not compare and why, until one returns `false`; returns whether every
    /// pair was looked at.
    mutating func forEachOverlap(_ body: (String, String, String) -> Bool, undecided: (String, String, String) -> Bool) -> Bool {
        for count in fixed.keys.sorted() {
            let entries = fixed[count] ?? []
            for (index, one) in entries.enumerated() {
                for other in entries[(index + 1)...] {
                    guard let goOn = compare(one, other, body, undecided), goOn else { return false }
                }
            }
        }
        for (index, catchAll) in catchAlls.enumerated() {
            let prefix = catchAll.segments.count - 1
            let others = fixed.filter { $0.key >= prefix }.sorted { $0.key < $1.key }.flatMap(\.value) + catchAlls[(index + 1)...]
            for other in others {
                guard let goOn = compare(catchAll, other, body, undecided), goOn else { return false }
            }
        }
        return true
    }

    /// `nil` when the pair budget is spent; otherwise what the callback said (or `true` for no overlap).
    private mutating func compare(
        _ one: Entry, _ other: Entry, _ body: (String, String, String) -> Bool, _ undecided: (String, String, String) -> Bool
    ) -> Bool? {
        guard pairsLeft > 0 else { return nil }
        pairsLeft -= 1
        guard one.pattern != other.pattern, one.scheme == nil || other.scheme == nil || one.scheme == other.scheme else { return true }
        switch commonPath(one.segments, other.segments) {
        case .none: return true
        case .undecided(let reason): return undecided(one.pattern, other.pattern, reason)
        case .value(let path):
            let scheme = one.scheme ?? other.scheme
            return body(one.pattern, other.pattern, scheme.map { $0 + ":" + path } ?? path)
        }
    }

    /// A path both segment lists match, shown not to exist, or not decided.
    private func commonPath(_ one: [CompiledSegment], _ other: [CompiledSegment]) -> Decision {
        var values: [String] = []
        var undecided: String?
        var index = 0
        while true {
            let (left, right) = (one.indices.contains(index) ? one[index] : nil, other.indices.contains(index) ? other[index] : nil)
            switch (left, right) {
            case (nil, nil):
                return undecided.map(Decision.undecided) ?? .value(Self.path(values))
            case (.catchAll?, _), (_, .catchAll?):
                // A catch-all takes the rest, none included: the other side's own values from here on.
                let rest = left?.isCatchAll == true ? other.dropFirst(index) : one.dropFirst(index)
                for segment in rest where !segment.isCatchAll {
                    switch Self.value(segment) {
                    case .value(let value): values.append(value)
                    case .none: return .none
                    case .undecided(let reason): undecided = undecided ?? reason
                    }
                }
                return undecided.map(Decision.undecided) ?? .value(Self.path(values))
            case (nil, _), (_, nil):
                return .none
            case (let left?, let right?):
                // A later segment may still show there is no overlap, so an undecided one is kept and the walk goes on.
                switch common(left, right) {
                case .value(let value): values.append(value)
                case .none: return .none
                case .undecided(let reason): undecided = undecided ?? reason
                }
            }
            index += 1
        }
    }

    private static func path(_ values: [String]) -> String {
        "/" + values.map(PercentCoding.encode).joined(separator: "/")
    }

    /// A segment value both accept.
    private func common(_ one: CompiledSegment, _ other: CompiledSegment) -> Decision {
        switch (one, other) {
        case (.literal(let left), .literal(let right)):
            let same = caseSensitive ? left == right : left.lowercased() == right.lowercased()
            return same ? .value(left) : .none
        case (.literal(let text), let segment), (let segment, .literal(let text)):
            return Self.accepts(segment, text) ? .value(text) : .none
        default:
            if case .value(let value) = Self.value(one), Self.accepts(other, value) { return .value(value) }
            if case .value(let value) = Self.value(other), Self.accepts(one, value) { return .value(value) }
            if case .checked(_, let left) = one, case .checked(_, let right) = other {
                // A value both strict readings take is one both checks accept; no value both
                // generous readings take (over ASCII, when that is all they read) is no overlap.
                var budget = 4_096
                if let leftLanguage = SegmentLanguage.atMost(left), let rightLanguage = SegmentLanguage.atMost(right),
                   let value = SegmentLanguage.commonValue(leftLanguage, rightLanguage, budget: &budget),
                   left.accepts(value), right.accepts(value) { return .value(value) }
                if let leftLanguage = SegmentLanguage.atLeast(left), let rightLanguage = SegmentLanguage.atLeast(right),
                   !leftLanguage.readsNonASCII || !rightLanguage.readsNonASCII {
                    var budget = 4_096
                    if SegmentLanguage.commonValue(leftLanguage, rightLanguage, budget: &budget) == nil, budget > 0 { return .none }
                    return .undecided("the checks \(left.key) and \(right.key) could not be compared within the report's budget")
                }
            }
            // Some segment's values were not found; only where both are fully known is that "no overlap".
            for segment in [one, other] {
                if case .checked(_, let check) = segment, check.samples.isOpaque { return .undecided(Self.unknown(check)) }
            }
            return .none
        }
    }

    /// A value `segment` accepts, whether it has none, or not decided.
    private static func value(_ segment: CompiledSegment) -> Decision {
        switch segment {
        case .literal(let text): return .value(text)
        case .parameter: return .value("1")
        case .catchAll: return .undecided("a catch-all in the middle")
        case .checked(_, let check):
            if let value = check.samples.values.first(where: check.accepts) { return .value(value) }
            var budget = 4_096
            if let language = SegmentLanguage.atMost(check), let value = SegmentLanguage.commonValue(language, language, budget: &budget),
               check.accepts(value) { return .value(value) }
            if let language = SegmentLanguage.atLeast(check), !language.readsNonASCII {
                var budget = 4_096
                if SegmentLanguage.commonValue(language, language, budget: &budget) == nil, budget > 0 { return .none }
            }
            return check.samples.isOpaque ? .undecided(unknown(check)) : .none
        }
    }

    private static func unknown(_ check: SegmentCheck) -> String {
        if check.isRegex {
            return "the regular expression \(check.key) accepts none of the values tried and is not one the report can read exactly"
        }
        return "converter \(check.key.dropFirst().dropLast()) accepts none of the values tried (1, a, 1.5, a UUID, a-1, A): "
            + "give it examples, ParameterConverter(name:examples:accepts:), so the report can compare its routes"
    }

    /// A path a pattern's first variant matches (`/product/1` for `/product/<int:id>`), or
    /// `nil` when no value is known for a segment; a catch-all takes nothing.
    package static func examplePath(of pattern: RoutePattern) -> String? {
        guard let segments = pattern.variants.first else { return nil }
        var values: [String] = []
        for segment in segments where !segment.isCatchAll {
            guard case .value(let value) = value(segment) else { return nil }
            values.append(value)
        }
        return path(values)
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
