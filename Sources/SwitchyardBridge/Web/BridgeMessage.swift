import SwitchyardSupport

/// One message from a page, read and checked: a call of a route, an open of one, or the page leaving.
///
/// The wire form is a JSON object (``switchyard.js`` writes it):
/// `{"page": "k3…", "id": 7, "method": "call", "url": "myapp://order/new", "params": {"sku": "A1"}}`;
/// `leave` carries `page` only. Any other member, or one of the wrong type, is refused.
package struct BridgeMessage: Equatable {
    package enum Method: String {
        /// Opens the URL; the promise resolves when the open ends.
        case open
        /// Opens the URL and waits for the route's answer.
        case call
        /// The page is going away: its calls still waiting are cancelled.
        case leave
    }

    /// The page's own name for itself, made fresh on each load: scopes its calls.
    package let page: String
    package let method: Method
    /// The call's number, unique among the page's calls waiting; `nil` for `leave`.
    package let id: Int?
    package let url: String
    package let parameters: [String: JSONValue]

    /// The longest page name; ``switchyard.js`` makes 32 hexadecimal digits.
    static let maximumPageName = 64
    /// The largest call id: the largest integer a JavaScript number holds exactly.
    static let maximumID = 9_007_199_254_740_991

    /// Why a message was refused, with its call id when it got as far as naming one.
    package struct Refusal: Error {
        package let error: BridgeError
        package let id: Int?

        init(_ error: BridgeError, id: Int?) {
            self.error = error
            self.id = id
        }
    }

    /// Reads `text`, checking every limit before it builds anything it bounds.
    package static func read(_ text: String, limits: BridgeLimits) -> Result<BridgeMessage, Refusal> {
        let bytes = text.utf8.count
        guard bytes <= limits.messageBytes else { return .failure(Refusal(.messageTooLarge(bytes: bytes, limit: limits.messageBytes), id: nil)) }
        let json: JSONValue
        switch JSONReader.read(text.utf8, maximumDepth: limits.depth, depthSetting: "BridgeLimits.depth") {
        case .success(let value): json = value
        case .failure(let failure): return .failure(Refusal(.malformedMessage(offset: failure.offset, reason: failure.message), id: nil))
        }
        guard case .object(let members) = json else {
            return .failure(Refusal(.invalidMessage(member: "", reason: "message is \(json.kind); it must be an object"), id: nil))
        }
        let id: Int?
        switch members["id"] {
        case nil: id = nil
        case .number(let number) where number == number.rounded() && number >= 1 && number <= Double(maximumID): id = Int(number)
        case .some(let other): return .failure(Refusal(.invalidMessage(member: "id", reason: "must be a whole number from 1 to 2^53-1, not \(other.kind)"), id: nil))
        }
        do throws(BridgeError) {
            return .success(try read(members, id: id, limits: limits))
        } catch {
            return .failure(Refusal(error, id: id))
        }
    }

    /// The message as `switchyard.js` writes it: reading this text gives the message back.
    package var text: String {
        var members: [String: JSONValue] = ["page": .string(page), "method": .string(method.rawValue)]
        if method != .leave {
            members["id"] = id.map { .number(Double($0)) } ?? .null
            members["url"] = .string(url)
            members["params"] = .object(parameters)
        }
        return JSONWriter.text(.object(members))
    }

    private static let knownMembers: Set<String> = ["page", "id", "method", "url", "params"]

    private static func read(_ members: [String: JSONValue], id: Int?, limits: BridgeLimits) throws(BridgeError) -> BridgeMessage {
        if let unknown = members.keys.sorted().first(where: { !knownMembers.contains($0) }) {
            throw .invalidMessage(member: unknown, reason: "is not a member of a bridge message (page, id, method, url, params)")
        }
        guard case .string(let methodName) = members["method"] else { throw .invalidMessage(member: "method", reason: "must be a string") }
        guard let method = Method(rawValue: methodName) else {
            throw .invalidMessage(member: "method", reason: "is \"\(DisplaySafe.text(methodName, limit: 40))\"; it must be open, call or leave")
        }
        let page = try pageName(members["page"])
        if method == .leave {
            guard members.count == 2 else { throw .invalidMessage(member: "method", reason: "is leave, which carries nothing but page") }
            return BridgeMessage(page: page, method: .leave, id: nil, url: "", parameters: [:])
        }
        guard let id else { throw .invalidMessage(member: "id", reason: "is missing; open and call need one") }
        guard case .string(let url) = members["url"], !url.isEmpty else { throw .invalidMessage(member: "url", reason: "must be a non-empty string") }
        var parameters: [String: JSONValue] = [:]
        switch members["params"] {
        case nil, .null: break
        case .object(let given):
            guard given.count <= limits.parameters else { throw .tooManyParameters(count: given.count, limit: limits.parameters) }
            if let member = firstArrayHoldingNull(in: given) {
                throw .invalidMessage(member: member, reason: "holds null; an array in params may not (a route reads its values by position)")
            }
            parameters = given
        case .some(let other): throw .invalidMessage(member: "params", reason: "must be an object, not \(other.kind)")
        }
        return BridgeMessage(page: page, method: method, id: id, url: url, parameters: parameters)
    }

    /// The path (`params.ids`, `params.a.b`) of the first array in `parameters` that holds `null`,
    /// found with a stack; `nil` when none does. Nulls elsewhere read as absent members.
    private static func firstArrayHoldingNull(in parameters: [String: JSONValue]) -> String? {
        var pending: [(path: String, value: JSONValue)] = parameters.keys.sorted().reversed().compactMap { key in
            parameters[key].map { ("params.\(key)", $0) }
        }
        while let (path, value) = pending.popLast() {
            switch value {
            case .array(let items):
                if items.contains(.null) { return path }
                for (index, item) in items.enumerated().reversed() {
                    switch item {
                    case .array, .object: pending.append(("\(path)[\(index)]", item))
                    case .null, .bool, .number, .string: break
                    }
                }
            case .object(let members):
                for key in members.keys.sorted().reversed() { if let member = members[key] { pending.append(("\(path).\(key)", member)) } }
            case .null, .bool, .number, .string: break
            }
        }
        return nil
    }

    /// The page's name: 1 to ``maximumPageName`` letters, digits, `-` or `_`.
    private static func pageName(_ value: JSONValue?) throws(BridgeError) -> String {
        guard case .string(let name) = value else { throw .invalidMessage(member: "page", reason: "must be a string") }
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= maximumPageName,
              bytes.allSatisfy({ ASCII.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else { throw .invalidMessage(member: "page", reason: "must be 1 to \(maximumPageName) letters, digits, \"-\" or \"_\"") }
        return name
    }
}
