/// Levenshtein distance, for "did you mean" suggestions in error messages.
enum EditDistance {
    /// The distance between two character sequences, with two rows of memory.
    static func between(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previous = Array(0...rhs.count)
        var current = Array(repeating: 0, count: rhs.count + 1)
        for (i, left) in lhs.enumerated() {
            current[0] = i + 1
            for (j, right) in rhs.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }

    /// The candidate closest to `text` ignoring case, if one is within `limit` edits
    /// (by default half of `text`'s length, at least 2).
    static func nearest(to text: String, in candidates: [String], within limit: Int? = nil) -> String? {
        let target = Array(text.lowercased())
        var best: (distance: Int, candidate: String)?
        for candidate in candidates {
            let distance = between(target, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (distance, candidate) }
        }
        guard let best, best.distance <= (limit ?? max(2, target.count / 2)) else { return nil }
        return best.candidate
    }
}
