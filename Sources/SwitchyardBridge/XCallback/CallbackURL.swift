import SwitchyardSupport

/// Builds the URLs a channel opens: a callback with values added, another app's URL with ours.
enum CallbackURL {
    /// `base` with `items` added to its query, names and values percent-encoded (a `#fragment`
    /// stays at the end).
    static func adding(_ items: [(name: String, value: String)], to base: String) -> String {
        var url = base
        var fragment = ""
        // By bytes: a combining mark after `#` makes one character of the two.
        if let hash = base.utf8.firstIndex(of: ASCII.hash) {
            fragment = String(base[hash...])
            url = String(base[..<hash])
        }
        // Decided once: scanning the growing URL per item would cost its length each time.
        var separator = url.utf8.contains(ASCII.question) ? "&" : "?"
        for item in items {
            url += separator + PercentCoding.encode(item.name) + "=" + PercentCoding.encode(item.value)
            separator = "&"
        }
        return url + fragment
    }

    /// An answer as the query items of `x-success`: an object's members by name (text as it
    /// is, numbers and booleans written, arrays and objects as JSON), anything else as `result`.
    static func items(of answer: any Sendable) throws(BridgeError) -> [(name: String, value: String)] {
        let json = try JSONParameters.json(answer, maximumDepth: BridgeLimits().depth)
        guard case .object(let members) = json else { return text(of: json).map { [("result", $0)] } ?? [] }
        return members.keys.sorted().compactMap { key in members[key].flatMap(text).map { (key, $0) } }
    }

    /// A value as query text; `nil` for `null`, which adds nothing.
    private static func text(of value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .string(let string): return string
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONWriter.number(number)
        case .array, .object: return JSONWriter.text(value)
        }
    }
}
