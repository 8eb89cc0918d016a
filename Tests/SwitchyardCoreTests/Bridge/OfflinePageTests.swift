import Foundation
import Switchyard
import Testing

/// Issue 35, item 6: an H5 package shipped with the app, served by the app's own
/// `WKURLSchemeHandler` or read from its files, can use the bridge when the policy says so.
@Suite("Web bridge: offline H5 pages")
struct OfflinePageTests {
    static let bundle = "/var/containers/Bundle/Application/5E1C/Shop.app/h5/"
    static let message = #"{"page":"p1","id":1,"method":"call","url":"/order/new","params":{}}"#

    static func bridge(_ policy: WebBridgePolicy) throws -> (WebBridge, Shared<Int>) {
        let router = Router(configuration: .quiet, settings: PipelineSettings(duplicateWindow: .zero))
        let runs = Shared(0)
        try router.action("/order/new") { request in
            runs.withLock { $0 += 1 }
            request.answer("A-1001")
        }
        try router.action("/admin/wipe") { _ in runs.withLock { $0 += 1 } }
        return (try WebBridge(router: router, policy: policy), runs)
    }

    static let offline = WebBridgePolicy(origins: ["h5pkg://promo": ["/order/new"]], servedSchemes: ["h5pkg"],
                                         fileDirectories: [bundle: ["/order/new"]])

    @Test func aPageTheAppServesUnderItsOwnSchemeCallsItsRoutes() async throws {
        let (bridge, runs) = try Self.bridge(Self.offline)
        // What WebBridgeHandler reads from WKSecurityOrigin for h5pkg://promo/index.html.
        let frame = WebFrame(origin: WebOrigin(scheme: "h5pkg", host: "promo", port: 0), url: "h5pkg://promo/index.html")
        #expect(Reply(await bridge.receive(Self.message, from: frame)).answer == .string("A-1001"))
        let other = WebFrame(origin: WebOrigin(scheme: "h5pkg", host: "other", port: 0))
        #expect(Reply(await bridge.receive(Self.message, from: other)).message == "pages of h5pkg://other may not use the bridge (WebBridgePolicy.origins)")
        let wipe = Reply(await bridge.receive(#"{"page":"p1","id":2,"method":"call","url":"/admin/wipe"}"#, from: frame))
        #expect(wipe.code == "notOpenToCaller")
        #expect(runs.current == 1)
    }

    @Test(arguments: [
        ("file://" + OfflinePageTests.bundle + "promo/index.html", true),
        ("file://localhost" + OfflinePageTests.bundle + "index.html?x=1#top", true),
        ("FILE://" + OfflinePageTests.bundle + "a%20b/index.html", true),
        ("file:///var/containers/Bundle/Application/5E1C/Shop.app/other/index.html", false),
        ("file://" + OfflinePageTests.bundle + "../secrets/index.html", false),
        ("file://" + OfflinePageTests.bundle + "%2E%2E/secrets/index.html", false),
        ("file://" + OfflinePageTests.bundle + "./index.html", false),
        ("file:///var/containers/Bundle/Application/5E1C/Shop.app/h5", false),
        ("file:///var/containers/Bundle/Application/5E1C/Shop.app/h5evil/index.html", false),
        ("file://evil.example.com" + OfflinePageTests.bundle + "index.html", false),
        ("https://promo.example.com" + OfflinePageTests.bundle + "index.html", false),
        ("file://" + OfflinePageTests.bundle + "%zz.html", false),
        // A combining mark after a "/" hides it from a check by characters, not by bytes.
        ("file://" + OfflinePageTests.bundle + "../\u{301}secrets/index.html", false),
        ("file://" + OfflinePageTests.bundle + "..%2F%CC%81secrets/index.html", false),
        ("file://" + OfflinePageTests.bundle + "..\\secrets\\index.html", false),
        ("file://" + OfflinePageTests.bundle + "%5C..%5Csecrets.html", false),
        ("file://" + OfflinePageTests.bundle + "promo//index.html", false),
    ])
    func aPageOfTheAppsFilesIsLetInOnlyFromItsFolder(url: String, allowed: Bool) async throws {
        let (bridge, runs) = try Self.bridge(Self.offline)
        // WebKit gives every file: page the origin file:// (no host, no port).
        let frame = WebFrame(origin: WebOrigin(scheme: "file", host: "", port: 0), url: url)
        let reply = Reply(await bridge.receive(Self.message, from: frame))
        #expect(reply.ok == allowed, "\(url): \(reply.text)")
        if !allowed {
            #expect(reply.code == "originNotAllowed")
            #expect(reply.message?.hasSuffix("(WebBridgePolicy.fileDirectories)") == true, "\(reply.text)")
        }
        #expect(runs.current == (allowed ? 1 : 0))
    }

    @Test func aFilePageWithoutItsURLOrWithoutAnyFolderIsRefused() async throws {
        let (bridge, _) = try Self.bridge(Self.offline)
        let unknown = Reply(await bridge.receive(Self.message, from: WebFrame(origin: WebOrigin(scheme: "file", host: "", port: nil))))
        #expect(unknown.message == "the page of an unknown file is not a plain file: URL (WebBridgePolicy.fileDirectories)")
        let escaping = WebFrame(origin: WebOrigin(scheme: "file", host: "", port: 0), url: "file://" + Self.bundle + "../x.html")
        #expect(Reply(await bridge.receive(Self.message, from: escaping)).message
            == "the page file://\(Self.bundle)../x.html has an empty, \".\" or \"..\" segment, or a backslash (WebBridgePolicy.fileDirectories)")
        let outside = WebFrame(origin: WebOrigin(scheme: "file", host: "", port: 0), url: "file:///tmp/x.html")
        #expect(Reply(await bridge.receive(Self.message, from: outside)).message
            == "the page file:///tmp/x.html is in no folder whose pages may use the bridge (WebBridgePolicy.fileDirectories)")
        let (online, _) = try Self.bridge(WebBridgePolicy(origins: ["https://promo.example.com": ["/order/new"]]))
        let frame = WebFrame(origin: WebOrigin(scheme: "file", host: "", port: 0), url: "file://" + Self.bundle + "index.html")
        #expect(Reply(await online.receive(Self.message, from: frame)).code == "originNotAllowed", "no folder, no file: page")
    }

    @Test func offlinePagesAreOptInAndEachSettingIsCheckedAtSetup() throws {
        let router = Router(configuration: .quiet)
        #expect(throws: BridgeSetupError.schemeNotServed(origin: "h5pkg://promo", scheme: "h5pkg")) {
            try WebBridge(router: router, policy: WebBridgePolicy(origins: ["h5pkg://promo": ["/x"]]))
        }
        for scheme in ["https", "http", "file", "data", "blob", "about", "javascript", "H5PKG", "1pkg", "h5 pkg", ""] {
            #expect(throws: BridgeSetupError.invalidServedScheme(scheme)) {
                try WebBridge(router: router, policy: WebBridgePolicy(origins: [:], servedSchemes: [scheme]))
            }
        }
        #expect(throws: BridgeSetupError.invalidOrigin("file://")) {
            try WebBridge(router: router, policy: WebBridgePolicy(origins: ["file://": ["/x"]], fileDirectories: [Self.bundle: ["/x"]]))
        }
        let directories: [(String, String)] = [
            ("h5/", "is not an absolute path"), ("/", "is the root folder, which would let in every file"),
            ("/app/../etc/", "has an empty, \".\" or \"..\" segment"), ("/app//h5/", "has an empty, \".\" or \"..\" segment"),
            ("/app/./h5", "has an empty, \".\" or \"..\" segment"),
            ("/app/../\u{301}h5/", "has an empty, \".\" or \"..\" segment"),
            ("/app\\h5/", "holds a NUL byte or a backslash"),
        ]
        for (path, reason) in directories {
            #expect(throws: BridgeSetupError.invalidFileDirectory(path, reason: reason)) {
                try WebBridge(router: router, policy: WebBridgePolicy(origins: [:], fileDirectories: [path: ["/x"]]))
            }
        }
        #expect(BridgeSetupError.schemeNotServed(origin: "h5pkg://promo", scheme: "h5pkg").description
            == "WebBridgePolicy.origins: \"h5pkg://promo\" is of the custom scheme h5pkg, which is not in WebBridgePolicy.servedSchemes: "
            + "list it there when the app serves its pages with a WKURLSchemeHandler")
    }

    @Test func theOriginsAnAppsOwnPagesHave() {
        #expect(WebOrigin(scheme: "H5PKG", host: "Promo", port: 0)?.description == "h5pkg://promo")
        #expect(WebOrigin(scheme: "file", host: "", port: 0)?.description == "file://")
        #expect(WebOrigin(scheme: "file", host: "localhost", port: nil)?.isFile == true)
        #expect(WebOrigin(scheme: "file", host: "evil.example.com", port: nil) == nil, "a file: URL with a host is no page of the app's files")
        #expect(WebOrigin(scheme: "h5pkg", host: "", port: nil) == nil, "a served page's origin names its package")
        #expect(WebOrigin(scheme: "data", host: "", port: nil) == nil)
        #expect(WebOrigin(scheme: "h5pkg", host: "promo", port: 8080) == nil)
    }

    /// Each limit the offline pages added, at its value and one past it.
    @Test func eachLimitIsTakenAtItsValueAndRefusedOnePast() async throws {
        let (bridge, runs) = try Self.bridge(Self.offline)
        let prefix = "file://" + Self.bundle
        func frame(_ url: String) -> WebFrame { WebFrame(origin: WebOrigin(scheme: "file", host: "", port: 0), url: url) }
        let atLimit = prefix + String(repeating: "a", count: 8_192 - prefix.utf8.count - 5) + ".html"
        #expect(atLimit.utf8.count == 8_192)
        #expect(Reply(await bridge.receive(Self.message, from: frame(atLimit))).ok)
        let pastLimit = Reply(await bridge.receive(Self.message, from: frame(atLimit + "l")))
        #expect(pastLimit.message == "the page of an unknown file has a URL of 8193 bytes; the limit is 8192 (WebBridgePolicy.fileDirectories)")
        #expect(runs.current == 1, "the refused page ran nothing")

        let router = Router(configuration: .quiet)
        try router.action("/x") { _ in }
        let folder = "/" + String(repeating: "f", count: 4_094) + "/"
        #expect(folder.utf8.count == 4_096)
        #expect(throws: Never.self) { try WebBridge(router: router, policy: WebBridgePolicy(origins: [:], fileDirectories: [folder: ["/x"]])) }
        #expect(throws: BridgeSetupError.invalidFileDirectory(folder + "g", reason: "is 4097 bytes long; the limit is 4096")) {
            try WebBridge(router: router, policy: WebBridgePolicy(origins: [:], fileDirectories: [folder + "g": ["/x"]]))
        }

        let scheme = "h" + String(repeating: "5", count: 63)
        #expect(WebOrigin(scheme: scheme, host: "promo", port: 0)?.scheme == scheme)
        #expect(throws: Never.self) { try WebBridge(router: router, policy: WebBridgePolicy(origins: [:], servedSchemes: [scheme])) }
        #expect(WebOrigin(scheme: scheme + "5", host: "promo", port: 0) == nil)
        #expect(throws: BridgeSetupError.invalidServedScheme(scheme + "5")) {
            try WebBridge(router: router, policy: WebBridgePolicy(origins: [:], servedSchemes: [scheme + "5"]))
        }
    }
}
