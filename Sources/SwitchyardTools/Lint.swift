import Foundation
import Switchyard

/// What `switchyard lint` found in a file.
public struct LintReport: Sendable, Equatable, Encodable {
    /// One problem: how bad, where (a JSON path, or a source location) and what.
    public struct Finding: Sendable, Equatable, Encodable {
/// `error` or `warning`.
        public let severity: String
/// Where: a JSON path (`$.routes[1].pattern`) or a source location (`File.swift:12`).
        public let path: String
/// What is wrong, naming the routes, the offset or the limit.
        public let message: String

        /// A finding at `path`.
        public init(severity: String, path: String, message: String) {
            self.severity = severity
            self.path = path
            self.message = message
        }
    }

/// The file linted, as given.
    public let file: String
/// Every problem, in the file's order.
    public let findings: [Finding]

/// How many findings are errors: the command fails when any is.
    public var errorCount: Int { findings.filter { $0.severity == "error" }.count }

    /// `error: $.routes[1].pattern: …` lines, then a count.
    public var text: String {
        let lines = findings.map { "\($0.severity): \(file): \($0.path): \($0.message)" }
        let summary = errorCount == 0 ? "\(file): no problems found" : "\(file): \(errorCount) error\(errorCount == 1 ? "" : "s")"
        return (lines + [summary]).joined(separator: "\n")
    }

/// The report as JSON (`--json`), keys sorted, for CI annotations.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// `switchyard lint`: invalid patterns, duplicates, conflicts with an example URL, routes
/// that can never win, bad versions, and unknown targets when the app's targets are given.
public enum Linter {
    /// Lints a manifest or a route export, `data`, read from `file`: one finding per problem.
    ///
    /// - Parameter knownTargets: `Target/action` names the app links; `nil` skips that check.
    /// - Parameter profile: the app's schemes and converters, so its own converters are not unknown.
    /// - Parameter overlaps: also list, as notes, each pair of routes one URL matches both of.
    public static func lint(
        _ data: Data, file: String, knownTargets: Set<String>? = nil, profile: AppProfile = AppProfile(), overlaps: Bool = false
    ) -> LintReport {
        let report = lintCatalog(data, file: file, knownTargets: knownTargets, profile: profile)
        guard overlaps, let catalog = try? RouteCatalog.load(data) else { return report }
        let routes = catalog.entries.filter { !$0.isRegex }.map { ($0.pattern, $0.priority, $0.path) }
        return LintReport(file: file, findings: report.findings + overlapNotes(routes, configuration: profile.routerConfiguration))
    }

    /// Each pair of routes one URL matches both of, as a note at the route that loses it: where
    /// a router that ran every matching handler, or the first registered, behaves differently.
    static func overlapNotes(_ routes: [(pattern: String, priority: Int, path: String)], configuration: RouterConfiguration) -> [LintReport.Finding] {
        let table = RouteTable<String>(configuration: configuration)
        for route in routes {
            // An invalid pattern is an error of the lint already.
            _ = try? table.register(route.pattern, priority: route.priority, target: route.path)
        }
        let places = Dictionary(table.routes.map { ($0.pattern, $0.target) }, uniquingKeysWith: { first, _ in first })
        let report = table.overlapReport()
        var notes = report.overlaps.map { overlap in
            LintReport.Finding(severity: "note", path: places[overlap.other] ?? overlap.other,
                               message: "\(overlap.other) overlaps \(overlap.winner), which wins: \(overlap.example) opens \(overlap.winner)")
        }
        notes += report.undecided.map { pair in
            LintReport.Finding(severity: "note", path: places[pair.second] ?? pair.second,
                               message: "whether \(pair.second) overlaps \(pair.first) was not decided: \(pair.reason)")
        }
        if report.isCut { notes.append(LintReport.Finding(severity: "note", path: "$", message: "the overlap report stopped at its bound; more pairs may overlap")) }
        return notes
    }

    private static func lintCatalog(_ data: Data, file: String, knownTargets: Set<String>?, profile: AppProfile) -> LintReport {
        let catalog: RouteCatalog
        do {
            catalog = try RouteCatalog.load(data)
        } catch {
            return LintReport(file: file, findings: findings(for: error))
        }
        let configuration = profile.routerConfiguration
        var validator = ManifestValidator(converters: configuration.converters, limits: configuration.limits)
        if let knownTargets { validator.knownTarget = { target, action in knownTargets.contains("\(target)/\(action)") } }
        if let manifest = catalog.manifest {
            return LintReport(file: file, findings: validator.problems(in: manifest).map(error))
        }
        var problems: [ManifestProblem] = []
        for entry in catalog.entries {
            do {
                if entry.isRegex {
                    _ = try RegexPattern(entry.pattern)
                } else {
                    _ = try RoutePattern(entry.pattern, converters: configuration.converters, limits: configuration.limits)
                }
            } catch {
                problems.append(ManifestProblem(path: entry.path + ".pattern", message: error.description))
            }
        }
        problems += validator.conflictProblems(catalog.entries.filter { !$0.isRegex }.map { ($0.pattern, $0.priority, $0.path) })
        return LintReport(file: file, findings: problems.map(error))
    }

    /// Lints the `@Route` structs of Swift sources as one route table: a struct whose pattern
    /// another's always beats, or repeats, is an error at its declaration.
    ///
    /// A converter the patterns name is taken as the macro takes it, accepting any segment.
    public static func lint(
        routes declarations: [RouteSourceScanner.Declaration], file: String, profile: AppProfile = AppProfile(), overlaps: Bool = false
    ) -> LintReport {
        var converters = profile.routerConfiguration.converters
        for declaration in declarations {
            guard let pattern = try? RoutePattern.acceptingAppConverters(declaration.pattern) else { continue }
            converters.merge(pattern.convertersAcceptingAppOnes) { known, _ in known }
        }
        let validator = ManifestValidator(converters: converters, limits: profile.routerConfiguration.limits)
        let problems = validator.conflictProblems(declarations.map { ($0.pattern, 0, $0.location) }, order: .undecided)
        var configuration = profile.routerConfiguration
        configuration.converters = converters
        let notes = overlaps ? overlapNotes(declarations.map { ($0.pattern, 0, $0.location) }, configuration: configuration) : []
        return LintReport(file: file, findings: problems.map { problem in
            // The validator reports at `path.pattern`; a declaration is its own place.
            let path = problem.path.hasSuffix(".pattern") ? String(problem.path.dropLast(8)) : problem.path
            return LintReport.Finding(severity: "error", path: path, message: problem.message)
        } + notes)
    }

    private static func findings(for error: ManifestError) -> [LintReport.Finding] {
        switch error {
        case .invalid(let problems): return problems.map(self.error)
        case .malformedJSON(let line, let column, let message):
            return [LintReport.Finding(severity: "error", path: "line \(line), column \(column)", message: message)]
        default: return [LintReport.Finding(severity: "error", path: "$", message: error.description)]
        }
    }

    private static func error(_ problem: ManifestProblem) -> LintReport.Finding {
        LintReport.Finding(severity: "error", path: problem.path, message: problem.message)
    }
}
