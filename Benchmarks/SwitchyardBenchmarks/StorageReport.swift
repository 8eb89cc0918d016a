import SwitchyardPatterns
import SwitchyardRouting

extension BenchmarkRun {
    /// Prints where the trie's bytes go, per route, and how much pattern text the table shares
    /// with the specs it was given: a canonical pattern is kept as passed, so its text is the
    /// caller's (a literal's lives in the binary) and is not in the table's bytes.
    func printStorage(_ router: SwitchyardRouter, _ specs: [RouteSpec<Int>]) {
        let count = Double(specs.count)
        let parts = router.snapshot.trieStorage.map { "\($0.part) \(format(Double($0.bytes) / count))" }
        // A native string of 16 bytes or more has a 32-byte header before its bytes.
        let shared = specs.reduce(0) { total, spec in
            let length = spec.pattern.utf8.count
            guard length > 15, let pattern = try? RoutePattern(spec.pattern), pattern.description == spec.pattern else { return total }
            return total + 32 + length
        }
        print("switchyard at \(specs.count) routes, B/route by part: " + parts.joined(separator: ", ")
            + "; pattern text shared with the caller, not counted: \(format(Double(shared) / count))")
    }

    private func format(_ value: Double) -> String { String(Int(value.rounded())) }
}
