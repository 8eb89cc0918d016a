import Foundation
import SwitchyardPatterns
import SwitchyardSupport

extension RegexPattern {
    /// Captured values by name, or `nil` when the path does not match.
    func match(_ path: String, plusIsSpace: Bool = false) -> RouteParameters? {
        let range = NSRange(path.startIndex..<path.endIndex, in: path)
        guard let result = regex.value.firstMatch(in: path, options: [], range: range) else { return nil }
        var parameters = RouteParameters()
        for (offset, name) in groupNames.enumerated() {
            let groupRange = result.range(at: offset + 1)
            guard groupRange.location != NSNotFound, let swiftRange = Range(groupRange, in: path) else { continue }
            let raw = String(path[swiftRange])
            let value = (try? PercentCoding.decode(raw, plusIsSpace: plusIsSpace).get()) ?? raw
            parameters.append(name, value)
        }
        return parameters
    }
}
