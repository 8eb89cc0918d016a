import SwitchyardPatterns
import SwitchyardSupport

/// The variants of the routes registered since the last trie build, expanded and compiled for
/// their calls' conflict checks, handed to the build that follows, which takes them once.
///
/// Reading a route's variants back from its pattern text splits it and compiles each segment
/// again: about a sixth of a route's registration, paid a second time by the build. Every call
/// adds its routes' variants, so modules that register one route at a time save as much as a
/// batch does. Kept only until a build takes them (a route's trie paths are about 200 bytes,
/// more than the route): a table keeps none of them for its lifetime.
///
/// Keyed by route id, which names one pattern for good: a version built without them, or
/// after routes were removed, reads the same variants from the pattern text instead. Shared by
/// a table's versions; a build of any of them takes what all the calls so far added.
@usableFromInline
final class PendingVariants: Sendable {
    /// One call's variants: those of routes `first`, `first + 1`, …
    struct Run {
        let first: Int
        /// `nil` where a route of the call has none kept (a regex route).
        let variants: [[[CompiledSegment]]?]
    }

    /// The runs a build took, in the order of their first ids.
    struct Taken {
        let runs: [Run]

        /// The variants of the route with `id`, when the call that registered it kept them.
        func variants(of id: RouteID) -> [[CompiledSegment]]? {
            // The last run starting at or before `id`: ids grow from call to call.
            var (low, high) = (0, runs.count)
            while low < high {
                let middle = (low + high) / 2
                if runs[middle].first <= id.rawValue { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            let run = runs[low - 1]
            let index = id.rawValue - run.first
            guard index < run.variants.count else { return nil }
            return run.variants[index]
        }
    }

    /// Emptied by ``take()``: a build frees them, though versions that share this object live on.
    private let storage = Locked<(runs: [Run], routes: Int)>(([], 0))

    @usableFromInline
    init() {}

    /// Adds a call's variants, those of routes `first`, `first + 1`, …
    ///
    /// Keeps those of at most `limit` routes: a table whose routes are replaced again and again
    /// with no lookup between (a manifest refreshed in the background) would otherwise keep
    /// every replaced route's variants. Past it, what was kept goes and the build reads those
    /// patterns' text.
    func add(first: Int, variants: [[[CompiledSegment]]?], keepingAtMost limit: Int) {
        guard !variants.isEmpty else { return }
        storage.withLock { kept in
            if kept.routes + variants.count > limit { kept = ([], 0) }
            kept.runs.append(Run(first: first, variants: variants))
            kept.routes += variants.count
        }
    }

    /// How many routes' variants are kept, for tests.
    var keptRoutes: Int { storage.withLock { $0.routes } }

    /// What the calls since the last take added; `nil` when nothing (two readers racing to
    /// build a version leave the other to read the pattern text).
    func take() -> Taken? {
        storage.withLock { kept in
            defer { kept = ([], 0) }
            return kept.runs.isEmpty ? nil : Taken(runs: kept.runs)
        }
    }
}

/// The variants the parse of a registration call's routes gave, by position in the call, for
/// the call's conflict checks: reading them back from each pattern's text split it again.
///
/// Used by one call, on its thread; the checks take what it holds.
@usableFromInline
final class ParsedVariants {
    /// `nil` where the parse gave none (optional groups, regexes, a text not canonical).
    private var byPosition: [[[CompiledSegment]]?] = []

    @usableFromInline
    init(count: Int) {
        byPosition.reserveCapacity(count)
    }

    /// Parses the call's next route; see `RouteDefinition.init(_:isRegex:configuration:)`.
    @usableFromInline
    func parse(_ text: String, isRegex: Bool, configuration: RouterConfiguration) throws(PatternError) -> RouteDefinition {
        var variants: [[CompiledSegment]]?
        let definition = try RouteDefinition(text, isRegex: isRegex, configuration: configuration, variants: &variants)
        byPosition.append(variants)
        return definition
    }

    /// What the parse gave, moved out.
    func take() -> [[[CompiledSegment]]?] {
        let taken = byPosition
        byPosition = []
        return taken
    }
}
