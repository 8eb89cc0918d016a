import SwitchyardPatterns
import SwitchyardSupport

/// Finds the registered pattern a missed path was most likely meant for.
///
/// Each parameter segment of a pattern is filled in with the path's segment at that
/// position, and the result is compared to the path by edit distance over its first
/// ``comparedLength`` bytes, ignoring ASCII case; the nearest counts only when each of its
/// static segments is the path's, give or take a typo. Only run on a miss, when an error message
/// asks for it, and bounded by ``InputLimits/suggestionWork`` steps: past that the nearest
/// pattern found so far is the answer. A hostile path of 64 KB costs what one of 128 bytes does.
enum NearestPattern {
    /// Bytes of the path and of each filled-in pattern that are compared.
    static let comparedLength = 128

    struct Search {
        var pattern: String?
        var distance = Int.max
        /// Edit-distance steps taken, never more than the budget.
        var work = 0
        var exhausted = false
    }

    static func find(path: String, patterns: [RoutePattern], budget: Int) -> Search {
        let target = Array(path.utf8.prefix(comparedLength).map(ASCII.lowercased))
        let segments = leadingSegments(of: path)
        var search = Search()
        var best: [CompiledSegment]?
        var distances = EditDistance.Rows()
        for pattern in patterns {
            for variant in pattern.variants {
                let candidate = instantiate(variant, with: segments)
                let cost = max(1, target.count) * max(1, candidate.count)
                guard search.work + cost <= budget else {
                    search.exhausted = true
                    return search
                }
                search.work += cost
                // No shorter candidate can beat the best by more than the length difference.
                guard abs(target.count - candidate.count) < search.distance else { continue }
                let distance = distances.between(target, candidate, stoppingAt: search.distance)
                if distance < search.distance {
                    search.distance = distance
                    search.pattern = pattern.description
                    best = variant
                    if distance == 0 { return search }
                }
            }
        }
        if let best, !resembles(best, segments, &distances) { search.pattern = nil }
        return search
    }

    /// Whether each static segment of `variant` is the path's segment at its place, give or
    /// take a typo (a third of its bytes): `/deal/5` is not `/call/:alias` misspelled, and a
    /// wrong lead is worse than none. A segment the path does not have is not held against it.
    private static func resembles(_ variant: [CompiledSegment], _ segments: [ArraySlice<UInt8>], _ distances: inout EditDistance.Rows) -> Bool {
        for (position, segment) in variant.enumerated() where position < segments.count {
            guard case .literal(let text) = segment else { continue }
            let literal = Array(text.utf8.prefix(comparedLength).map(ASCII.lowercased))
            let typos = max(1, literal.count / 3)
            if distances.between(segments[position].map(ASCII.lowercased), literal, stoppingAt: typos + 1) > typos { return false }
        }
        return true
    }

    /// The path's segments that can reach the compared prefix: each takes at least two bytes.
    private static func leadingSegments(of path: String) -> [ArraySlice<UInt8>] {
        var segments: [ArraySlice<UInt8>] = []
        let bytes = Array(path.utf8.prefix(comparedLength * 2))
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == ASCII.slash {
            if index > start { segments.append(bytes[start..<index]) }
            start = index + 1
            if segments.count > comparedLength / 2 { return segments }
        }
        if bytes.count > start { segments.append(bytes[start...]) }
        return segments
    }

    /// The variant with its parameters filled from the path, lowercased, cut at ``comparedLength``.
    private static func instantiate(_ variant: [CompiledSegment], with segments: [ArraySlice<UInt8>]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(comparedLength)
        func append(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                guard result.count < comparedLength else { return }
                result.append(ASCII.lowercased(byte))
            }
        }
        for (position, segment) in variant.enumerated() {
            guard result.count < comparedLength else { break }
            switch segment {
            case .literal(let text):
                append(CollectionOfOne(ASCII.slash))
                append(text.utf8)
            case .parameter(let name), .checked(let name, _):
                append(CollectionOfOne(ASCII.slash))
                if position < segments.count { append(segments[position]) } else { append(":".utf8); append(name.utf8) }
            case .catchAll:
                for rest in segments.dropFirst(position) {
                    guard result.count < comparedLength else { break }
                    append(CollectionOfOne(ASCII.slash))
                    append(rest)
                }
            }
        }
        return result.isEmpty ? [ASCII.slash] : result
    }
}
