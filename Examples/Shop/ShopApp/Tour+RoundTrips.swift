import CartFeature
import Foundation
import OrderFeature
import ShopContracts
import Switchyard

extension Shop {
    /// The two round trips beyond the app (seed 002, scenario 2): an H5 page gets the native
    /// page's answer back; a sibling app is taken back with the item picked.
    static let roundTrips: [TourStep] = [
        TourStep(title: "The H5 promo page orders natively and greets the user with the order number it gets back") { shop in
            let promo = WebFrame(origin: WebOrigin("https://m.shop.example.com"))
            // What switchyard.js sends for Switchyard.call('shop://order/new', { sku: 'sku-2' }).
            let message = #"{"page":"promo-1","id":1,"method":"call","url":"shop://order/new","params":{"sku":"sku-2"}}"#
            var notes = ["the page (https://m.shop.example.com) sends \(message)"]
            let replying = Task { await shop.webBridge.receive(message, from: promo) }
            while !(shop.navigator.state.top?.destination.content is NewOrderScreen) { await Task.yield() }
            let page = shop.navigator.state.top?.destination.content(as: NewOrderScreen.self)
            notes.append("the native order page shows \(page?.sku ?? "?"); the user places the order")
            page?.place()
            let answer = await replying.value
            notes.append("the page's promise resolves: \(answer)")
            // The page's script reads the answer (JSON) and greets the user.
            let reply = (try? JSONSerialization.jsonObject(with: Data(answer.utf8))) as? [String: Any]
            if let number = (reply?["answer"] as? [String: Any])?["orderNumber"] as? String {
                notes.append("the page shows: Welcome! Your order \(number) is on its way.")
            }
            try shop.navigator.perform(.back(.dismiss))
            let debug = #"{"page":"promo-1","id":2,"method":"open","url":"shop://debug/flags"}"#
            notes.append("the same page asks for shop://debug/flags: \(await shop.webBridge.receive(debug, from: promo))")
            let stranger = WebFrame(origin: WebOrigin("https://evil.example.com"))
            notes.append("a page of https://evil.example.com sends the order message: \(await shop.webBridge.receive(message, from: stranger))")
            return notes
        },
        TourStep(title: "A sibling app asks the shop to pick a cart item and is taken back with it (x-callback-url)") { shop in
            let sibling = Router(configuration: RouterConfiguration(schemes: ["sibling"], logger: shop.router.configuration.logger))
            let otherApps = shop.otherApps
            let channel = try XCallbackChannel(router: sibling, settings: XCallbackSettings(sourceName: "Sibling", allowedCallbacks: ["shop"])) { url in
                otherApps.open(url)
            }
            try channel.register()
            otherApps.install(sibling, scheme: "sibling")
            let seen = otherApps.opened.withLock { $0.count }
            let call = Task { try await channel.call(otherApp: "shop://x-callback-url/cart/pick") }
            while !(shop.navigator.state.top?.destination.content is CartPickerScreen) { await Task.yield() }
            let picker = shop.navigator.state.top?.destination.content(as: CartPickerScreen.self)
            var notes = ["the sibling opens " + Shop.withoutNonce(otherApps.opened.withLock { $0[seen] })]
            notes.append("the shop's picker shows \(picker?.items.count ?? 0) items; the user picks the first")
            picker?.pick(0)
            let reply = try await call.value
            notes.append("the shop opens " + Shop.withoutNonce(otherApps.opened.withLock { $0.last ?? "" }))
            if case .success(let values) = reply {
                notes.append("the sibling's call returns success: " + values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))
            } else {
                notes.append("the sibling's call returns \(reply)")
            }
            try shop.navigator.perform(.back(.dismiss))
            let stranger = "shop://x-callback-url/cart/pick?x-success=evil%3A%2F%2Fsteal"
            let before = otherApps.opened.withLock { $0.count }
            let refused = await shop.router.handleIncoming(stranger)
            if case .opened(let result) = refused { notes.append("a stranger's request (x-success=evil://steal): \(result.outcome)") }
            notes.append("opened for the stranger: \(otherApps.opened.withLock { $0.count } - before) URLs")
            return notes
        },
    ]

    /// `url` with its one-time nonces shown as `…`: they differ on every run.
    static func withoutNonce(_ url: String) -> String {
        url.replacingOccurrences(of: #"x-callback-nonce(%3D|=)[0-9a-f]{32}"#, with: "x-callback-nonce$1…", options: .regularExpression)
    }
}
