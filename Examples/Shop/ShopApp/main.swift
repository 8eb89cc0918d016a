// The Shop demo, second stage: the shop's routes opened through the router's pipeline onto
// the headless navigator, which keeps the whole window. Issue 7 grows this into the
// feature-module demo.
import Switchyard

/// Sends the order pages to login while nobody is logged in.
struct LoginGate: Interceptor {
    let name = "login"
    let priority = 10
    func applies(to request: RouteRequest) -> Bool { request.path.hasPrefix("/order") }
    func intercept(_ request: RouteRequest) async throws -> InterceptorDecision {
        .redirect("/login/13800000000?redirect=\(request.path)")
    }
}

let router = Router(
    configuration: RouterConfiguration(schemes: ["myapp"], associatedDomains: ["app.example.com"], webRoute: "/web"),
    settings: PipelineSettings(recordingLast: 50))
let navigator = HeadlessNavigator()
router.navigator = navigator
router.addInterceptor(LoginGate())

do {
    try router.page("/home", owner: "Home") { _ in Destination("Home", name: "Home") }
    try router.page("/product/list", owner: "Product") { _ in Destination("ProductList", name: "ProductList") }
    // Opened on an empty window (a cold-start deep link), a product shows over Home > ProductList.
    try router.page("/product/<int:id>(/:tab)", parents: ["/home", "/product/list"], owner: "Product") { request in
        let id = try request.require("id", as: Int.self)
        return Destination(id, name: "ProductDetail(id: \(id), tab: \(request.string("tab") ?? "overview"))")
    }
    try router.page("/login/:phone([0-9]+)", command: .presentInNavigation, owner: "User") { request in
        Destination("Login", name: "Login(phone: \(request.string("phone") ?? ""), then: \(request.string("redirect") ?? "-"))")
    }
    try router.page("myapp://user/:uid/orders", owner: "Order") { request in
        Destination("Orders", name: "Orders(user: \(request.string("uid") ?? ""))")
    }
    try router.page("/order/:id", owner: "Order") { request in Destination("Order", name: "Order(\(request.string("id") ?? ""))") }
    try router.page("/help/*", owner: "Web") { request in
        Destination("Help", name: "Help(\((request.remainder ?? []).joined(separator: " › ")))")
    }
    try router.page("/web", command: .present, owner: "Web") { request in
        Destination("Web", name: "WebPage(\(request.string("url") ?? ""))")
    }
    try router.redirect("/item/:id", to: "/product/:id", owner: "Product")
    try router.action("/cart/add/:sku", owner: "Cart") { request in
        request.answer("added \(request.string("sku") ?? "?") to the cart")
    }
    try router.register([.regex(#"/campaign/(?<year>\d{4})-(\w+)"#, owner: "Home", target: RouteTarget(.page(.push) { request in
        Destination("Campaign", name: "Campaign(year: \(request.string("year") ?? ""), name: \(request.string("group2") ?? ""))")
    }))])
} catch {
    print("could not register the shop's routes: \(error)")
}

print("Switchyard shop — \(router.table.routes.count) routes registered:")
for route in router.table.exportRoutes() {
    print("  \(route.pattern)  [\(route.owner ?? "-")]")
}

/// The window as the headless navigator keeps it: one line per layer.
@MainActor func printWindow() {
    for line in navigator.state.outline { print("  │ \(line)") }
}

let samples: [(String, RouteSource)] = [
    ("myapp://product/123?source=home", .deepLink),
    ("myapp://product/list", .deepLink),
    ("https://app.example.com/product/7/reviews", .universalLink),
    ("myapp://item/42", .push),
    ("myapp://login/abc", .push),
    ("myapp://user/u-42/orders", .deepLink),
    ("myapp://order/9", .deepLink),
    ("/help/orders/refunds", .inApp),
    ("/campaign/2026-spring", .h5),
    ("https://example.org/terms?lang=en", .h5),
    ("myapp://prodcut/1", .deepLink),
    ("myapp://product/%E4%BD%A0%ZZ", .deepLink),
    ("other://product/1", .deepLink),
]

for (url, source) in samples {
    print("\nopen \(url)  (\(source))")
    let result = await router.open(url, source: source)
    print("  \(result.outcome)" + (result.redirects.isEmpty ? "" : "  via \(result.redirects.joined(separator: " → "))"))
    printWindow()
}

print("\ncall myapp://cart/add/sku-1 (an action that answers)")
if let answer = try? await router.call("myapp://cart/add/sku-1") {
    print("  answer: \(answer.value(as: String.self) ?? "cancelled")")
}

for step in [BackNavigation.dismissAll, .popTo(pattern: "/product/list"), .back, .back] {
    print("\n\(step)")
    do {
        try navigator.perform(.back(step))
    } catch {
        print("  refused: \(error)")
    }
    printWindow()
}

print("\nhistory (last \(navigator.history.entries.count) screens shown):")
for entry in navigator.history.entries { print("  \(entry)") }
print("\nroute log (last \(router.recorder?.entries.count ?? 0) opens):")
print(router.recorder?.exportText() ?? "")
