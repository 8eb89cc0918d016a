import CartFeature
import Foundation
import HomeFeature
import Logging
import OrderFeature
import ProductFeature
import ShopContracts
import Switchyard
import UserFeature
import WebFeature

/// The shop app: the only place that links the feature modules, wiring them through one
/// `AppRouter` onto a headless window.
@MainActor
public final class Shop {
    /// The tab bar: each tab keeps its own stack, with its home at the root.
    public static let tabs = ShopTabs.identifiers

    public let app: AppRouter
    public let navigator: HeadlessNavigator
    public let manifest: ManifestStore
    /// The navigators of the app's other scenes (iPad windows), by scene; the router holds them weakly.
    public var scenes: [String: HeadlessNavigator] = [:]
    /// The route a logged-out user tried to open, resumed after login.
    public let pending = MemoryPendingRouteStore()
    /// The backend's secrets, held here so the demo can sign links and manifests as a server would.
    public let linkSigner: LinkSigner
    public let manifestSigner: ManifestSigner
    /// The shop's H5 pages (`https://m.shop.example.com`) may order, and nothing else.
    public let webBridge: WebBridge
    /// Other apps may ask the shop to pick a cart item, and get it back through x-success.
    public let callbacks: XCallbackChannel
    /// The phone's other apps, for the demo: where x-callback URLs go.
    public let otherApps = OtherApps()

    /// - Parameter bundledManifest: the manifest the app ships with; the tour's relaunch ships
    ///   one that switches a route off.
    public init(bundledManifest: String = ShopManifests.bundled) async throws {
        linkSigner = try LinkSigner(secret: Data("shop-link-secret".utf8))
        // The tour prints every event itself; the library's own logs would only repeat them.
        var logger = Logger(label: "shop")
        logger.logLevel = .error
        // H5 pages from the shop's mobile site open in the app's web view; any other page, in the browser.
        let configuration = RouterConfiguration(
            schemes: [ShopLinks.scheme], associatedDomains: [ShopLinks.domain], webRoute: WebRoute.pattern,
            webViewHosts: ShopLinks.webViewHosts, logger: logger)
        // Every open is kept for the route log; the demo opens the same URL twice on purpose, so no double-tap guard.
        let router = Router(configuration: configuration, settings: PipelineSettings(
            recordingLast: 500, duplicateWindow: .zero, tabs: Self.tabs, universalLinkRoutes: ShopLinks.universalLinkRoutes))
        let mediator = Mediator(configuration: MediatorConfiguration(
            modules: ["HomeFeature", "ProductFeature", "CartFeature", "OrderFeature", "UserFeature", "WebFeature"],
            remoteSchemes: [ShopLinks.scheme], remoteHosts: [ShopLinks.callHost],
            aliases: ["openWeb": MediatorAlias(target: "Web", action: "webPage")], logger: logger))
        app = AppRouter(router: router, mediator: mediator, services: ServiceRegistry(logger: logger), modules: ModuleRegistry(logger: logger))
        navigator = try HeadlessNavigator(tabs: Self.tabs)
        app.navigator = navigator

        try app.add(HomeModule(), ProductModule(), CartModule(), OrderModule(), UserModule(), WebModule())
        let (registered, loaded) = await app.start()
        for failure in registered.failures + loaded.failures { print("module failure: \(failure)") }

        let session = try app.require((any SessionService).self)
        try router.requireLogin(for: [OrdersRoute.pattern, "/order/*"], loginPage: LoginRoute().path, state: session, store: pending)
        router.addInterceptor(try SignedLinkInterceptor(signer: linkSigner, routes: ["/coupon/*"]))
        router.addInterceptor(OpenRedirectGuard { [weak router] target in router?.allowsRedirect(to: target) ?? false })
        router.addInterceptor(try SourcePolicyInterceptor(internalOnly: ["/debug/*"]))
        try app.routeRemoteCalls(host: ShopLinks.callHost)

        manifestSigner = try ManifestSigner(privateKey: Data(base64Encoded: ShopManifests.serverPrivateKey) ?? Data())
        manifest = try ManifestStore(
            bundled: try ManifestDecoder.decode(Data(bundledManifest.utf8)),
            verifier: try ManifestVerifier(publicKey: manifestSigner.publicKey),
            validator: ManifestValidator(knownTarget: { [mediator] target, action in mediator.acceptsRemoteCall(target: target, action: action) }),
            logger: logger)
        router.install(manifest, mediator: mediator, appVersion: AppVersion("3.0"), userID: { session.userID })
        manifest.start()

        webBridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: ["https://m.shop.example.com": [NewOrderRoute.pattern]]))
        let otherApps = otherApps
        callbacks = try XCallbackChannel(
            router: router, settings: XCallbackSettings(sourceName: "Shop", openToApps: [CartPickerRoute.pattern], allowedCallbacks: ["sibling"])
        ) { url in otherApps.open(url) }
        try callbacks.register()
        otherApps.install(router, scheme: ShopLinks.scheme)
    }

    public var router: Router { app.router }

    public var session: (any SessionService)? { app.service((any SessionService).self) }
}
