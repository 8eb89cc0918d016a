import Foundation
import Switchyard
import SwitchyardSupport
import Testing

/// The promo page's origin, let in to the `/order/…` routes.
let promoOrigin = WebOrigin("https://promo.example.com")

/// A shop router with the routes a promo page calls, and a bridge letting the promo page in.
struct BridgeShop {
    let router: Router
    let bridge: WebBridge
    /// How many times any route's handler ran.
    let runs = Shared(0)
    /// Whether the route that waits saw its task cancelled.
    let sawCancellation = Shared(false)
    /// Parameters the last order was made with.
    let orderParameters = Shared<[String: any Sendable]>([:])

    init(limits: BridgeLimits = BridgeLimits(), allowsSubframes: Bool = false, duplicateWindow: Duration = .zero) throws {
        // The duplicate guard off unless a test is about it: the same URL called twice in a test is not a double tap.
        router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: duplicateWindow))
        let runs = runs
        let sawCancellation = sawCancellation
        let orderParameters = orderParameters
        try router.action("/order/new") { request in
            runs.withLock { $0 += 1 }
            orderParameters.withLock { $0 = request.callerParameters }
            request.answer(["orderNumber": "A-1001", "total": 42.5] as [String: any Sendable])
        }
        try router.action("/order/wait") { _ in
            runs.withLock { $0 += 1 }
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                sawCancellation.withLock { $0 = true }
            }
        }
        try router.action("/order/silent") { _ in runs.withLock { $0 += 1 } }
        try router.action("/order/closure") { request in
            runs.withLock { $0 += 1 }
            request.answer(ClosureHolder { })
        }
        try router.action("/order/huge") { request in
            runs.withLock { $0 += 1 }
            request.answer(String(repeating: "x", count: 300_000))
        }
        try router.action("/order/receipt") { request in
            runs.withLock { $0 += 1 }
            request.answer(Receipt(number: "A-7", items: ["tea", "cup"]))
        }
        try router.action("/admin/wipe") { _ in runs.withLock { $0 += 1 } }
        bridge = try WebBridge(
            router: router,
            policy: WebBridgePolicy(origins: [
                "https://promo.example.com": ["/order/new", "/order/wait", "/order/silent", "/order/closure", "/order/huge", "/order/receipt"],
            ], allowsSubframes: allowsSubframes),
            limits: limits
        )
    }

    /// A message from the promo page's script.
    static func message(id: Int = 1, method: String = "call", url: String = "/order/new", params: String = "{}", page: String = "p1") -> String {
        #"{"page":"\#(page)","id":\#(id),"method":"\#(method)","url":"\#(url)","params":\#(params)}"#
    }

    /// Sends `text` from the promo page's main frame and reads the reply.
    func send(_ text: String, from origin: WebOrigin? = promoOrigin, mainFrame: Bool = true) async -> Reply {
        Reply(await bridge.receive(text, from: WebFrame(origin: origin, isMainFrame: mainFrame)))
    }
}

struct ClosureHolder: Sendable {
    let run: @Sendable () -> Void
}

struct Receipt: Codable, Sendable {
    let number: String
    let items: [String]
}

/// A reply as the page's script reads it.
struct Reply {
    let text: String
    let json: JSONValue

    init(_ text: String) {
        self.text = text
        json = (try? JSONReader.read(text.utf8, maximumDepth: 64, depthSetting: "test").get()) ?? .null
    }

    var ok: Bool { json["ok"] == .bool(true) }
    var id: JSONValue? { json["id"] }
    var answer: JSONValue? { json["answer"] }
    var code: String? { if case .string(let code) = json["error"]?["code"] { return code } else { return nil } }
    var message: String? { if case .string(let message) = json["error"]?["message"] { return message } else { return nil } }
}
