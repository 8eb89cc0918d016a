import SwitchyardPatterns
import SwitchyardSupport

/// Splits and decodes a query string: `&`-separated items, `+` a space unless told otherwise, repeated names kept.
enum QueryParser {
    /// The decoded items, or the byte offset (into `bytes`) of the first undecodable one,
    /// or of the first item over `maximumItems`.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, maximumItems: Int, plusIsSpace: Bool = true
    ) -> Result<RouteParameters, URLLayout.Failure> {
        // Room for every item up front: appended one by one, two items took two allocations
        // and a copy where one does.
        var separators = 0
        for index in range where bytes[index] == ASCII.ampersand { separators += 1 }
        var parameters = RouteParameters(capacity: range.isEmpty ? 0 : min(separators + 1, maximumItems))
        var itemStart = range.lowerBound
        var index = range.lowerBound
        var count = 0
        var firstOver: Int?
        while index <= range.upperBound {
            if index == range.upperBound || bytes[index] == ASCII.ampersand {
                if index > itemStart {
                    count += 1
                    if count > maximumItems {
                        // Counted to the end, so the error gives the real number; nothing more is decoded.
                        if firstOver == nil { firstOver = itemStart }
                    } else if case .failure(let failure) = appendItem(bytes, itemStart..<index, plusIsSpace: plusIsSpace, to: &parameters) {
                        return .failure(failure)
                    }
                }
                itemStart = index + 1
            }
            index += 1
        }
        if let firstOver {
            let exceeded = LimitExceeded(.queryItems, value: count, maximum: maximumItems)
            return .failure(URLLayout.Failure(byteOffset: firstOver, reason: .limitExceeded(exceeded)))
        }
        return .success(parameters)
    }

    private static func appendItem(
        _ bytes: UnsafeBufferPointer<UInt8>, _ item: Range<Int>, plusIsSpace: Bool, to parameters: inout RouteParameters
    ) -> Result<Void, URLLayout.Failure> {
        let equals = item.first { bytes[$0] == ASCII.equals } ?? item.upperBound
        let name = decode(bytes, item.lowerBound..<equals, plusIsSpace: plusIsSpace)
        let value = decode(bytes, min(equals + 1, item.upperBound)..<item.upperBound, plusIsSpace: plusIsSpace)
        switch (name, value) {
        case (.success(let name), .success(let value)):
            if !name.isEmpty { parameters.append(name, value) }
            return .success(())
        case (.failure(let failure), _), (_, .failure(let failure)):
            return .failure(failure)
        }
    }

    /// Decodes one component; failures carry offsets into the whole URL.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusIsSpace: Bool = true) -> Result<String, URLLayout.Failure> {
        switch PercentCoding.decode(UnsafeBufferPointer(rebasing: bytes[range]), plusIsSpace: plusIsSpace) {
        case .success(let value):
            return .success(value)
        case .failure(let failure):
            let (offset, reason) = failure.located
            return .failure(URLLayout.Failure(byteOffset: range.lowerBound + offset, reason: reason))
        }
    }
}
