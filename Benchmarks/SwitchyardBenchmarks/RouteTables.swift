/// SplitMix64: a few lines, no Foundation, and the same sequence on every platform and run,
/// so every implementation (and every run of the benchmark) sees the same table and inputs.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, below(index + 1))
        }
    }
}

/// One segment of a generated route, independent of any router's syntax.
enum Segment: Sendable {
    enum Kind: String, Sendable { case int, float, uuid, string }

    case literal(String)
    case parameter(String)
    case typed(Kind, String)
    /// `nil` name: Switchyard `*`; a name: `<path:name>`.
    case catchAll(String?)
}

struct GeneratedRoute: Sendable {
    let segments: [Segment]
    let target: Int
}

/// A lookup input in every form the implementations take, and what it should match.
struct LookupInput: Sendable {
    let path: String
    /// Pre-split, RoutingKit's fastest input form.
    let components: [String]
    let url: String
    /// The generating route's target for hits, `nil` for inputs built to miss.
    let expectedTarget: Int?
}

struct GeneratedTable: Sendable {
    let routes: [GeneratedRoute]
    let inputs: [LookupInput]
}

/// Builds app-like route tables: feature modules (`/product`, `/market/seller`) that each
/// register a subset of typical screens, 2–5 segments deep.
enum RouteTableGenerator {
    static let seed: UInt64 = 0x5317_C4FA_2D00_0001
    static let hitPercent = 80

    private static let modules = [
        "product", "user", "order", "category", "search", "settings", "cart", "checkout", "account", "store",
        "wishlist", "inbox", "feed", "video", "article", "event", "ticket", "coupon", "review", "brand",
        "seller", "delivery", "payment", "wallet", "reward", "support", "community", "recipe", "playlist", "booking",
    ]
    /// Second-level namespaces for big tables; disjoint from `modules` and from `missWords`.
    private static let areas = [
        "market", "media", "social", "travel", "food", "finance", "health", "learn", "games", "news", "home",
        "auto", "sports", "kids", "pets", "garden", "fashion", "tech", "music", "books", "local", "jobs",
        "realty", "energy", "beauty", "crafts", "outdoor", "office", "tools", "gifts", "deals", "photo",
        "events", "charity",
    ]
    /// Words no generated route uses, so paths built from them miss in every implementation.
    private static let missWords = ["legacy", "beta", "internal", "debug", "archive", "labs", "preview", "old-app"]
    private static let missLeaves = ["legacy-view", "deprecated", "x-debug", "old-page", "v0-screen"]
    private static let remainderWords = ["faq", "shipping", "returns", "guides", "2024", "img-3.png", "intro"]
    private static let querySources = ["home", "push", "email", "banner", "widget"]

    /// Screens a module may register, relative to its prefix. Parameter names depend only on
    /// the preceding segments, because RoutingKit refuses two names at one trie position.
    private static let templates: [[Segment]] = [
        [.literal("list")],
        [.parameter("id")],
        [.typed(.int, "id"), .literal("details")],
        [.parameter("id"), .literal("reviews")],
        [.parameter("id"), .literal("reviews"), .typed(.int, "reviewId")],
        [.parameter("id"), .literal("share"), .typed(.uuid, "token")],
        [.literal("category"), .parameter("slug")],
        [.literal("category"), .parameter("slug"), .typed(.int, "page")],
        [.literal("search"), .parameter("query")],
        [.literal("settings"), .literal("notifications")],
        [.literal("settings"), .literal("privacy")],
        [.parameter("id"), .literal("edit")],
        [.literal("nearby"), .typed(.float, "lat"), .typed(.float, "lng")],
        [.parameter("id"), .literal("related"), .typed(.string, "kind")],
    ]
    /// Catch-alls are rare in real tables; a few modules get one.
    private static let catchAllTemplates: [(percent: Int, segments: [Segment])] = [
        (15, [.literal("help"), .catchAll(nil)]),
        (10, [.literal("files"), .catchAll("rest")]),
    ]

    static func make(routeCount: Int, inputCount: Int) -> GeneratedTable {
        var random = SplitMix64(seed: seed ^ UInt64(routeCount))
        var routes: [GeneratedRoute] = []
        var prefixes: [[String]] = []
        var moduleIndex = 0
        while routes.count < routeCount {
            let prefix = modulePrefix(moduleIndex)
            prefixes.append(prefix)
            moduleIndex += 1
            var chosen = Array(templates.indices)
            random.shuffle(&chosen)
            var screens = chosen.prefix(5 + random.below(8)).sorted().map { templates[$0] }
            for extra in catchAllTemplates where random.chance(percent: extra.percent) {
                screens.append(extra.segments)
            }
            for screen in screens where routes.count < routeCount {
                routes.append(GeneratedRoute(segments: prefix.map(Segment.literal) + screen, target: routes.count))
            }
        }
        var labels = (0..<inputCount).map { $0 < inputCount * hitPercent / 100 }
        random.shuffle(&labels)
        let inputs = labels.map { isHit -> LookupInput in
            if isHit {
                let route = random.pick(routes)
                return input(hitPath(route, &random), expectedTarget: route.target, &random)
            }
            return input(missPath(routes: routes, prefixes: prefixes, &random), expectedTarget: nil, &random)
        }
        return GeneratedTable(routes: routes, inputs: inputs)
    }

    /// `market/product`, …, `market/booking`, then `media/product`, …: every table nests its
    /// modules the same way, so paths have the same depth at every size and a bigger table
    /// measures more routes, not longer paths.
    private static func modulePrefix(_ index: Int) -> [String] {
        let group = index / modules.count
        let area = areas[group % areas.count]
        let round = group / areas.count
        return [round == 0 ? area : area + "\(round + 1)", modules[index % modules.count]]
    }

    /// Parameter values contain digits or dashes so they never equal a static sibling:
    /// RoutingKit does not back up after taking a static child, Switchyard does.
    private static func hitPath(_ route: GeneratedRoute, _ random: inout SplitMix64) -> [String] {
        var parts: [String] = []
        for segment in route.segments {
            switch segment {
            case .literal(let text):
                // Some apps send `/Product/42`; both tries are configured case-insensitive.
                parts.append(parts.isEmpty && random.chance(percent: 10) ? text.prefix(1).uppercased() + text.dropFirst() : text)
            case .parameter(let name):
                parts.append(parameterValue(name, &random))
            case .typed(let kind, _):
                parts.append(typedValue(kind, &random))
            case .catchAll:
                for _ in 0..<(1 + random.below(3)) { parts.append(random.pick(remainderWords)) }
            }
        }
        return parts
    }

    /// Misses by shape only (unknown module, unknown leaf, extra segment, bare prefix), never
    /// by a typed value, which RoutingKit cannot check.
    private static func missPath(routes: [GeneratedRoute], prefixes: [[String]], _ random: inout SplitMix64) -> [String] {
        let prefix = random.pick(prefixes)
        switch random.below(100) {
        case 0..<35:
            return [random.pick(missWords), String(1 + random.below(99_999))]
        case 35..<65:
            return prefix + [String(1 + random.below(99_999)), random.pick(missLeaves)]
        case 65..<85:
            let route = random.pick(routes)
            let literals = route.segments.compactMap { if case .literal(let text) = $0 { return text } else { return nil } }
            guard literals.count == route.segments.count else { return prefix }
            return literals + [random.pick(missLeaves)]
        default:
            return prefix
        }
    }

    private static func input(_ parts: [String], expectedTarget: Int?, _ random: inout SplitMix64) -> LookupInput {
        let path = "/" + parts.joined(separator: "/")
        let url = "myapp:/" + path + "?source=" + random.pick(querySources) + "&ref=banner"
        return LookupInput(path: path, components: parts, url: url, expectedTarget: expectedTarget)
    }

    private static func parameterValue(_ name: String, _ random: inout SplitMix64) -> String {
        let number = 1 + random.below(999_999)
        switch name {
        case "id": return random.chance(percent: 70) ? String(number) : "sku-\(number)"
        case "slug": return random.pick(["shoes", "garden-tools", "phones", "toys"]) + "-\(number % 100)"
        case "query": return "q-\(number)"
        default: return "v-\(number)"
        }
    }

    private static func typedValue(_ kind: Segment.Kind, _ random: inout SplitMix64) -> String {
        switch kind {
        case .int: return String(1 + random.below(999_999))
        case .float: return "\(random.below(180) - 90).\(random.below(10_000))"
        case .string: return "kind-\(random.below(1000))"
        case .uuid:
            let hex = Array("0123456789abcdef")
            let groups = [8, 4, 4, 4, 12].map { length in String((0..<length).map { _ in hex[random.below(16)] }) }
            return groups.joined(separator: "-")
        }
    }
}

/// The same route written for each implementation.
extension GeneratedRoute {
    var switchyardPattern: String {
        "/" + segments.map { segment in
            switch segment {
            case .literal(let text): return text
            case .parameter(let name): return ":" + name
            case .typed(let kind, let name): return "<\(kind.rawValue):\(name)>"
            case .catchAll(nil): return "*"
            case .catchAll(let name?): return "<path:\(name)>"
            }
        }.joined(separator: "/")
    }

    /// RoutingKit has no typed segments: they become plain parameters, so RoutingKit
    /// accepts `/product/abc/details` where Switchyard's `<int:id>` refuses it.
    var routingKitPath: String {
        segments.map { segment in
            switch segment {
            case .literal(let text): return text
            case .parameter(let name), .typed(_, let name): return ":" + name
            case .catchAll: return "**"
            }
        }.joined(separator: "/")
    }

    /// One anchored expression for the whole path, as WLRRoute compiles its patterns.
    var linearRegexPattern: String {
        var pattern = "^"
        for segment in segments {
            switch segment {
            case .literal(let text): pattern += "/" + escapeRegex(text)
            case .parameter, .typed(.string, _): pattern += "/([^/]+)"
            case .typed(.int, _): pattern += "/([-+]?[0-9]+)"
            case .typed(.float, _): pattern += "/([-+]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?)"
            case .typed(.uuid, _): pattern += "/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})"
            // Switchyard's catch-all also takes zero segments.
            case .catchAll: pattern += "(?:/(.*))?"
            }
        }
        return pattern + "$"
    }

    private func escapeRegex(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
