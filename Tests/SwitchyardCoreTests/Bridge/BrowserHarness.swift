import Foundation
import Switchyard
import SwitchyardTesting
import Testing

/// Whether the browser tests run here, and with which Chromium: a machine without one skips
/// them, unless `CI` is set, where they run and fail. A CI run never passes by skipping them.
enum BrowserAvailability: Equatable, Sendable {
    case run(chromium: String)
    /// No Chromium, and `CI` is not set.
    case skip
    /// No Chromium, and `CI` is set: why, and how to install one.
    case fail(String)

    /// The decision for `environment`. `CHROMIUM`, when set, names the only browser to use (one
    /// missing is not replaced by another); otherwise `chromium` or `chromium-browser` in a
    /// folder of `PATH`, then in `/usr/bin`. `CI` counts when set, to any value.
    static func decide(environment: [String: String], isExecutable: (String) -> Bool) -> BrowserAvailability {
        let candidates: [String]
        if let named = environment["CHROMIUM"], !named.isEmpty {
            candidates = [named]
        } else {
            let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") } + ["/usr/bin"]
            candidates = folders.flatMap { ["\($0)/chromium", "\($0)/chromium-browser"] }
        }
        if let found = candidates.first(where: isExecutable) { return .run(chromium: found) }
        guard environment["CI"] != nil else { return .skip }
        let looked = environment["CHROMIUM"].flatMap { $0.isEmpty ? nil : "CHROMIUM=\($0)" } ?? "chromium on PATH and in /usr/bin"
        return .fail("CI is set and there is no chromium (\(looked)): apt-get install -y chromium, as .ci/run does")
    }

    /// The decision for this process.
    static let here = decide(environment: ProcessInfo.processInfo.environment, isExecutable: FileManager.default.isExecutableFile(atPath:))

    /// Whether a browser test runs (and fails, without a browser): everywhere but off CI without one.
    var runs: Bool { self != .skip }

    /// The browser to launch; without one, a failure recorded with the reason.
    func chromium(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let chromium: String?
        let why: String
        switch self {
        case .run(let path): (chromium, why) = (path, "")
        case .skip: (chromium, why) = (nil, "no chromium here, and CI is not set")
        case .fail(let reason): (chromium, why) = (nil, reason)
        }
        return try #require(chromium, Comment(rawValue: why), sourceLocation: sourceLocation)
    }
}

/// Headless Chromium showing one URL, with a profile of its own.
struct HeadlessChromium {
    private let process = Process()
    private let profile = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-chromium-\(UUID().uuidString)")

    /// Launches `chromium` on `url`; `arguments` come before it (`--disable-popup-blocking`…).
    init(_ chromium: String, url: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
                             "--user-data-dir=\(profile.path)"] + arguments + [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Ends the browser, waits (a few seconds at most) for it to exit, and removes its profile.
    func stop() {
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: profile)
    }
}

/// A web server of the browser tests: its pages, `switchyard.js`, `/report` (a line a page
/// reports), and `/bridge`, which hands each message to `bridge` with the query's items
/// (`/bridge?view=A&frame=main`): the reply, or 503 for `nil`.
final class BrowserSite: Sendable {
    typealias Bridge = @Sendable (_ message: String, _ request: LocalHTTPServer.Request, _ query: [String: String]) async -> String?

    let server: LocalHTTPServer
    /// Pages by path.
    let pages = Shared<[String: String]>([:])
    /// What the pages reported, in the order it arrived.
    let reports = Shared<[String]>([])
    /// `http://127.0.0.1:port`.
    let origin: String

    init(bridge: Bridge? = nil, also: @escaping @Sendable (LocalHTTPServer.Request) -> LocalHTTPServer.Reply? = { _ in nil }) throws {
        let pages = pages, reports = reports
        let script = Data(try WebBridge.script().utf8)
        server = try LocalHTTPServer(asyncHandler: { request in
            let cors = ["Access-Control-Allow-Origin": "*"]
            let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.path
            switch (request.method, path) {
            case ("POST", "/bridge"):
                let items = URLComponents(string: request.path)?.queryItems ?? []
                let query = Dictionary(items.map { ($0.name, $0.value ?? "") }) { $1 }
                guard let reply = await bridge?(String(decoding: request.body, as: UTF8.self), request, query) else {
                    return .respond(status: 503, headers: cors, body: Data())
                }
                return .respond(status: 200, headers: cors.merging(["Content-Type": "application/json"]) { $1 }, body: Data(reply.utf8))
            case ("POST", "/report"):
                reports.withLock { $0.append(String(decoding: request.body, as: UTF8.self)) }
                return .respond(status: 200, headers: cors, body: Data())
            case ("GET", "/switchyard.js"):
                return .respond(status: 200, headers: ["Content-Type": "text/javascript"], body: script)
            case ("GET", _):
                if let reply = also(request) { return reply }
                guard let page = pages.current[path] else { return .respond(status: 404, headers: [:], body: Data()) }
                return .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
            default:
                return .respond(status: 405, headers: [:], body: Data())
            }
        })
        origin = "http://127.0.0.1:\(server.port)"
    }

    /// Stops the server (a test's `defer`: the site must outlive the browser's last request).
    func stop() { server.stop() }

    /// The frame a `/bridge` request describes: its origin from the browser's `Origin` header,
    /// never from the page; whether it is the main frame and its web view from the query.
    static func frame(of request: LocalHTTPServer.Request, query: [String: String], views: [String: WebViewID]) -> WebFrame {
        WebFrame(origin: request.headers["origin"].flatMap(WebOrigin.init), isMainFrame: query["frame"] == "main", view: query["view"].flatMap { views[$0] })
    }
}

/// Waits, step by step, for what a browser test's pages do, all within one deadline.
struct BrowserSteps {
    let reports: Shared<[String]>
    let deadline: ContinuousClock.Instant

    init(reports: Shared<[String]>, seconds: Int = 90) {
        self.reports = reports
        deadline = .now + .seconds(seconds)
    }

    /// Waits until `condition` holds. A page's script error, or the deadline, ends the wait:
    /// then what the pages reported is printed, and the test stops with `step`.
    func wait(_ step: String, sourceLocation: SourceLocation = #_sourceLocation, until condition: () -> Bool) async throws {
        while !condition(), ContinuousClock.now < deadline, !reports.current.contains(where: { $0.hasPrefix("script error") }) {
            try await Task.sleep(for: .milliseconds(20))
        }
        let reached = condition()
        if !reached { _ = printed() }
        try #require(reached, Comment(rawValue: "the browser never got to: \(step)"), sourceLocation: sourceLocation)
    }

    /// Waits until the pages reported `count` lines, whatever they say: the test's list of
    /// them says what they must be.
    func wait(reports count: Int, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await wait("\(step) (report \(count))", sourceLocation: sourceLocation) { reports.current.count >= count }
    }

    /// What the pages reported, each line printed as `browser: …`.
    func printed() -> [String] {
        let lines = reports.current
        for line in lines { print("browser: \(line)") }
        return lines
    }
}
