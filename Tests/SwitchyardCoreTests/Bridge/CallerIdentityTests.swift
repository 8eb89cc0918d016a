import Foundation
import Switchyard
import Testing

/// Issue 48, family 2: a caller's identity is everything its policy tells apart. Two pages of
/// one name that differ in one of these — the folder of a `file:` page, the host of a page the
/// app serves under its own scheme, the port, the frame, the web view — never share a page key,
/// a leave, a waiting call, a caller value or a duplicate-guard entry.
@Suite("Web pages: a caller is everything its policy tells apart")
struct CallerIdentityTests {
    /// Two frames of pages named alike that the policy tells apart, and what differs.
    struct Pair: Sendable, CustomTestStringConvertible {
        let differs: String
        let first: WebFrame
        let second: WebFrame
        let callers: [String]
        var testDescription: String { differs }
    }

    static let file = WebOrigin(scheme: "file", host: "", port: nil)!
    static let views = (WebViewID.next(), WebViewID.next())

    static let pairs: [Pair] = [
        Pair(differs: "the folder of a file: page",
             first: WebFrame(origin: file, url: "file:///app/trusted/index.html"), second: WebFrame(origin: file, url: "file:///app/untrusted/index.html"),
             callers: [#"the page "main" of file:///app/trusted/"#, #"the page "main" of file:///app/untrusted/"#]),
        Pair(differs: "a folder inside another's, each with its own entry",
             first: WebFrame(origin: file, url: "file:///app/trusted/index.html"), second: WebFrame(origin: file, url: "file:///app/trusted/inner/index.html"),
             callers: [#"the page "main" of file:///app/trusted/"#, #"the page "main" of file:///app/trusted/inner/"#]),
        Pair(differs: "the host of a page the app serves itself",
             first: WebFrame(origin: WebOrigin("h5pkg://promo")), second: WebFrame(origin: WebOrigin("h5pkg://other")),
             callers: [#"the page "main" of h5pkg://promo"#, #"the page "main" of h5pkg://other"#]),
        Pair(differs: "the port",
             first: WebFrame(origin: WebOrigin("https://promo.example.com")), second: WebFrame(origin: WebOrigin("https://promo.example.com:8443")),
             callers: [#"the page "main" of https://promo.example.com"#, #"the page "main" of https://promo.example.com:8443"#]),
        Pair(differs: "the frame",
             first: WebFrame(origin: WebOrigin("https://promo.example.com")), second: WebFrame(origin: WebOrigin("https://promo.example.com"), isMainFrame: false),
             callers: [#"the page "main" of https://promo.example.com"#, #"the page "main" of https://promo.example.com, in a frame inside a page"#]),
        Pair(differs: "the web view",
             first: WebFrame(origin: WebOrigin("https://promo.example.com"), view: views.0), second: WebFrame(origin: WebOrigin("https://promo.example.com"), view: views.1),
             callers: [#"the page "main" of https://promo.example.com in web view \#(views.0.number)"#,
                       #"the page "main" of https://promo.example.com in web view \#(views.1.number)"#]),
    ]

    static let call = #"{"page":"main","id":1,"method":"call","url":"/hold","params":{}}"#
    static let leave = #"{"page":"main","method":"leave"}"#

    /// The first page's call waits; the second page leaves, then makes the same call: the first is
    /// still answered, the second runs as another caller, not as the first's repeat.
    @Test(arguments: pairs)
    func twoPagesThePolicyTellsApartShareNothing(pair: Pair) async throws {
        let shop = try HoldingShop()
        let first = Task { Reply(await shop.bridge.receive(Self.call, from: pair.first)) }
        for _ in 0..<2_000 where shop.callers.current.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        #expect(Reply(await shop.bridge.receive(Self.leave, from: pair.second)).answer == .string("left"))
        let second = Reply(await shop.bridge.receive(Self.call, from: pair.second))
        shop.release()
        let firstReply = await first.value
        #expect(firstReply.answer == .string(pair.callers[0]), "the other page's leave ended this page's call: \(firstReply.text)")
        #expect(second.answer == .string(pair.callers[1]), "the same call of the other page was taken for a repeat: \(second.text)")
        #expect(shop.callers.current.map(\.description) == pair.callers)
        #expect(shop.bridge.waitingCalls == 0)
    }

    /// The control: the same page's leave ends its own call, and its same call again is its repeat.
    @Test(arguments: pairs)
    func onePageIsOneCaller(pair: Pair) async throws {
        let shop = try HoldingShop()
        let waiting = Task { Reply(await shop.bridge.receive(Self.call, from: pair.second)) }
        for _ in 0..<2_000 where shop.callers.current.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        _ = await shop.bridge.receive(Self.leave, from: pair.second)
        #expect(await waiting.value.code == "pageLeft")
        let again = Reply(await shop.bridge.receive(Self.call, from: pair.second))
        #expect(again.code == "handled", "the page's second call within the window is its repeat: \(again.text)")
        shop.release()
    }

    /// `pageDidLeave(_:frame:)` ends the calls of that page only; `pageDidLeave(_:origin:)` of
    /// every page of that name and origin, each folder's included.
    @Test func theAppEndsOnePagesCallsByItsFrameOrEveryPagesByTheOrigin() async throws {
        let shop = try HoldingShop(holdsEvery: true)
        let (trusted, untrusted) = (Self.pairs[0].first, Self.pairs[0].second)
        let one = Task { Reply(await shop.bridge.receive(Self.call, from: trusted)) }
        for _ in 0..<2_000 where shop.callers.current.count < 1 { try await Task.sleep(for: .milliseconds(1)) }
        shop.bridge.pageDidLeave("main", frame: untrusted)
        #expect(shop.bridge.waitingCalls == 1)
        shop.bridge.pageDidLeave("main", frame: trusted)
        #expect(await one.value.code == "pageLeft")
        let two = Task { Reply(await shop.bridge.receive(#"{"page":"main","id":2,"method":"call","url":"/hold","params":{}}"#, from: untrusted)) }
        for _ in 0..<2_000 where shop.bridge.waitingCalls < 1 { try await Task.sleep(for: .milliseconds(1)) }
        shop.bridge.pageDidLeave("main", origin: Self.file)
        #expect(await two.value.code == "pageLeft")
        shop.release()
    }
}

/// A shop whose `/hold` answers with its caller; the first call (every call, with `holdsEvery`)
/// waits until ``release()`` or until its task is cancelled.
struct HoldingShop {
    let router: Router
    let bridge: WebBridge
    let callers = Shared<[RouteCaller]>([])
    private let released = Shared(false)

    init(holdsEvery: Bool = false) throws {
        router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .seconds(600)))
        let (callers, released) = (callers, released)
        try router.action("/hold") { request in
            let first = callers.withLock { callers in
                callers.append(request.caller)
                return callers.count == 1
            }
            if first || holdsEvery {
                while !released.current, !Task.isCancelled { try await Task.sleep(for: .milliseconds(1)) }
            }
            request.answer(request.caller.description)
        }
        bridge = try WebBridge(router: router, policy: WebBridgePolicy(
            origins: ["https://promo.example.com": ["/hold"], "https://promo.example.com:8443": ["/hold"],
                      "h5pkg://promo": ["/hold"], "h5pkg://other": ["/hold"]],
            servedSchemes: ["h5pkg"],
            fileDirectories: ["/app/trusted/": ["/hold"], "/app/untrusted/": ["/hold"], "/app/trusted/inner/": ["/hold"]],
            allowsSubframes: true))
    }

    func release() { released.withLock { $0 = true } }
}
