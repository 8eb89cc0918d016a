import Switchyard

/// A router with the shop's pages on a headless navigator; each page is named after its
/// route so that outlines read like `root: Home > Order(42)`.
@MainActor
func headless(rootHasNavigation: Bool = true) throws -> (Router, HeadlessNavigator) {
    let router = Router(configuration: .quiet)
    let navigator = HeadlessNavigator(rootHasNavigation: rootHasNavigation)
    router.navigator = navigator
    func named(_ name: String) -> @MainActor @Sendable (RouteRequest) -> Destination {
        { request in
            let id = request.string("id") ?? request.string("uid")
            return Destination(name, name: id.map { "\(name)(\($0))" } ?? name)
        }
    }
    try router.page("/home", make: named("Home"))
    try router.page("/orders", make: named("Orders"))
    try router.page("/user/:uid/orders", parents: ["/home"], make: named("Orders"))
    try router.page("/order/:id", parents: ["/home", "/user/:uid/orders"], make: named("Order"))
    try router.page("/product/:id", make: named("Product"))
    try router.page("/login", command: .presentInNavigation, make: named("Login"))
    try router.page("/code", make: named("Code"))
    try router.page("/share", command: .present, make: named("Share"))
    try router.page("/video", command: .presentFullScreen, make: named("Video"))
    try router.page("/promo", command: .replace, make: named("Promo"))
    try router.page("/main", command: .setRoot, make: named("Main"))
    try router.page("/tab/:id", command: .custom("tab"), make: named("Tab"))
    try router.page("/broken", parents: ["/nowhere"], make: named("Broken"))
    try router.page("/orphan/:id", parents: ["/user/:uid/orders"], make: named("Orphan"))
    try router.action("/ping") { request in request.answer("pong") }
    try router.page("/ping-parent", parents: ["/ping"], make: named("PingChild"))
    return (router, navigator)
}

extension Router {
    /// Opens each URL in turn, in-app.
    func openAll(_ urls: [String]) async {
        for url in urls { await open(url) }
    }
}
