import Foundation
import ShopContracts
import Switchyard
import SwitchyardTesting

extension Shop {
    static let help = """
        Type a URL (shop://product/42, https://shop.example.com/product/9, /cart/pick) or a command:
          back · dismiss · dismiss all · tab <home|cart|orders|me> · login [user] · logout · push {"link": "shop://…"}
          reload manifest · history · log · window · help · quit
        """

    /// Reads commands and URLs until end of input, printing what each did and the window.
    ///
    /// Bad input — an unparseable URL, an unknown command or route — prints a one-line error
    /// and the session goes on. A local server publishes the manifest update for `reload manifest`.
    public func interact(readLine: () -> String?, print: (String) -> Void = { Swift.print($0) }) async {
        let signed = try? manifestSigner.sign(Data(ShopManifests.update.utf8))
        let server = signed.flatMap { body in try? LocalHTTPServer { _ in .respond(status: 200, headers: [:], body: body) } }
        defer { server?.stop() }
        print(Self.help)
        // A cold start: each tab's home (Orders waits for login), before the first line is read.
        await router.launch()
        while let line = readLine() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            if text == "quit" || text == "exit" { break }
            print(await handle(text, server: server))
        }
    }

    /// One line of input: what it did, then the window.
    func handle(_ text: String, server: LocalHTTPServer?) async -> String {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = parts.count > 1 ? parts[1] : ""
        var lines: [String]
        switch parts[0] {
        case "help": return Self.help
        case "back": lines = [step(.back)]
        case "dismiss": lines = [step(argument == "all" ? .dismissAll : .dismiss)]
        case "tab":
            do {
                try await tap(tab: argument)
                lines = ["tab \(argument)"]
            } catch {
                return "error: \(error)"
            }
        case "login":
            session?.logIn(as: argument.isEmpty ? "alice" : argument)
            let resumed = await router.loginDone()
            lines = ["logged in as \(session?.userID ?? "?")" + (resumed.map { "; resumed: \($0.outcome)" } ?? "")]
        case "logout":
            session?.logOut()
            lines = ["logged out"]
        case "push":
            guard let link = PushPayload.link(in: Data(argument.utf8)) else {
                return "error: a push payload is JSON with a \"link\": push {\"link\": \"shop://product/1\"}"
            }
            lines = [await outcome(link, source: .push)]
        case "reload" where argument == "manifest":
            guard let server else { return "error: the manifest server did not start" }
            lines = ["\(await manifest.refresh(from: HTTPManifestSource(url: server.baseURL.appendingPathComponent("manifest.json"), timeout: 5)))"]
        case "history": return navigator.history.entries.map { "  \($0)" }.joined(separator: "\n")
        case "log": return (router.recorder?.entries ?? []).map { "  " + Self.describe($0) }.joined(separator: "\n")
        case "window": lines = []
        default:
            guard text.contains("://") || text.hasPrefix("/") else {
                return "error: unknown command \"\(parts[0])\"; type help"
            }
            let lower = text.lowercased()
            let source: RouteSource = lower.hasPrefix("http") ? .universalLink : text.hasPrefix("/") ? .inApp : .deepLink
            lines = [await outcome(text, source: source)]
        }
        return (lines + navigator.state.outline.map { "  │ \($0)" }).joined(separator: "\n")
    }

    private func outcome(_ url: String, source: RouteSource) async -> String {
        let result = await router.open(url, source: source)
        switch result.outcome {
        case .notFound(let noMatch): return "error: \(noMatch)"
        case .rejected(let error): return "error: \(error)"
        default: return "\(result.outcome)"
        }
    }

    private func step(_ back: BackNavigation) -> String {
        do {
            try navigator.perform(.back(back))
            return "\(back)"
        } catch {
            return "error: \(error)"
        }
    }
}
