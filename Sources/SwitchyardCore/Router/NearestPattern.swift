/// Finds the registered pattern a missed path was most likely meant for.
///
/// Each parameter segment of a pattern is filled in with the path's segment at that
/// position, and the result is compared to the path by edit distance, ignoring case.
/// Only run on a miss, when an error message asks for it.
enum NearestPattern {
    /// Paths longer than this are cut before comparing, so hostile input stays cheap.
    static let comparedLength = 256

    static func find(path: String, patterns: [RoutePattern]) -> String? {
        let target = Array(path.lowercased().prefix(comparedLength))
        let segments = path.split(separator: "/").map(String.init)
        var best: (distance: Int, pattern: String)?
        for pattern in patterns {
            for variant in pattern.variants {
                let candidate = Array(instantiate(variant, with: segments).lowercased().prefix(comparedLength))
                let distance = EditDistance.between(target, candidate)
                if distance < (best?.distance ?? .max) { best = (distance, pattern.description) }
            }
        }
        return best?.pattern
    }

    private static func instantiate(_ variant: [CompiledSegment], with segments: [String]) -> String {
        var result = ""
        for (position, segment) in variant.enumerated() {
            switch segment {
            case .literal(let text):
                result += "/" + text
            case .parameter(let name), .checked(let name, _):
                result += "/" + (position < segments.count ? segments[position] : ":" + name)
            case .catchAll:
                let rest = position < segments.count ? segments[position...].joined(separator: "/") : ""
                result += rest.isEmpty ? "" : "/" + rest
            }
        }
        return result.isEmpty ? "/" : result
    }
}
