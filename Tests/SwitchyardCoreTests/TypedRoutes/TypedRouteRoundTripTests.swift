import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// The law of typed routes: reading a route back from its own path gives the same value,
/// whatever the values hold. Fixed seeds, so a failure reproduces.
@Suite("Typed routes: round trip")
struct TypedRouteRoundTripTests {
    static let patterns = [TextRoute.pattern, FilesRoute.pattern, DocRoute.pattern, PriceRoute.pattern, SchemedRoute.pattern]

    /// A table of every test route, with the app's converter `sku` registered.
    static func routes() throws -> RouteTable<String> {
        var configuration = RouterConfiguration.quiet
        configuration.converters["sku"] = ParameterConverter(name: "sku") { SKU(routeParameter: $0) != nil }
        return try table(patterns, configuration: configuration)
    }

    /// Pieces that URLs treat specially, and text from outside ASCII.
    static let pieces = [
        "a", "Z", "0", "é", "e\u{301}", "你", "🚀", "/", "?", "&", "%", "+", ":", " ", "#", "=", ".", "..", "%2F", "%%",
        ";", "~", "\"", "\\", "\t", "\n", "\u{FEFF}", "\u{200D}", "<", ">", "*", "(", ")", "@", "[", "]", "'", "$", ",",
    ]

    static func text(_ generator: inout SplitMix64, nonEmpty: Bool) -> String {
        let count = Int.random(in: (nonEmpty ? 1 : 0)...8, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
    }

    static func double(_ generator: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: return Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 1_000
        case 1: return Double.random(in: -1e300...1e300, using: &generator)
        default:
            // Any finite bit pattern: subnormals, negative zero and exponents of every size.
            var value = Double(bitPattern: generator.next())
            while !value.isFinite { value = Double(bitPattern: generator.next()) }
            return value
        }
    }

    static func textRoute(_ generator: inout SplitMix64) -> TextRoute {
        var route = TextRoute(text: text(&generator, nonEmpty: true), n: Int.random(in: .min ... .max, using: &generator))
        if Bool.random(using: &generator) { route.u = UUID() }
        if Bool.random(using: &generator) { route.q = text(&generator, nonEmpty: false) }
        route.flag = Bool.random(using: &generator)
        route.tags = (0..<Int.random(in: 0...3, using: &generator)).map { _ in text(&generator, nonEmpty: false) }
        route.shelf = [nil, .top, .middle, .bottom].randomElement(using: &generator) ?? nil
        route.level = [nil, .low, .high].randomElement(using: &generator) ?? nil
        if Bool.random(using: &generator) { route.ratio = double(&generator) }
        return route
    }

    /// Reads `route` back from its own path through a table holding every test pattern.
    static func readBack<Route: TypedRoute>(_ route: Route, in table: RouteTable<String>) throws -> Route {
        let path = try route.makePath()
        #expect(path == route.path)
        let match = try table.resolve(path)
        #expect(match.target == Route.pattern, "\(path) matched \(match.target)")
        return try Route(request: match.request)
    }

    @Test func tenThousandGeneratedValuesReadBackEqual() throws {
        let table = try Self.routes()
        var generator = SplitMix64(seed: 15)
        var checked = 0
        for _ in 0..<2_500 {
            let text = Self.textRoute(&generator)
            #expect(try Self.readBack(text, in: table) == text)
            let parts = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Self.text(&generator, nonEmpty: true) }
            let files = FilesRoute(rest: parts)
            #expect(try Self.readBack(files, in: table) == files)
            let price = PriceRoute(
                amount: Self.double(&generator),
                code: SKU(letters: String(Self.text(&generator, nonEmpty: true).unicodeScalars.filter { $0.properties.isAlphabetic }.prefix(4)) + "x",
                          number: Int.random(in: .min ... .max, using: &generator))
            )
            #expect(try Self.readBack(price, in: table) == price)
            let schemed = SchemedRoute(id: Self.text(&generator, nonEmpty: true), tab: [nil, .top, .bottom].randomElement(using: &generator) ?? nil)
            #expect(try Self.readBack(schemed, in: table) == schemed)
            checked += 4
        }
        #expect(checked == 10_000)
    }

    @Test("hand-picked values read back", arguments: [
        "", "a/b", "a?b", "a&b=c", "100%", "%2F", "a+b", "x:y", " ", "  two  ", "你好", "é\u{301}", "..", "#", "\u{FEFF}",
    ])
    func handPickedValues(value: String) throws {
        let table = try Self.routes()
        var route = TextRoute(text: value.isEmpty ? "x" : value, n: 0)
        route.q = value
        route.tags = [value, value]
        #expect(try Self.readBack(route, in: table) == route)
        let doc = DocRoute(rest: value.isEmpty ? "x" : "\(value)/\(value)")
        #expect(try Self.readBack(doc, in: table) == doc)
    }
}
