import Foundation
import SwitchyardPatterns

/// Reads manifest JSON: size and emptiness first, then syntax with a line and column (depth
/// and repeated keys included), then shape with a JSON path, then the schema version.
public enum ManifestDecoder {
    private struct Header: Decodable {
        let schemaVersion: Int
    }

    /// Decodes a manifest from JSON: size, syntax, shape, then schema version.
    ///
    /// - Throws: ``ManifestError``: too large, empty, malformed JSON, a wrong shape or an unknown
    ///   schema version.
    /// - Parameter limits: ``InputLimits/manifestBytes`` and ``InputLimits/jsonDepth`` apply.
    public static func decode(_ data: Data, limits: InputLimits = .default) throws(ManifestError) -> RouteManifest {
        try checkJSON(data, limits: limits)
        // The version decides how to read the rest, so it is checked before anything else.
        let header: Header = try decodeShape(Header.self, from: data)
        guard RouteManifest.supportedSchemaVersions.contains(header.schemaVersion) else {
            let supported = RouteManifest.supportedSchemaVersions.sorted().map(String.init).joined(separator: ", ")
            throw .invalid([ManifestProblem(path: "$.schemaVersion", message: "unknown schema version \(header.schemaVersion); this app reads \(supported)")])
        }
        return try decodeShape(RouteManifest.self, from: data)
    }

    /// Checks size, emptiness and JSON syntax, with the line and column of the first error:
    /// the first step of reading any JSON file a person may have edited.
    public static func checkJSON(_ data: Data, limits: InputLimits = .default) throws(ManifestError) {
        guard data.count <= limits.manifestBytes else {
            throw .limitExceeded(LimitExceeded(.manifestBytes, value: data.count, maximum: limits.manifestBytes))
        }
        let bytes = [UInt8](data)
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { throw .empty }
        if let failure = JSONSyntax.firstError(in: bytes, maximumDepth: limits.jsonDepth) {
            throw .malformedJSON(line: failure.line, column: failure.column, message: failure.message)
        }
    }

    /// A decoding error as a problem at its JSON path.
    public static func problem(decoding error: DecodingError) -> ManifestProblem {
        problem(error)
    }

    private static func decodeShape<T: Decodable>(_ type: T.Type, from data: Data) throws(ManifestError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .invalid([problem(error)])
        } catch {
            throw .invalid([ManifestProblem(path: "$", message: "\(error)")])
        }
    }

    static func problem(_ error: DecodingError) -> ManifestProblem {
        switch error {
        case .typeMismatch(let type, let context):
            return ManifestProblem(path: path(context.codingPath), message: "expected \(jsonName(type))")
        case .valueNotFound(let type, let context):
            return ManifestProblem(path: path(context.codingPath), message: "expected \(jsonName(type)), found null")
        case .keyNotFound(let key, let context):
            return ManifestProblem(path: path(context.codingPath + [key]), message: "missing")
        case .dataCorrupted(let context):
            return ManifestProblem(path: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            return ManifestProblem(path: "$", message: "\(error)")
        }
    }

    /// `$.routes[2].pattern`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path + "." + key.stringValue
        }
    }

    private static func jsonName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Double.Type: return "a number"
        case is [Any].Type: return "an array"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
        }
    }
}
