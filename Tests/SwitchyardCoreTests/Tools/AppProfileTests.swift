import ArgumentParser
import Foundation
import Switchyard
@testable import SwitchyardTools
import Testing

/// The tool answers as the app's router would once it knows the app's schemes, domains and
/// converters; and it reads secrets from a file or the environment, not only a command line.
@Suite("The switchyard tool: the app's profile and secrets")
struct AppProfileTests {
    static let export = """
        [
          { "pattern": "/product/<int:id>", "kind": "pattern", "priority": 0, "owner": "Product", "parameters": ["id"] },
          { "pattern": "/shelf/<sku:code>", "kind": "pattern", "priority": 0, "owner": "Cart", "parameters": ["code"] }
        ]
        """

    @Test func resolveReadsUniversalLinksAndSchemesAsTheAppDoes() throws {
        let catalog = try RouteCatalog.load(Data(Self.export.utf8))
        let universalLink = "https://shop.example.com/shelf/ab-1"
        let unknown = Explainer.resolve(catalog, url: universalLink, trace: false)
        #expect(!unknown.matched, "without the app's domain a universal link is not the app's: \(unknown.output)")
        let profile = AppProfile(schemes: ["shop"], associatedDomains: ["shop.example.com"], converters: ["sku"])
        let universal = Explainer.resolve(catalog, url: universalLink, trace: false, profile: profile)
        #expect(universal.matched && universal.output.hasPrefix("/shelf/<sku:code>"), "\(universal.output)")
        let custom = Explainer.resolve(catalog, url: "shop://product/42", trace: false, profile: profile)
        #expect(custom.matched && custom.output.hasPrefix("/product/<int:id>"), "\(custom.output)")
        let otherScheme = Explainer.resolve(catalog, url: "myapp://product/42", trace: false, profile: profile)
        #expect(!otherScheme.matched, "\(otherScheme.output)")
    }

    @Test func lintKnowsTheAppsConvertersByName() throws {
        let data = Data(Self.export.utf8)
        let unknown = Linter.lint(data, file: "routes.json")
        #expect(unknown.errorCount == 1)
        #expect(unknown.text.contains("unknown converter"), "\(unknown.text)")
        #expect(Linter.lint(data, file: "routes.json", profile: AppProfile(converters: ["sku"])).errorCount == 0)
    }

    @Test func aProfileFileAndFlagsAddUp() throws {
        let file = try temporaryFile(#"{"schemes": ["shop"], "converters": ["sku"]}"#)
        let options = try AppOptions.parse(["--app", file, "--scheme", "myapp", "--domain", "shop.example.com"])
        #expect(try options.profile() == AppProfile(schemes: ["shop", "myapp"], associatedDomains: ["shop.example.com"], converters: ["sku"]))
    }

    @Test func aBadProfileIsAnErrorNamingTheFile() throws {
        let notAProfile = try temporaryFile(#"{"schemes": "shop"}"#)
        #expect(throws: ToolError.self) { try AppProfile.load(notAProfile) }
        #expect((try? AppProfile.load(notAProfile)) == nil)
        #expect(throws: ToolError("cannot read app profile /nonexistent/app.json: no such file or not readable")) {
            try AppProfile.load("/nonexistent/app.json")
        }
    }

    /// The migration settings a profile carries reach the tool's router.
    @Test func aProfileCarriesTheMigrationSettings() throws {
        let file = try temporaryFile(#"""
            {"schemes": ["shop", "thing"], "associatedDomains": ["*.shop.example.com"], "webHostIsFirstSegment": true,
             "plusDecoding": "pathAndQuery", "schemeNamespaces": {"thing": true}}
            """#)
        let profile = try AppProfile.load(file)
        let configuration = profile.routerConfiguration
        #expect(configuration.webHostIsFirstSegment && configuration.plusDecoding == .pathAndQuery)
        #expect(configuration.schemeNamespaces == ["thing": true])
        let catalog = try RouteCatalog.load(Data(#"[{"pattern": "/en.shop.example.com/tag/:name", "kind": "pattern", "priority": 0, "owner": null, "parameters": ["name"]}]"#.utf8))
        let resolved = Explainer.resolve(catalog, url: "https://en.shop.example.com/tag/a+b", trace: false, profile: profile)
        #expect(resolved.matched, "\(resolved.output)")
    }

    @Test(arguments: [
        (#"{"plusDecoding": "sometimes"}"#, "plusDecoding is one of queryOnly, pathAndQuery, never; got \"sometimes\""),
        (#"{"schemes": ["shop"], "schemeNamespaces": {"thing": false}}"#, "scheme \"thing\" cannot have routes of its own: the router accepts only \"shop\""),
        (#"{"schemeNamespaces": {"https": false}}"#, "scheme \"https\" cannot have routes of its own"),
    ])
    func aProfileWithSettingsThatMakeNoSenseIsRefused(text: String, message: String) throws {
        let file = try temporaryFile(text)
        do {
            _ = try AppProfile.load(file)
            Issue.record("\(text) was read")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.description.contains(file))
        }
    }

    @Test func aProfileAtTheSizeLimitIsReadAndOnePastIsRefused() throws {
        let padding = { (count: Int) in #"{"schemes": ["shop"], "x": ""# + String(repeating: " ", count: count) + #""}"# }
        let base = padding(0).utf8.count
        let atLimit = try temporaryFile(padding(AppProfile.maximumFileBytes - base))
        #expect(try AppProfile.load(atLimit).schemes == ["shop"])
        let pastLimit = try temporaryFile(padding(AppProfile.maximumFileBytes - base + 1))
        #expect(throws: ToolError("app profile \(pastLimit) is over 65536 bytes, the limit for it")) { try AppProfile.load(pastLimit) }
    }

    @Test func aSecretComesFromAFileTheEnvironmentOrTheOption() throws {
        let file = try temporaryFile("s3cret\n", suffix: ".key")
        #expect(try SecretOptions.parse(["--key-file", file]).secret(variable: "V", environment: [:]) == Data("s3cret".utf8))
        #expect(try SecretOptions.parse([]).secret(variable: "V", environment: ["V": "from-env"]) == Data("from-env".utf8))
        #expect(try SecretOptions.parse(["--key", "typed"]).secret(variable: "V", environment: [:]) == Data("typed".utf8))
        // CRLF line ends go; a binary key, not UTF-8, is kept byte for byte.
        let windows = try temporaryFile("s3cret\r\n", suffix: ".key")
        #expect(try SecretOptions.parse(["--key-file", windows]).secret(variable: "V", environment: [:]) == Data("s3cret".utf8))
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-binary-\(UUID().uuidString).key")
        try Data([0xFF, 0x00, 0xC3, 0x28, 0x0A]).write(to: binary)
        #expect(try SecretOptions.parse(["--key-file", binary.path]).secret(variable: "V", environment: [:]) == Data([0xFF, 0x00, 0xC3, 0x28]))
    }

    @Test func noSecretOrTwoSecretsIsAnError() throws {
        #expect(throws: ToolError("no key: pass --key-file FILE or set V")) {
            try SecretOptions.parse([]).secret(variable: "V", environment: ["V": ""])
        }
        #expect(throws: ToolError("more than one key: pass one of --key-file, --key and V")) {
            try SecretOptions.parse(["--key", "a"]).secret(variable: "V", environment: ["V": "b"])
        }
    }

    @Test func aKeyFileAtTheSizeLimitIsReadAndOnePastOrEmptyIsRefused() throws {
        let atLimit = try temporaryFile(String(repeating: "k", count: SecretOptions.maximumFileBytes), suffix: ".key")
        #expect(try SecretOptions.parse(["--key-file", atLimit]).secret(variable: "V", environment: [:]).count == 4_096)
        let pastLimit = try temporaryFile(String(repeating: "k", count: SecretOptions.maximumFileBytes + 1), suffix: ".key")
        #expect(throws: ToolError("key file \(pastLimit) is over 4096 bytes, the limit for it")) {
            try SecretOptions.parse(["--key-file", pastLimit]).secret(variable: "V", environment: [:])
        }
        let empty = try temporaryFile("\n", suffix: ".key")
        #expect(throws: ToolError("key file \(empty) is empty")) {
            try SecretOptions.parse(["--key-file", empty]).secret(variable: "V", environment: [:])
        }
    }

    @Test func signAndVerifyReadTheLinkSecretFromAFile() throws {
        let file = try temporaryFile("s3cret\n", suffix: ".key")
        let signed = try LinkSigner(secret: Data("s3cret".utf8)).sign("myapp://coupon/claim?id=7")
        #expect(throws: Never.self) { var command = try SwitchyardCommand.parseAsRoot(["verify", signed, "--key-file", file]); try command.run() }
    }
}
