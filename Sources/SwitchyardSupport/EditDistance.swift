/// Levenshtein distance, for "did you mean" suggestions in error messages.
package enum EditDistance {
    /// The distance between two character sequences, with two rows of memory.
    package static func between(_ lhs: [Character], _ rhs: [Character]) -> Int {
        var rows = Rows()
        return rows.between(lhs, rhs, stoppingAt: .max)
    }

    /// Two reusable rows, so many comparisons in a row allocate once.
    package struct Rows {
        private var previous: [Int] = []
        private var current: [Int] = []

        package init() {}

        /// The distance, or `bound` as soon as every path through the table costs at least that:
        /// a candidate that cannot beat the best so far stops early.
        package mutating func between<Element: Equatable>(_ lhs: [Element], _ rhs: [Element], stoppingAt bound: Int) -> Int {
            if lhs.isEmpty { return min(rhs.count, bound) }
            if rhs.isEmpty { return min(lhs.count, bound) }
            previous.removeAll(keepingCapacity: true)
            previous.append(contentsOf: 0...rhs.count)
            current = Array(repeating: 0, count: rhs.count + 1)
            for (i, left) in lhs.enumerated() {
                current[0] = i + 1
                var rowMinimum = current[0]
                for (j, right) in rhs.enumerated() {
                    let value = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
                    current[j + 1] = value
                    rowMinimum = Swift.min(rowMinimum, value)
                }
                if rowMinimum >= bound { return bound }
                swap(&previous, &current)
            }
            return Swift.min(previous[rhs.count], bound)
        }
    }

    /// The candidate closest to `text` ignoring case, if one is within `limit` edits
    /// (by default half of `text`'s length, at least 2).
    package static func nearest(to text: String, in candidates: [String], within limit: Int? = nil) -> String? {
        let target = Array(text.lowercased())
        var rows = Rows()
        var best: (distance: Int, candidate: String)?
        for candidate in candidates {
            let distance = rows.between(target, Array(candidate.lowercased()), stoppingAt: best?.distance ?? .max)
            if distance < (best?.distance ?? .max) { best = (distance, candidate) }
        }
        guard let best, best.distance <= (limit ?? max(2, target.count / 2)) else { return nil }
        return best.candidate
    }
}
