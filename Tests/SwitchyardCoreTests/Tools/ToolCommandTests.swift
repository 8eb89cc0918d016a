import ArgumentParser
import Foundation
import Switchyard
import SwitchyardTools
import Testing

@Suite("The switchyard tool: commands, help and errors")
struct ToolCommandTests {
    @Test func theHelpTextIsPinned() {
        #expect(toolMessage(["--help"]) == """
            OVERVIEW: Check, explain and document Switchyard route tables; sign links and
            manifests.

            FILE is a route manifest (JSON) or a router's route export
            (router.exportRoutes() encoded as JSON, each route marked with whether a
            universal link may reach it).

            USAGE: switchyard <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              lint                    Report invalid patterns, duplicates, conflicts,
                                      routes that can never win, unknown targets and bad
                                      versions.
              resolve                 Show which route a URL opens and its parameters; the
                                      nearest pattern when none does.
              docs                    Print a Markdown catalog of the routes.
              graph                   Print modules → routes → targets as a graph.
              gen                     Print a @Route struct for every route, to open typed
                                      values.
              sign                    Sign a link with the shared HMAC secret (adds ts and
                                      sig).
              verify                  Check a signed link's signature and age.
              manifest                Make Ed25519 keys, and sign and verify route
                                      manifests.
              aasa                    Write a site's apple-app-site-association applinks
                                      from the app's routes, or check one against them.

              See 'switchyard help <subcommand>' for detailed help.
            """)
        #expect(toolMessage(["lint", "--help"]) == """
            OVERVIEW: Report invalid patterns, duplicates, conflicts, routes that can never
            win, unknown targets and bad versions.

            Exits with status 1 when it finds an error.

            USAGE: switchyard lint <files> ... [--format <format>] [--targets <targets>] [--app <file>] [--scheme <scheme> ...] [--domain <domain> ...] [--converter <converter> ...] [--overlaps]

            ARGUMENTS:
              <files>                 A route manifest or route export; or Swift files and
                                      folders, whose @Route structs are linted as one table.

            OPTIONS:
              --format <format>       Output format. (values: text, json; default: text)
              --targets <targets>     Comma-separated Target/action pairs the app links;
                                      native routes naming others are errors.
              --app <file>            A JSON app profile: schemes, associatedDomains,
                                      converters, caseSensitive.
              --scheme <scheme>       A custom scheme the app accepts (repeatable).
              --domain <domain>       An associated domain for universal links (repeatable).
              --converter <converter> The name of a converter the app registers
                                      (repeatable).
              --overlaps              Also list, as notes, each pair of routes one URL
                                      matches both of, the route that wins and that URL
                                      (for apps leaving routers that run every matching
                                      handler).
              -h, --help              Show help information.
            """)
    }

    @Test(arguments: [
        (["lint"], "Error: Missing expected argument '<files> ...'\nHelp:  <files>  A route manifest or route export; or Swift files and folders, whose @Route structs are linted as one table.\nUsage: switchyard lint <files> ... [--format <format>] [--targets <targets>] [--app <file>] [--scheme <scheme> ...] [--domain <domain> ...] [--converter <converter> ...] [--overlaps]\n  See 'switchyard lint --help' for more information."),
        (["lint", "/nonexistent/routes.json"], "Error: cannot read route file /nonexistent/routes.json: no such file or not readable"),
        (["lint", "x.json", "--format", "yaml"], "Error: The value 'yaml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'.\nHelp:  --format <format>  Output format.\nUsage: switchyard lint <files> ... [--format <format>] [--targets <targets>] [--app <file>] [--scheme <scheme> ...] [--domain <domain> ...] [--converter <converter> ...] [--overlaps]\n  See 'switchyard lint --help' for more information."),
        (["frobnicate"], "Error: Unexpected argument 'frobnicate'\nUsage: switchyard <subcommand>\n  See 'switchyard --help' for more information."),
        (["manifest", "sign", "/nonexistent/m.json", "--key", "abc"], "Error: cannot read manifest /nonexistent/m.json: no such file or not readable"),
    ])
    func errorsArePinned(arguments: [String], expected: String) {
        #expect(toolMessage(arguments) == expected)
    }

    @Test func lintExitsWithOneOnErrorsAndZeroWhenClean() throws {
        let bad = try temporaryFile("{\"schemaVersion\": 1, \"manifestVersion\": 0}")
        #expect(throws: ExitCode(1)) { var command = try SwitchyardCommand.parseAsRoot(["lint", bad]); try command.run() }
        let good = Fixtures.schemas.appendingPathComponent("example-manifest.json").path
        #expect(throws: Never.self) { var command = try SwitchyardCommand.parseAsRoot(["lint", good]); try command.run() }
    }

    @Test func aBadGraphFormatIsAnError() throws {
        let good = Fixtures.schemas.appendingPathComponent("example-manifest.json").path
        #expect(toolMessage(["graph", good, "--format", "svg"]) == "Error: unknown graph format \"svg\"; use mermaid or dot")
    }

    @Test func linksSignAndVerifyWithTheSameSecret() throws {
        let signed = try LinkSigner(secret: Data("s3cret".utf8)).sign("myapp://coupon/claim?id=7")
        #expect(throws: Never.self) { var command = try SwitchyardCommand.parseAsRoot(["verify", signed, "--key", "s3cret"]); try command.run() }
        #expect(throws: ExitCode(1)) { var command = try SwitchyardCommand.parseAsRoot(["verify", signed, "--key", "other"]); try command.run() }
    }

    @Test func manifestsSignAndVerifyWithTheKeyPair() throws {
        let keys = ManifestSigner.generateKeyPair()
        let manifest = Fixtures.schemas.appendingPathComponent("example-manifest.json").path
        // What `manifest sign` prints is what `manifest verify` accepts.
        let signed = try ManifestSigner(privateKey: Data(base64Encoded: keys.privateKey) ?? Data()).sign(try Data(contentsOf: URL(fileURLWithPath: manifest)))
        let file = try temporaryFile(String(decoding: signed, as: UTF8.self))
        #expect(throws: Never.self) { var command = try SwitchyardCommand.parseAsRoot(["manifest", "verify", file, "--key", keys.publicKey]); try command.run() }
        let other = ManifestSigner.generateKeyPair()
        #expect(throws: ExitCode(1)) { var command = try SwitchyardCommand.parseAsRoot(["manifest", "verify", file, "--key", other.publicKey]); try command.run() }
        let expected = "expected an Ed25519 %@ key: 32 raw bytes, or their base64 text as `switchyard manifest keygen` writes it (44 characters); "
        #expect(toolMessage(["manifest", "sign", manifest, "--key", "not-a-key"])
            == "Error: the key: " + expected.replacingOccurrences(of: "%@", with: "private") + "it is 9 bytes, and not base64 text")
        #expect(toolMessage(["manifest", "verify", file, "--key", "??"])
            == "Error: the key: " + expected.replacingOccurrences(of: "%@", with: "public") + "it is 2 bytes, and not base64 text")
        #expect(toolMessage(["manifest", "verify", file]) == "Error: no key: pass --key-file FILE (from keygen) or --key")
    }
}
