import Foundation
import Logging
import Switchyard

/// What the tool must know of the app to answer as its router would: the schemes and
/// associated domains it accepts (so `resolve` reads `shop://…` and universal links) and the
/// names of its own converters (so `<sku:code>` is not an unknown converter).
///
/// Read from a JSON file (`--app switchyard.json`) and extended by flags:
///
/// ```json
/// { "schemes": ["shop"], "associatedDomains": ["shop.example.com", "*.shop.example.com"], "converters": ["sku"],
///   "caseSensitive": false, "webHostIsFirstSegment": false, "plusDecoding": "queryOnly", "schemeNamespaces": { "thing": true } }
/// ```
///
/// `plusDecoding` is `queryOnly`, `pathAndQuery` or `never`; `schemeNamespaces` maps a scheme
/// with routes of its own to whether it falls back to every scheme's routes.
public struct AppProfile: Decodable, Equatable, Sendable {
    /// The custom schemes the app's router accepts (`RouterConfiguration.schemes`).
    public var schemes: [String] = []
    /// The domains whose universal links the app takes (`RouterConfiguration.associatedDomains`); `*.` for subdomains.
    public var associatedDomains: [String] = []
    /// An app converter is known here by name only: it accepts any non-empty segment.
    public var converters: [String] = []
    /// Whether paths match case exactly, as the router's `caseSensitive` says.
    public var caseSensitive = false
    /// Whether a universal link's host is read as the path's first segment, as the router's setting says.
    public var webHostIsFirstSegment = false
    /// Where `+` is read as a space: `queryOnly` (the default), `pathAndQuery` or `never`.
    public var plusDecoding = PlusDecoding.queryOnly
    /// Schemes with routes of their own, each with whether it falls back to every scheme's routes.
    public var schemeNamespaces: [String: Bool] = [:]

    /// A profile with nothing known: custom schemes and universal links are not accepted.
    public init(schemes: [String] = [], associatedDomains: [String] = [], converters: [String] = [], caseSensitive: Bool = false) {
        self.schemes = schemes
        self.associatedDomains = associatedDomains
        self.converters = converters
        self.caseSensitive = caseSensitive
    }

    /// Reads the JSON form above; every key is optional, and `plusDecoding` must be one of its three names.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemes = try container.decodeIfPresent([String].self, forKey: .schemes) ?? []
        associatedDomains = try container.decodeIfPresent([String].self, forKey: .associatedDomains) ?? []
        converters = try container.decodeIfPresent([String].self, forKey: .converters) ?? []
        caseSensitive = try container.decodeIfPresent(Bool.self, forKey: .caseSensitive) ?? false
        webHostIsFirstSegment = try container.decodeIfPresent(Bool.self, forKey: .webHostIsFirstSegment) ?? false
        if let name = try container.decodeIfPresent(String.self, forKey: .plusDecoding) {
            guard let policy = Self.plusPolicies[name] else {
                throw DecodingError.dataCorruptedError(forKey: .plusDecoding, in: container,
                                                       debugDescription: "plusDecoding is one of queryOnly, pathAndQuery, never; got \"\(name)\"")
            }
            plusDecoding = policy
        }
        schemeNamespaces = try container.decodeIfPresent([String: Bool].self, forKey: .schemeNamespaces) ?? [:]
        var scratch = RouterConfiguration(schemes: Set(schemes), associatedDomains: Set(associatedDomains))
        do {
            try scratch.validate()
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: error.description))
        }
        for (scheme, fallsBack) in schemeNamespaces.sorted(by: { $0.key < $1.key }) {
            do {
                try scratch.namespace(scheme, fallsBackToGlobalRoutes: fallsBack)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .schemeNamespaces, in: container, debugDescription: error.description)
            }
        }
    }

    private static let plusPolicies: [String: PlusDecoding] = ["queryOnly": .queryOnly, "pathAndQuery": .pathAndQuery, "never": .never]

    private enum CodingKeys: String, CodingKey {
        case schemes, associatedDomains, converters, caseSensitive, webHostIsFirstSegment, plusDecoding, schemeNamespaces
    }

    /// The largest profile file read: a profile is a few lines.
    public static let maximumFileBytes = 65_536

    /// Reads the profile in `file`.
    ///
    /// - Throws: ``ToolError`` naming the file: unreadable, over ``maximumFileBytes``, not JSON of this shape.
    public static func load(_ file: String) throws(ToolError) -> AppProfile {
        let data = try BoundedFile.read(file, maximum: maximumFileBytes, what: "app profile")
        do {
            return try JSONDecoder().decode(AppProfile.self, from: data)
        } catch {
            throw ToolError("\(file): not an app profile (schemes, associatedDomains, converters: arrays of strings; caseSensitive, webHostIsFirstSegment: booleans; plusDecoding: a name; schemeNamespaces: scheme to boolean): \(error)")
        }
    }

    /// The router configuration this profile describes, logging nothing.
    public var routerConfiguration: RouterConfiguration {
        var configuration = RouterConfiguration(
            schemes: Set(schemes), associatedDomains: Set(associatedDomains), caseSensitive: caseSensitive,
            logger: Logger(label: "switchyard.tool") { _ in SwiftLogNoOpLogHandler() })
        configuration.webHostIsFirstSegment = webHostIsFirstSegment
        configuration.plusDecoding = plusDecoding
        // Checked when the profile was read; one made in code that names a refused scheme is left out.
        for (scheme, fallsBack) in schemeNamespaces { try? configuration.namespace(scheme, fallsBackToGlobalRoutes: fallsBack) }
        // A profile names the app's converters; a built-in or repeated name is already there.
        for name in converters where configuration.converters[name] == nil {
            try? configuration.register(ParameterConverter(name: name) { !$0.isEmpty })
        }
        return configuration
    }
}

/// Files the tool reads whole, each with a bound on its size.
enum BoundedFile {
    /// - Parameter limit: why there is a limit, for the message; by default the tool's own.
    static func read(_ file: String, maximum: Int, what: String, limit: String = "the limit for it") throws(ToolError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw ToolError("cannot read \(what) \(file): no such file or not readable")
        }
        defer { try? handle.close() }
        // One byte past the limit says the file is over it, without reading a file of any size.
        let data = (try? handle.read(upToCount: maximum + 1)) ?? Data()
        guard data.count <= maximum else {
            throw ToolError("\(what) \(file) is over \(maximum) bytes, \(limit)")
        }
        return data
    }
}
