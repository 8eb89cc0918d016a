import ArgumentParser
import Foundation
import Switchyard

/// `switchyard aasa`: the `apple-app-site-association` file from the routes, and the two checked
/// against each other, so a universal link cannot fall back to Safari unnoticed.
struct AppSiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Write a site's apple-app-site-association applinks from the app's routes, or check one against them.",
        subcommands: [AppSiteGenerateCommand.self, AppSiteCheckCommand.self]
    )
}

struct AppSiteGenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Print applinks components for the routes in FILE (a manifest or a route export)."
    )

    @Argument(help: "A route manifest or route export.") var file: String
    @Option(name: .customLong("app-id"), help: "The app's TEAMID.bundle.id (repeatable).") var appIDs: [String] = []
    @Option(name: .customLong("exclude"), help: "A path pattern the website keeps, as Apple writes it (/help/*; repeatable).")
    var excluded: [String] = []
    @Flag(name: .customLong("per-first-segment"), help: "One component per first path segment (/product/*), for more routes than Apple reads.")
    var perFirstSegment = false
    @Option(name: .customLong("include"), help: "A route to publish though no universal link may reach it, as the route export writes it (repeatable).")
    var included: [String] = []
    @Flag(name: .customLong("include-all"), help: "Publish every route, whatever the app lets universal links reach.")
    var includeAll = false
    @OptionGroup var app: AppOptions

    func run() throws {
        guard !appIDs.isEmpty else { throw ToolError("--app-id is required: the file names the apps it sends links to") }
        let catalog = try catalog(file)
        let inclusion: AppSiteAssociation.RouteInclusion = includeAll ? .all : included.isEmpty ? .reachable : .also(included)
        let profile = try app.profile()
        print(try AppSiteAssociation.generate(catalog, appIDs: appIDs, excluding: excluded, including: inclusion, profile: profile,
                                              perFirstSegment: perFirstSegment).json)
        // What was left to the website goes to standard error, so the file on standard output stays clean.
        let leftOut = try AppSiteAssociation.closedRoutes(catalog, including: inclusion, profile: profile)
        if !leftOut.isEmpty {
            FileHandle.standardError.write(Data(("left out \(leftOut.count) route\(leftOut.count == 1 ? "" : "s") no universal link may reach "
                + "(PipelineSettings.universalLinkRoutes), as exclusions: \(leftOut.joined(separator: ", ")); "
                + "--include PATTERN or --include-all publishes them\n").utf8))
        } else if catalog.manifest == nil, !catalog.marksUniversalLinks, !includeAll {
            FileHandle.standardError.write(Data(("note: the route export does not say which routes a universal link may reach, so every route "
                + "is published; set PipelineSettings.universalLinkRoutes to publish only what a website may open\n").utf8))
        }
    }
}

struct AppSiteCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report every app route the file leaves to Safari and every component no route handles.",
        discussion: "Exits with status 1 when it finds either."
    )

    @Argument(help: "The site's apple-app-site-association file.") var association: String
    @Argument(help: "The app's route manifest or route export.") var file: String
    @Option(name: .customLong("app-id"), help: "Check the components for this TEAMID.bundle.id only.") var appID: String?
    @Option(name: .customLong("host"), help: "The site's host, to print example URLs whole.") var host: String?
    @OptionGroup var app: AppOptions

    func run() throws {
        // Apple reads at most maximumBytes: a larger file is refused before it is read.
        let data = try read(association, maximum: AppSiteAssociation.maximumBytes, what: "apple-app-site-association file", limit: "all that Apple reads")
        let site: AppSiteAssociation
        do {
            site = try AppSiteAssociation.read(data)
        } catch {
            throw ToolError("\(association): \(error)")
        }
        let report = try site.check(try catalog(file), appID: appID, domain: host, profile: try app.profile())
        print(report.text)
        if !report.isClean { throw ExitCode(1) }
    }
}
