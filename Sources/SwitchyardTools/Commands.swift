import ArgumentParser
import Foundation
import Switchyard

/// `switchyard`: check, explain and document route tables; sign links and manifests.
public struct SwitchyardCommand: ParsableCommand {
/// The command's name, its help and its subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "Check, explain and document Switchyard route tables; sign links and manifests.",
        discussion: "FILE is a route manifest (JSON) or a router's route export (router.exportRoutes() encoded as JSON, each route marked with whether a universal link may reach it).",
        subcommands: [LintCommand.self, ResolveCommand.self, DocsCommand.self, GraphCommand.self, GenCommand.self,
                      SignCommand.self, VerifyCommand.self, ManifestCommand.self, AppSiteCommand.self]
    )

/// The command with no subcommand chosen: it prints its help.
    public init() {}
}

/// Reads FILE, or fails with a one-line error that names it.
///
/// Reads at most `maximum` bytes, and one more to tell that a file is over it: a file of any
/// size is refused without being read whole.
func read(_ file: String, maximum: Int, what: String, limit: String = "the limit for it") throws(ToolError) -> Data {
    try BoundedFile.read(file, maximum: maximum, what: what, limit: limit)
}

/// Loads FILE as a catalog (a manifest, signed or not, or a route export), or fails naming the
/// file and the problem; a file over twice ``InputLimits/manifestBytes`` is refused unread.
func catalog(_ file: String) throws -> RouteCatalog {
    do {
        return try RouteCatalog.load(try read(file, maximum: InputLimits.default.manifestBytes * 2, what: "route file"))
    } catch let error as ManifestError {
        throw ToolError("\(file): \(error)")
    }
}

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Report invalid patterns, duplicates, conflicts, routes that can never win, unknown targets and bad versions.",
        discussion: "Exits with status 1 when it finds an error."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "A route manifest or route export; or Swift files and folders, whose @Route structs are linted as one table.")
    var files: [String]
    @Option(help: "Output format.") var format: Format = .text
    @Option(help: "Comma-separated Target/action pairs the app links; native routes naming others are errors.")
    var targets: String?
    @OptionGroup var app: AppOptions
    @Flag(help: "Also list, as notes, each pair of routes one URL matches both of, the route that wins and that URL (for apps leaving routers that run every matching handler).")
    var overlaps = false

    /// A Swift file, or a folder to search for them; anything else is read as JSON.
    static func isSwiftSource(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path.hasSuffix(".swift") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    func run() throws {
        let report: LintReport
        if files.count == 1, let file = files.first, !Self.isSwiftSource(file) {
            let known = targets.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
            report = Linter.lint(try read(file, maximum: InputLimits.default.manifestBytes * 2, what: "route file"), file: file, knownTargets: known, profile: try app.profile(), overlaps: overlaps)
        } else {
            if let other = files.first(where: { !Self.isSwiftSource($0) }) {
                throw ToolError("\(other) is not Swift: lint reads one manifest or route export, or Swift files and folders")
            }
            if targets != nil { throw ToolError("--targets checks a manifest's native routes; Swift sources have none") }
            let declarations = try RouteSourceScanner.scan(files)
            report = Linter.lint(routes: declarations, file: "@Route structs (\(declarations.count))", profile: try app.profile(), overlaps: overlaps)
        }
        print(format == .json ? report.json : report.text)
        if report.errorCount > 0 { throw ExitCode(1) }
    }
}

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show which route a URL opens and its parameters; the nearest pattern when none does."
    )

    @Argument(help: "A route manifest or route export.") var file: String
    @Argument(help: "The URL or path to resolve.") var url: String
    @Flag(help: "Also list every other route and why it did not win.") var trace = false
    @OptionGroup var app: AppOptions

    func run() throws {
        let result = Explainer.resolve(try catalog(file), url: url, trace: trace, profile: try app.profile())
        print(result.output)
        if !result.matched { throw ExitCode(1) }
    }
}

struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "docs", abstract: "Print a Markdown catalog of the routes.")

    @Argument(help: "A route manifest or route export.") var file: String

    func run() throws {
        print(CatalogWriter.markdown(try catalog(file), file: file), terminator: "")
    }
}

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "graph", abstract: "Print modules → routes → targets as a graph.")

    @Argument(help: "A route manifest or route export.") var file: String
    @Option(help: "mermaid or dot.") var format: String = "mermaid"

    func run() throws {
        guard let graphFormat = CatalogWriter.GraphFormat(rawValue: format) else {
            throw ToolError("unknown graph format \"\(format)\"; use mermaid or dot")
        }
        print(CatalogWriter.graph(try catalog(file), format: graphFormat), terminator: "")
    }
}

struct GenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gen", abstract: "Print a @Route struct for every route, to open typed values.")

    @Argument(help: "A route manifest or route export.") var file: String

    func run() throws {
        print(try CodeGenerator.swift(try catalog(file), file: file), terminator: "")
    }
}

struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sign", abstract: "Sign a link with the shared HMAC secret (adds ts and sig).")

    @Argument(help: "The link to sign.") var url: String
    @OptionGroup var secret: SecretOptions

    func run() throws {
        let key = try secret.secret(variable: SecretOptions.linkSecretVariable)
        do {
            print(try LinkSigner(secret: key).sign(url))
        } catch {
            throw ToolError("\(error)")
        }
    }
}

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Check a signed link's signature and age.", discussion: "Exits with status 1 when the link is refused."
    )

    @Argument(help: "The signed link.") var url: String
    @OptionGroup var secret: SecretOptions
    @Option(help: "How many seconds a signature stays valid.") var validity: Int = 600

    func run() throws {
        let key = try secret.secret(variable: SecretOptions.linkSecretVariable)
        do {
            try LinkSigner(secret: key, validity: .seconds(validity)).verify(url)
            print("valid: \(url)")
        } catch {
            print("refused: \(error)")
            throw ExitCode(1)
        }
    }
}

/// A failure the tool reports in one line, with exit status 1.
/// The app's schemes, domains and converters, from `--app FILE` and flags.
struct AppOptions: ParsableArguments {
    @Option(name: .customLong("app"), help: ArgumentHelp("A JSON app profile: schemes, associatedDomains, converters, caseSensitive.", valueName: "file"))
    var profileFile: String?
    @Option(name: .customLong("scheme"), help: ArgumentHelp("A custom scheme the app accepts (repeatable).", valueName: "scheme")) var schemes: [String] = []
    @Option(name: .customLong("domain"), help: "An associated domain for universal links (repeatable).") var domains: [String] = []
    @Option(name: .customLong("converter"), help: "The name of a converter the app registers (repeatable).") var converters: [String] = []

    /// The profile file's, with the flags' values added.
    func profile() throws(ToolError) -> AppProfile {
        var profile = try profileFile.map(AppProfile.load) ?? AppProfile()
        profile.schemes += schemes
        profile.associatedDomains += domains
        profile.converters += converters
        return profile
    }
}

/// What the `switchyard` tool could not do, as it prints it.
public struct ToolError: Error, Equatable, CustomStringConvertible {
    /// The message: what, and where.
    public let description: String
    /// An error with `description` as its message.
    public init(_ description: String) { self.description = description }
}
