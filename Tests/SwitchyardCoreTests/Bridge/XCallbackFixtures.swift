import Foundation
import Switchyard
import Testing

/// Two apps in one process: the shop (scheme `shop`) and its sibling (scheme `sibling`), each
/// with a router and an x-callback channel whose `openURL` hands the URL to the other's router.
final class TwoApps: Sendable {
    let shop = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger))
    let sibling = Router(configuration: RouterConfiguration(schemes: ["sibling"], logger: RouterConfiguration.quiet.logger))
    let shopChannel: XCallbackChannel
    let siblingChannel: XCallbackChannel
    /// Every URL the shop opened in another app, in order.
    let shopOpened = Shared<[String]>([])
    /// What the sibling's router made of each URL it was handed.
    let siblingResults = Shared<[IncomingResult]>([])
    /// What the shop's router made of each URL it was handed.
    let shopResults = Shared<[IncomingResult]>([])
    /// How many times a shop route ran.
    let runs = Shared(0)
    /// Whether the sibling app is "installed": `false` makes the system refuse to open it.
    let siblingInstalled = Shared(true)

    init(shopSettings: XCallbackSettings = XCallbackSettings(sourceName: "Shop", openToApps: ["/cart/pick", "/cart/browse", "/cart/big", "/cart/fail"],
                                                             allowedCallbacks: ["sibling"], successAliases: ["callBack"])) throws {
        let sibling = sibling
        let shop = shop
        let shopOpened = shopOpened
        let siblingResults = siblingResults
        let shopResults = shopResults
        let installed = siblingInstalled
        // The routes first: the channel checks that the routes it opens to apps are registered.
        let runs = runs
        try shop.action("/cart/pick") { request in
            runs.withLock { $0 += 1 }
            request.answer(["sku": "A1", "count": 2, "note": "gift & wrap"] as [String: any Sendable])
        }
        try shop.action("/cart/browse") { _ in runs.withLock { $0 += 1 } }
        try shop.action("/cart/big") { request in
            runs.withLock { $0 += 1 }
            request.answer(["blob": String(repeating: "x", count: 9_000)])
        }
        try shop.action("/cart/fail") { _ in
            runs.withLock { $0 += 1 }
            throw Failure(description: "the cart is locked")
        }
        try shop.action("/account/delete") { _ in runs.withLock { $0 += 1 } }
        shopChannel = try XCallbackChannel(router: shop, settings: shopSettings) { url in
            shopOpened.withLock { $0.append(url) }
            guard url.hasPrefix("sibling:") else { return false }
            // As UIKit does: the other app opens later, not inside this call.
            Task {
                let result = await sibling.handleIncoming(url)
                siblingResults.withLock { $0.append(result) }
            }
            return true
        }
        siblingChannel = try XCallbackChannel(router: sibling, settings: XCallbackSettings(sourceName: "Sibling", allowedCallbacks: ["shop"])) { url in
            guard installed.current, url.hasPrefix("shop:") else { return false }
            Task {
                let result = await shop.handleIncoming(url)
                shopResults.withLock { $0.append(result) }
            }
            return true
        }
        try shopChannel.register()
        try siblingChannel.register()
    }

    /// Waits until the shop opened `count` URLs in other apps (or a second passed).
    func waitForShopOpens(_ count: Int) async {
        let deadline = ContinuousClock.now + .seconds(5)
        while shopOpened.current.count < count, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
    }
}

extension IncomingResult {
    /// The open's outcome, for `expect`.
    var outcome: OpenResult.Outcome? {
        if case .opened(let result) = self { return result.outcome }
        return nil
    }
}
