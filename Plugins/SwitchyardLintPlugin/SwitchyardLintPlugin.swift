import Foundation
import PackagePlugin

/// `swift package switchyard-lint [--target T …] [lint options]`: every `@Route` struct of the
/// package's targets, linted as one route table by `switchyard lint`, with its rules and
/// messages. Exits non-zero when two routes collide, so CI stops a release that ships them.
@main
struct SwitchyardLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let chosen = Set(extractor.extractOption(named: "target"))
        let modules = context.package.targets.compactMap { $0 as? SourceModuleTarget }
        if let unknown = chosen.subtracting(modules.map(\.name)).sorted().first {
            throw LintFailed(reason: "no target \(unknown) in this package")
        }
        // Without --target, the targets an app ships: test targets, and the fixtures they use
        // under Tests/ (an app of their own, say), declare routes of their own.
        let tests = context.package.directoryURL.appending(path: "Tests").path + "/"
        let targets = modules.filter { module in
            chosen.isEmpty
                ? module.kind != .test && !module.sourceFiles(withSuffix: "swift").allSatisfy { $0.url.path.hasPrefix(tests) }
                : chosen.contains(module.name)
        }
        let files = targets.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url.path) }
        guard !files.isEmpty else {
            Diagnostics.remark("no Swift sources in the chosen targets")
            return
        }
        let process = Process()
        process.executableURL = try Self.tool(packageManager)
        process.arguments = ["lint"] + extractor.remainingArguments + files
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw LintFailed(reason: "switchyard lint found colliding @Route patterns (exit status \(process.terminationStatus))")
        }
    }

    /// The `switchyard` executable, built as the package's own build builds it. Not a plugin
    /// tool dependency: that is built a second time, for the host, with everything it links.
    static func tool(_ packageManager: PackageManager) throws -> URL {
        let result = try packageManager.build(.product("switchyard"), parameters: .init(configuration: .debug, logging: .concise))
        guard result.succeeded,
              let tool = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "switchyard" }) else {
            throw LintFailed(reason: "could not build the switchyard tool:\n\(result.logText)")
        }
        return tool.url
    }
}

/// Routes collided, or the tool could not run: `swift package` exits non-zero.
struct LintFailed: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
