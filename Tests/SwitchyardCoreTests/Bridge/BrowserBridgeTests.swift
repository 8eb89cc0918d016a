import Foundation
import Switchyard
import SwitchyardSupport
import SwitchyardTesting
import Testing

/// `switchyard.js` in a real browser: headless Chromium loads the shop's promo page, whose
/// messages reach the Swift bridge over a local server. CI installs Chromium (`.ci/run`); a
/// machine without it skips this suite unless `CI` is set, where its absence fails.
@Suite("Web bridge in a real browser", .serialized, .timeLimit(.minutes(2)))
struct BrowserBridgeTests {
    static let chromium: String? = {
        let candidates = [ProcessInfo.processInfo.environment["CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let runs = chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil

    @Test(.enabled(if: runs))
    func aPageGetsAnswersAndTheRoutersRefusalsAndItsCallsEndWhenItLeaves() async throws {
        let chromium = try #require(Self.chromium, "chromium is not installed: apt-get install -y chromium (.ci/run does)")
        let router = Router(configuration: .quiet)
        let sawCancellation = Shared(false)
        try router.action("/order/new") { request in request.answer(["orderNumber": "A-1001"]) }
        let promoEnded = CallbackInterceptor(name: "promo window") { _, finish in finish(.reject(Failure(description: "the spring promo has ended"))) }
        try router.action("/order/refused", interceptors: [promoEnded]) { request in request.answer("never") }
        try router.action("/order/wait") { _ in
            do { try await Task.sleep(for: .seconds(60)) } catch { sawCancellation.withLock { $0 = true } }
        }
        let bridge = Shared<WebBridge?>(nil)
        let reports = Shared<[String]>([])
        let replies = Shared<[String]>([])
        let script = Data(try WebBridge.script().utf8)
        let pages = Shared<[String: String]>([:])

        let shop = try LocalHTTPServer(asyncHandler: { request in
            let cors = ["Access-Control-Allow-Origin": "*"]
            switch (request.method, request.path) {
            case ("POST", "/bridge"):
                guard let current = bridge.current else { return .respond(status: 503, headers: cors, body: Data()) }
                let frame = WebFrame(origin: request.headers["origin"].flatMap(WebOrigin.init))
                let reply = await current.receive(String(decoding: request.body, as: UTF8.self), from: frame)
                replies.withLock { $0.append(reply) }
                return .respond(status: 200, headers: cors.merging(["Content-Type": "application/json"]) { $1 }, body: Data(reply.utf8))
            case ("POST", "/report"):
                reports.withLock { $0.append(String(decoding: request.body, as: UTF8.self)) }
                return .respond(status: 200, headers: cors, body: Data())
            case ("GET", "/waiting"):
                return .respond(status: 200, headers: cors, body: Data("\(bridge.current?.waitingCalls ?? 0)".utf8))
            case ("GET", "/switchyard.js"):
                return .respond(status: 200, headers: ["Content-Type": "text/javascript"], body: script)
            case ("GET", let path):
                guard let page = pages.current[path] else { return .respond(status: 404, headers: [:], body: Data()) }
                return .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
            default:
                return .respond(status: 405, headers: [:], body: Data())
            }
        })
        defer { shop.stop() }
        let shopOrigin = "http://127.0.0.1:\(shop.port)"
        let strangerPages = Shared<[String: String]>([:])
        let stranger = try LocalHTTPServer { request in
            guard let page = strangerPages.current[request.path] else { return .respond(status: 404, headers: [:], body: Data()) }
            return .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
        }
        defer { stranger.stop() }
        let strangerOrigin = "http://127.0.0.1:\(stranger.port)"
        bridge.withLock { $0 = try? WebBridge(router: router, policy: WebBridgePolicy(origins: [shopOrigin: ["/order/new", "/order/refused", "/order/wait"]])) }
        pages.withLock { $0 = ["/promo.html": BrowserPages.promo(bridge: shopOrigin), "/thanks.html": BrowserPages.thanks(bridge: shopOrigin, stranger: strangerOrigin)] }
        strangerPages.withLock { $0 = ["/stranger.html": BrowserPages.stranger(bridge: shopOrigin)] }

        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: chromium)
        browser.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
                             "--user-data-dir=\(profile.path)", "\(shopOrigin)/promo.html"]
        browser.standardOutput = FileHandle.nullDevice
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        defer { browser.terminate() }

        let deadline = ContinuousClock.now + .seconds(90)
        while !reports.current.contains("done"), !reports.current.contains(where: { $0.hasPrefix("script error") }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let printed = reports.current
        for line in printed { print("browser: \(line)") }

        let refusal = OpenError.rejected(by: "promo window", reason: "the spring promo has ended")
        #expect(printed == [
            #"answer: resolved {"orderNumber":"A-1001"}"#,
            "refusal: rejected rejected \(refusal.description)",
            #"malformed: {"error":{"code":"malformedMessage","message":"the message is not JSON: expected a quoted key at byte 19"},"id":null,"ok":false}"#,
            // 70,000 bytes of padding and the message around it: a page name is always 32 digits.
            "oversized: rejected messageTooLarge \(BridgeError.messageTooLarge(bytes: 70_105, limit: 65_536).description)",
            "leave: navigating with a call waiting",
            "leave: arrived on the next page",
            "other origin: rejected originNotAllowed \(BridgeError.originNotAllowed(origin: strangerOrigin).description)",
            "done",
        ])
        // The call the page left waiting was cancelled: its route saw it, and its reply said so.
        #expect(sawCancellation.current)
        #expect(replies.current.contains { Reply($0).code == "pageLeft" })
        #expect(bridge.current?.waitingCalls == 0)
    }
}
