// The Shop demo, first stage: a router with the shop's routes resolving sample links.
// Later issues grow this into the full feature-module demo on the headless navigator.
import Switchyard

let configuration = RouterConfiguration(
    schemes: ["myapp"],
    associatedDomains: ["app.example.com"],
    webRoute: "/web"
)
let router = Router(configuration: configuration)

let routes: [RouteSpec<RouteHandler>] = [
    RouteSpec("/home", owner: "Home", target: RouteHandler { _ in "Home" }),
    RouteSpec("/product/list", owner: "Product", target: RouteHandler { _ in "ProductList" }),
    RouteSpec("/product/<int:id>(/:tab)", owner: "Product", target: RouteHandler { request in
        "ProductDetail(id: \(try request.require("id", as: Int.self)), tab: \(request.string("tab") ?? "overview"))"
    }),
    RouteSpec("/login/:phone([0-9]+)", owner: "User", target: RouteHandler { request in
        "Login(phone: \(request.string("phone") ?? ""))"
    }),
    RouteSpec("myapp://user/:uid/orders", owner: "Order", target: RouteHandler { request in
        "Orders(user: \(request.string("uid") ?? ""))"
    }),
    RouteSpec("/help/*", owner: "Web", target: RouteHandler { request in
        "HelpPage(\((request.remainder ?? []).joined(separator: " › ")))"
    }),
    RouteSpec("/web", owner: "Web", target: RouteHandler { request in
        "WebPage(\(request.string("url") ?? ""))"
    }),
    .regex(#"/campaign/(?<year>\d{4})-(\w+)"#, owner: "Home", target: RouteHandler { request in
        "Campaign(year: \(request.string("year") ?? ""), name: \(request.string("group2") ?? ""))"
    }),
]

do {
    try router.register(routes)
} catch {
    print("could not register the shop's routes: \(error)")
}

print("Switchyard shop — \(router.routes.count) routes registered:")
for route in router.exportRoutes() {
    print("  \(route.pattern)  [\(route.owner ?? "-")]")
}
print("")

let samples: [(String, RouteSource)] = [
    ("myapp://product/123?source=home", .deepLink),
    ("myapp://product/list", .deepLink),
    ("https://app.example.com/product/7/reviews", .universalLink),
    ("myapp://login/13800000000", .push),
    ("myapp://login/abc", .push),
    ("myapp://user/u-42/orders", .deepLink),
    ("/help/orders/refunds", .inApp),
    ("/campaign/2026-spring", .h5),
    ("https://example.org/terms?lang=en", .h5),
    ("myapp://prodcut/1", .deepLink),
    ("myapp://product/%E4%BD%A0%ZZ", .deepLink),
    ("other://product/1", .deepLink),
]

for (url, source) in samples {
    print("open \(url)  (\(source))")
    do {
        let match = try router.resolve(url, source: source)
        let parameters = (match.request.pathParameters.items + match.request.query.items)
            .map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        let result = try await match.target(match.request)
        print("  matched \(match.route.pattern)  {\(parameters)}")
        print("  → \(result.map { "\($0)" } ?? "nothing")")
    } catch {
        print("  ✗ \(error)")
    }
}
