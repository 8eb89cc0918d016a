import Foundation
import Switchyard
import SwitchyardSupport
import Testing

/// One shop router serving the app itself, pages of three origins and other apps at once, with
/// the duplicate guard on (600 s, so no test depends on timing, even on a loaded machine): issue 36's callers.
struct ManyCallers {
    static let admin = "https://admin.example.com"
    static let promo = "https://promo.example.com"
    static let blog = "https://blog.example.com"

    let router: Router
    let bridge: WebBridge
    let channel: XCallbackChannel
    /// The caller of every run of `/tag` and `/admin/wipe`, in order.
    let ran = Shared<[RouteCaller]>([])
    /// Every URL the channel opened in another app.
    let opened = Shared<[String]>([])
    /// What `/trust` read of `trusted`: natively, as the caller's value, through the typed reader.
    let trust = Shared<[String]>([])

    init(duplicateWindow: Duration = .seconds(600), callbackURLBytes: Int = 8_192, allowedCallbacks: [String] = ["sibling", "other"]) throws {
        router = Router(configuration: RouterConfiguration(schemes: ["shop"], logger: RouterConfiguration.quiet.logger),
                        settings: PipelineSettings(duplicateWindow: duplicateWindow))
        let ran = ran, trust = trust, opened = opened
        try router.action("/tag") { request in
            ran.withLock { $0.append(request.caller) }
            request.answer("tagged")
        }
        try router.action("/admin/wipe") { request in ran.withLock { $0.append(request.caller) } }
        try router.action("/fail") { _ in throw Failure(description: "db 10.0.0.5 refused user=shop password=hunter2") }
        try router.action("/answer-fail") { request in request.answer(throwing: Failure(description: "token abc123 expired")) }
        try router.action("/sold-out") { _ in
            throw CallerFacingFailure(code: "soldOut", message: "This deal has sold out.", detail: "stock 0 in warehouse 3")
        }
        try router.action("/trust") { request in
            let native = request.native("trusted", as: Bool.self).map { "\($0)" } ?? "nil"
            let sent = request.caller("trusted", as: Bool.self).map { "\($0)" } ?? "nil"
            trust.withLock { $0 = [native, sent, request.bool("trusted").map { "\($0)" } ?? "nil", "\(request.caller)"] }
            request.answer("read")
        }
        bridge = try WebBridge(router: router, policy: WebBridgePolicy(origins: [
            Self.admin: ["/admin/wipe", "/tag"],
            Self.promo: ["/tag", "/fail", "/answer-fail", "/sold-out", "/trust"],
            Self.blog: ["/tag"],
        ]))
        channel = try XCallbackChannel(router: router, settings: XCallbackSettings(
            sourceName: "Shop", openToApps: ["/tag", "/fail", "/sold-out", "/trust"], allowedCallbacks: allowedCallbacks,
            callbackURLBytes: callbackURLBytes
        )) { url in
            opened.withLock { $0.append(url) }
            return true
        }
        try channel.register()
    }

    /// A `call` (or `open`) message from page `page` of `origin` in web view `view`.
    func page(
        _ url: String, params: String = "{}", method: String = "call", id: Int = 1, page: String = "p1",
        origin: String = ManyCallers.promo, view: WebViewID? = nil
    ) async -> Reply {
        let message = #"{"page":"\#(page)","id":\#(id),"method":"\#(method)","url":"\#(url)","params":\#(params)}"#
        return Reply(await bridge.receive(message, from: WebFrame(origin: WebOrigin(origin), view: view)))
    }

    /// Another app's x-callback request for `path`, answered to `success` (and `error`).
    func otherApp(_ path: String, source: String = "Sibling", success: String = "sibling://done", error: String? = "sibling://failed") async -> IncomingResult {
        var url = "shop://x-callback-url/\(path)\(path.contains("?") ? "&" : "?")x-source=\(source)&x-success=\(success)"
        if let error { url += "&x-error=\(error)" }
        return await router.handleIncoming(url)
    }

    /// How many times `/tag` or `/admin/wipe` ran for `caller`.
    func runs(of caller: RouteCaller) -> Int { ran.current.filter { $0 == caller }.count }
}

extension ManyCallers {
    /// The query items of the `index`th URL the channel opened.
    func openedItems(_ index: Int) -> [String: String] {
        guard opened.current.indices.contains(index) else { return [:] }
        var items: [String: String] = [:]
        for item in URLComponents(string: opened.current[index])?.queryItems ?? [] { items[item.name] = item.value ?? "" }
        return items
    }
}
