import SwitchyardPatterns
import SwitchyardSupport

/// Decides whether a route whose typed or regex segments are tried side by side with a
/// better route's can ever win: `/q/:d([a-c]+)` after `/q/:c([a-z]+)` never does, and
/// `:c([0-9]+)` after `<int:n>` loses every value both take.
///
/// Made per registration call, it also keeps what the call reads of other routes: their
/// variants and their checks' languages are read once and forgotten after. Each new route
/// gets a fixed budget of automaton steps and of routes to compare with, so a
/// manifest of many regexes side by side costs a bounded amount per route.
@usableFromInline final class SideBySideChecks {
    /// Steps (next positions looked at, per character) one new route may take across its
    /// comparisons; a comparison costs at least ``comparisonCost``. Real checks need a few
    /// hundred: 2,000 routes of a manifest side by side cost at most about 130 million.
    static let budgetPerRoute = 65_536
    static let comparisonCost = 1_024

    /// The variants of the call's own routes, by sequence from ``firstOfCall``: every new
    /// route's are expanded anyway, and an array keeps them without hashing.
    private var callVariants: [[[CompiledSegment]]?] = []
    private let firstOfCall: Int
    /// Those of older routes, expanded only when a new one is compared with them.
    private var variantsByRoute: [RouteID: [[CompiledSegment]]] = [:]
    private var generous: [String: SegmentLanguage?] = [:]
    private var strict: [String: SegmentLanguage?] = [:]
    private var budget = budgetPerRoute
    /// Routes the call's conflict searches looked at one by one, for tests of the bound.
    @usableFromInline var lookedAt = 0

    /// For a call whose routes take sequences from `firstOfCall` on, `count` of them, with the
    /// variants their parse gave (`parsed`, by position in the call).
    @usableFromInline
    init(firstOfCall: Int, count: Int, parsed: ParsedVariants? = nil) {
        self.firstOfCall = firstOfCall
        callVariants = parsed?.take() ?? []
        callVariants.reserveCapacity(count)
    }

    /// Starts the budget of a new route.
    @usableFromInline
    func startRoute() {
        budget = Self.budgetPerRoute
    }

    /// Whether the route being registered may compare with one more.
    var hasBudget: Bool { budget >= Self.comparisonCost }

    /// The variants of a pattern route, expanded once per call.
    func variants(of route: RouteFacts) -> [[CompiledSegment]] {
        let ofCall = route.id.rawValue - firstOfCall
        if ofCall >= 0, ofCall < callVariants.count, let known = callVariants[ofCall] { return known }
        if ofCall < 0, let known = variantsByRoute[route.id] { return known }
        let variants: [[CompiledSegment]]
        if case .pattern(let pattern) = route.definition { variants = pattern.variants } else { variants = [] }
        if ofCall >= 0 {
            // Most often the next one: the call's routes are asked for as they are indexed.
            while callVariants.count <= ofCall { callVariants.append(nil) }
            callVariants[ofCall] = variants
        } else {
            variantsByRoute[route.id] = variants
        }
        return variants
    }

    /// The variants of the call's routes, for the trie build that follows: moved out, so
    /// call it once the call's conflicts are found.
    @usableFromInline
    func handVariants(to pending: PendingVariants, keepingAtMost limit: Int) {
        pending.add(first: firstOfCall, variants: callVariants, keepingAtMost: limit)
        callVariants = []
    }

    /// The conflict when `loser`'s variant only wins values `winner`'s variant does not also
    /// take, or `nil` when they share no value (or that could not be decided in budget).
    func conflict(winner: RouteFacts, _ winnerIndex: Int, loser: RouteFacts, _ loserIndex: Int) -> RouteConflict? {
        guard case .pattern(let loserPattern) = loser.definition, hasBudget else { return nil }
        budget -= Self.comparisonCost
        let (winnerVariants, loserVariants) = (variants(of: winner), variants(of: loser))
        guard winnerVariants.indices.contains(winnerIndex), loserVariants.indices.contains(loserIndex) else { return nil }
        let (winnerVariant, loserVariant) = (winnerVariants[winnerIndex], loserVariants[loserIndex])
        var covered = true
        var values: [String] = []
        for (winning, losing) in zip(winnerVariant, loserVariant) {
            switch (winning, losing) {
            case (.checked(_, let winnerCheck), .checked(_, let loserCheck)) where winnerCheck.key != loserCheck.key:
                guard let loserLanguage = atLeast(loserCheck), let winnerLanguage = atLeast(winnerCheck),
                      let value = SegmentLanguage.commonValue(loserLanguage, winnerLanguage, budget: &budget),
                      loserCheck.accepts(value), winnerCheck.accepts(value) else { return nil }
                values.append(value)
                // A regex does not look at a segment over `InputLimits.regexInput`, where a
                // converter still takes it: only a regex can be sure to cover another.
                if winnerCheck.isRegex && !loserCheck.isRegex { covered = false }
                if covered {
                    let strictWinner = atMost(winnerCheck)
                    covered = strictWinner.flatMap { SegmentLanguage.everyValue(of: loserLanguage, isAcceptedBy: $0, budget: &budget) } == true
                }
            case (_, .checked(_, let check)):
                guard let language = atLeast(check), let value = SegmentLanguage.commonValue(language, language, budget: &budget),
                      check.accepts(value) else { return nil }
                values.append(value)
            case (_, .literal(let text)):
                values.append(text)
            case (_, .parameter), (_, .catchAll):
                values.append("x")
            }
        }
        let path = values.map(PercentCoding.encode).joined(separator: "/")
        let example = loserPattern.scheme.map { $0 + "://" + path } ?? "/" + path
        let overlap = loserVariants.count > 1 ? loserPattern.variantDescription(loserIndex) : loser.pattern
        return RouteConflict(kind: covered ? .covered : .overlapping, loser: loser.pattern, winner: winner.pattern,
                             overlap: overlap, example: example)
    }

    private func atLeast(_ check: SegmentCheck) -> SegmentLanguage? {
        if let known = generous[check.key] { return known }
        let language = SegmentLanguage.atLeast(check)
        generous[check.key] = language
        return language
    }

    private func atMost(_ check: SegmentCheck) -> SegmentLanguage? {
        if let known = strict[check.key] { return known }
        let language = SegmentLanguage.atMost(check)
        strict[check.key] = language
        return language
    }
}
