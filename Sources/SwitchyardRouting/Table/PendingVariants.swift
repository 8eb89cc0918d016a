import SwitchyardPatterns
import SwitchyardSupport

/// The variants of one registration call's routes, expanded and compiled for its conflict
/// checks and handed to the first trie build that follows, which takes them once.
///
/// Reading a route's variants back from its pattern text splits it and compiles each segment
/// again: about a sixth of a route's registration, paid a second time by the build. Kept only
/// until a build takes them (a route's trie paths are about 200 bytes, more than the route),
/// and only the last call's: a table keeps none of them for its lifetime.
///
/// Keyed by route id, which names one pattern for good: a version built without them, or
/// after routes were removed, reads the same variants from the pattern text instead.
@usableFromInline
final class PendingVariants: Sendable {
    /// The variants a build took: those of routes `first`, `first + 1`, …
    struct Taken {
        let first: Int
        /// `nil` where a route of the call has none kept (a regex route).
        let variants: [[[CompiledSegment]]?]

        /// The variants of the route with `id`, when the call that registered it kept them.
        func variants(of id: RouteID) -> [[CompiledSegment]]? {
            let index = id.rawValue - first
            guard index >= 0, index < variants.count else { return nil }
            return variants[index]
        }
    }

    /// Emptied by ``take()``: a build frees them, though versions that share this log live on.
    private let storage: Locked<Taken?>

    init(first: Int, variants: [[[CompiledSegment]]?]) {
        storage = Locked(variants.isEmpty ? nil : Taken(first: first, variants: variants))
    }

    /// The variants, the first time it is called; `nil` after (one build uses them, and two
    /// readers racing to build a version leave the other to read the pattern text).
    func take() -> Taken? {
        storage.withLock { kept in
            defer { kept = nil }
            return kept
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
