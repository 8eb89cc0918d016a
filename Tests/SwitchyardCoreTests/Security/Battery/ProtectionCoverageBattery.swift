import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// A protection (login, signature, internal-only, degrade) must cover every request the
/// router matches. Review found three ways it did not: a manifest pattern with the app's own
/// converter dropped every manifest rule, a router whose limits were raised matched paths the
/// protections' own matchers refused, and a pattern with a scheme never matched at all.
@Suite("Security battery: protections cover what the router matches")
@MainActor
struct ProtectionCoverageBattery {
    static let sku = ParameterConverter(name: "sku") { $0.hasPrefix("SKU-") }

    @Test func manifestRulesWithTheAppsConverterStillApply() async throws {
        var configuration = RouterConfiguration.quiet
        try configuration.register(Self.sku)
        let router = Router(configuration: configuration, settings: PipelineSettings(duplicateWindow: .zero))
        let navigator = RecordingNavigator()
        router.navigator = navigator
        try router.page("/login") { _ in Destination("login", name: "Login") }
        try router.page("/item/<sku:code>") { request in Destination("item", name: "Item(\(request.string("code") ?? ""))") }
        try router.page("/gift/<sku:code>") { request in Destination("gift", name: "Gift(\(request.string("code") ?? ""))") }
        let manifest = try ManifestDecoder.decode(Data(#"""
            { "schemaVersion": 1, "manifestVersion": 1, "routes": [],
              "loginRequired": ["/item/<sku:code>"],
              "degrade": [{ "pattern": "/gift/<sku:code>", "action": "block", "value": "gifts are paused" }] }
            """#.utf8))
        let store = try ManifestStore(bundled: manifest, verifier: Fixtures.verifier(),
                                      validator: ManifestValidator(converters: configuration.converters), logger: Fixtures.quiet)
        router.install(store, login: (FixedLogin(state: Shared(false)), "/login", MemoryPendingRouteStore()))
        #expect(await router.open("myapp://item/SKU-1", source: .deepLink).outcome == .openedPage(pattern: "/login", command: .push))
        #expect(await router.open("myapp://gift/SKU-2", source: .deepLink).outcome
            == .rejected(.rejected(by: "manifest", reason: "gifts are paused")))
        #expect(navigator.shown.map(\.destination.name) == ["Login"])
    }

    @Test func raisedLimitsDoNotOpenAGapInTheProtections() async throws {
        var configuration = RouterConfiguration.quiet
        configuration.limits.pathSegments = 1_000
        let (router, navigator) = (Router(configuration: configuration), RecordingNavigator())
        router.navigator = navigator
        try router.page("/coupon/*") { _ in Destination("coupon", name: "Coupon") }
        try router.page("/admin/*") { _ in Destination("admin", name: "Admin") }
        router.addInterceptor(try SignedLinkInterceptor(signer: LinkSigner(secret: Data("k".utf8)), routes: ["/coupon/*"]))
        router.addInterceptor(try SourcePolicyInterceptor(internalOnly: ["/admin/*"]))
        let deep = String(repeating: "/x", count: 200)
        // The signer reads the link with the default limits, so it refuses a path this deep outright.
        guard case .rejected(.rejected(by: "signed links", let reason)) = await router.open("myapp://coupon" + deep, source: .deepLink).outcome else {
            Issue.record("a deep unsigned coupon link was not refused by the signature check")
            return
        }
        #expect(reason.hasSuffix("the URL has 200 path segments; the limit is 128 (InputLimits.pathSegments)"))
        #expect(await router.open("myapp://admin" + deep, source: .deepLink).outcome
            == .rejected(.rejected(by: "source policy", reason: "/admin/* can only be opened from inside the app, not from a deep link")))
        #expect(navigator.shown.isEmpty)
    }

    @Test func aProtectedPatternWithASchemeMatchesThatSchemeOnly() async throws {
        let router = Router(configuration: .quiet)
        let navigator = RecordingNavigator()
        router.navigator = navigator
        try router.page("/coupon/:code") { _ in Destination("coupon", name: "Coupon") }
        router.addInterceptor(try SignedLinkInterceptor(signer: LinkSigner(secret: Data("k".utf8)), routes: ["partner://coupon/:code"]))
        #expect(await router.open("partner://coupon/X", source: .deepLink).outcome
            == .rejected(.rejected(by: "signed links", reason: "partner://coupon/X requires a signed link")))
        #expect(await router.open("myapp://coupon/X", source: .deepLink).succeeded, "another scheme is not protected by that pattern")
    }
}
