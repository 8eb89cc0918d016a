import Foundation
import Logging
import Switchyard
import SwitchyardTesting
import Testing

/// A router whose navigator records, with the shop's basic routes.
@MainActor
func pipeline(
    recording: Int? = nil, configuration: RouterConfiguration = .quiet, settings: PipelineSettings = PipelineSettings()
) throws -> (Router, RecordingNavigator) {
    var settings = settings
    settings.recordingLast = recording ?? settings.recordingLast
    let router = Router(configuration: configuration, settings: settings)
    let navigator = RecordingNavigator()
    router.navigator = navigator
    try router.page("/product/:id") { request in Destination("product", name: "Product(\(request.string("id") ?? ""))") }
    try router.page("/login", command: .presentInNavigation) { _ in Destination("login", name: "Login") }
    return (router, navigator)
}

struct Failure: Error, CustomStringConvertible {
    let description: String
}

@Suite("Open pipeline")
@MainActor
struct PipelineTests {
    @Test func pageOpensThroughTheNavigator() async throws {
        let (router, navigator) = try pipeline()
        let result = await router.open("myapp://product/7?ref=x", source: .deepLink)
        #expect(result.outcome == .openedPage(pattern: "/product/:id", command: .push))
        #expect(result.succeeded && result.redirects.isEmpty && result.source == .deepLink)
        #expect(navigator.shown.map(\.destination.name) == ["Product(7)"])
        #expect(navigator.shown.first?.request.query["ref"] == "x")
        #expect(navigator.shown.first?.animated == true)
    }

    @Test func optionsOverrideTheCommandAndAnimation() async throws {
        let (router, navigator) = try pipeline()
        let result = await router.open("/product/1", options: OpenOptions(animated: false, command: .present))
        #expect(result.outcome == .openedPage(pattern: "/product/:id", command: .present))
        #expect(navigator.shown.first?.animated == false)
    }

    @Test func actionsRunAndTheirFailuresAreOutcomes() async throws {
        let (router, navigator) = try pipeline()
        defer { withExtendedLifetime(navigator) {} }
        let ran = Shared(0)
        try router.action("/cart/add/:sku") { _ in ran.withLock { $0 += 1 } }
        try router.action("/cart/fail") { _ in throw Failure(description: "out of stock") }
        #expect(await router.open("/cart/add/a").outcome == .performedAction(pattern: "/cart/add/:sku"))
        #expect(ran.withLock { $0 } == 1)
        #expect(await router.open("/cart/fail").outcome == .rejected(.actionFailed(pattern: "/cart/fail", reason: "out of stock")))
    }

    @Test func redirectRoutesCarryTheirParameters() async throws {
        let (router, navigator) = try pipeline()
        try router.redirect("/item/:id", to: "/product/:id")
        let result = await router.open("/item/42?ref=banner")
        #expect(result.outcome == .openedPage(pattern: "/product/:id", command: .push))
        #expect(result.redirects == ["/product/42?ref=banner"])
        #expect(navigator.shown.first?.request.query["ref"] == "banner")
    }

    @Test func notFoundShowsTheFallbackAndReachesTheErrorHandler() async throws {
        let (router, navigator) = try pipeline()
        let errors = Shared<[String]>([])
        router.setErrorHandler { result in errors.withLock { $0.append(result.url) } }
        router.setNotFoundPage { url, _ in Destination("404", name: "NotFound(\(url))") }
        let result = await router.open("/prodcut/1")
        guard case .notFound(let noMatch) = result.outcome else {
            Issue.record("expected not found, got \(result.outcome)")
            return
        }
        #expect(noMatch.nearest == "/product/:id")
        #expect(navigator.shown.map(\.destination.name) == ["NotFound(/prodcut/1)"])
        #expect(errors.withLock { $0 } == ["/prodcut/1"])
    }

    @Test("failures that show nothing", arguments: [
        ("/product/%ZZ", #"malformed URL "/product/%ZZ" at offset 9: "%" must be followed by two hexadecimal digits"#),
        ("/broken", "page /broken could not be made: no screen"),
    ])
    func failuresShowNothing(url: String, message: String) async throws {
        let (router, navigator) = try pipeline()
        try router.page("/broken") { _ in throw Failure(description: "no screen") }
        let result = await router.open(url)
        guard case .rejected(let error) = result.outcome else {
            Issue.record("expected a rejection, got \(result.outcome)")
            return
        }
        #expect(error.description == message)
        #expect(navigator.shown.isEmpty)
    }

    @Test func withoutANavigatorAPageCannotOpen() async throws {
        let router = Router(configuration: .quiet)
        try router.page("/a") { _ in Destination("a") }
        let result = await router.open("/a")
        #expect(result.outcome == .rejected(.noNavigator(pattern: "/a")))
        #expect(result.outcome.description
            == "rejected: no navigator to show /a: set router.navigator, or attach one for the scene with router.attach(_:scene:)")
    }

    @Test func navigatorFailuresAreOutcomes() async throws {
        let (router, navigator) = try pipeline()
        navigator.failure = Failure(description: "no window")
        #expect(await router.open("/product/1").outcome == .rejected(.navigationFailed(pattern: "/product/:id", reason: "no window")))
    }

    @Test func handlerObjectsChooseHowToShow() async throws {
        struct Sheet: PageHandler {
            func makeDestination(for request: RouteRequest) throws -> Destination { Destination("sheet", name: "Sheet") }
            func presenter(for request: RouteRequest) -> String? { "/cart" }
            func command(for request: RouteRequest) -> NavigationCommand { .present }
            func animates(_ request: RouteRequest) -> Bool { false }
        }
        let (router, navigator) = try pipeline()
        try router.handler("/sheet", Sheet())
        #expect(await router.open("/sheet", from: "/home").outcome == .openedPage(pattern: "/sheet", command: .present))
        #expect(navigator.shown.first?.animated == false)
        #expect(navigator.shown.first?.request.presenter == "/cart", "the handler chose where to show it from")
        _ = await router.open("/product/3", from: "/home")
        #expect(navigator.shown.last?.request.presenter == "/home")
    }

    @Test func destinationForAURLBuildsWithoutNavigating() throws {
        let (router, navigator) = try pipeline()
        #expect(try router.destination(for: "/product/9").name == "Product(9)")
        #expect(navigator.shown.isEmpty)
        #expect(throws: OpenError.invalidURL(.schemeNotAccepted(scheme: "x", url: "x://a"))) {
            _ = try Router(configuration: RouterConfiguration(schemes: ["myapp"])).destination(for: "x://a")
        }
    }
}
