import SwitchyardPatterns
import SwitchyardRouting

/// CTMediator's naming rules: the class a target name stands for, the selector of an action,
/// and which names are refused before the Objective-C runtime is asked about them.
package enum ObjCNames {
    /// UTF-8 bytes a target, action or module name may have.
    package static let maximumLength = 128
    /// The prefix of a target's class: `Cart` is `Target_Cart`.
    package static let targetPrefix = "Target_"
    /// The prefix of an action's method: `cartPage` is `Action_cartPage:`.
    package static let actionPrefix = "Action_"
    /// The method a target may have for actions it lacks (CTMediator's `notFound:`).
    package static let notFoundSelector = "notFound:"
    /// The target CTMediator sends calls no target or action took: `Target_NoTargetAction`.
    package static let noTargetActionClass = "Target_NoTargetAction"
    /// ``noTargetActionClass``'s one action.
    package static let noTargetActionSelector = "Action_response:"
    /// CTMediator's parameter naming the Swift module of a target class written in Swift.
    package static let swiftModuleParameter = "kCTMediatorParamsKeySwiftTargetModuleName"

    /// The name a protocol's services are registered under: what `NSStringFromProtocol` gives
    /// for a protocol declared in Objective-C or named with `@objc(Name)`, and the bare name for a
    /// Swift `@objc` protocol the runtime names by its mangling (`_TtP4Shop11CartService_` is
    /// `CartService`), the name a Swift lookup of `(any CartService).self` uses.
    package static func serviceName(ofProtocol runtimeName: String) -> String {
        guard runtimeName.hasPrefix("_TtP"), runtimeName.hasSuffix("_"), runtimeName.utf8.count <= 1_024 else { return runtimeName }
        var rest = Substring(runtimeName.dropFirst(4).dropLast())
        var last: Substring?
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let length = Int(digits), length > 0, rest.count >= digits.count + length else { return runtimeName }
            rest = rest.dropFirst(digits.count)
            last = rest.prefix(length)
            rest = rest.dropFirst(length)
        }
        return last.map(String.init) ?? runtimeName
    }

    /// `name` if it can name a class or a method: a plain ASCII identifier of at most
    /// ``maximumLength`` bytes.
    ///
    /// - Throws: ``ObjCCallError/invalidName(kind:name:offset:reason:)`` at the first bad character.
    package static func check(_ name: String, as kind: ObjCCallError.NameKind) throws(ObjCCallError) {
        try check(name, as: kind, whole: name, offset: 0)
    }

    /// `name`, a part of `whole` that starts at character `start` (`Module.Class`, a selector's
    /// parts), as ``check(_:as:)`` checks a whole name; an error names `whole` and the offset in it.
    package static func check(_ name: String, as kind: ObjCCallError.NameKind, whole: String, offset start: Int) throws(ObjCCallError) {
        do {
            try checkWhole(name, as: kind)
        } catch {
            guard case .invalidName(_, _, let offset, let reason) = error else { throw error }
            throw .invalidName(kind: kind, name: whole, offset: start + offset, reason: reason)
        }
    }

    private static func checkWhole(_ name: String, as kind: ObjCCallError.NameKind) throws(ObjCCallError) {
        if name.isEmpty { throw .invalidName(kind: kind, name: name, offset: 0, reason: "the name is empty") }
        if name.utf8.count > maximumLength {
            // The offset counts characters, as every offset of this error does: the first
            // character that does not fit within the limit's bytes.
            var bytes = 0
            var offset = 0
            for character in name {
                bytes += character.utf8.count
                if bytes > maximumLength { break }
                offset += 1
            }
            throw .invalidName(kind: kind, name: name, offset: offset, reason: "\(name.utf8.count) bytes, over the limit of \(maximumLength)")
        }
        for (offset, character) in name.enumerated() {
            let allowed = character.isASCII && (character.isLetter || character == "_" || (offset > 0 && character.isNumber))
            if !allowed {
                let reason = character == "/" || character == ":" || character == "."
                    ? "\"\(character)\" does not belong in a name: name the target and the action apart"
                    : "expected ASCII letters, digits and underscores"
                throw .invalidName(kind: kind, name: name, offset: offset, reason: reason)
            }
        }
    }

    /// The class of `target`: `Target_` + the name, inside `module` when a Swift module is named.
    package static func className(target: String, module: String?) -> String {
        guard let module, !module.isEmpty else { return targetPrefix + target }
        return "\(module).\(targetPrefix)\(target)"
    }

    /// The selector of `action`: `Action_` + the name + `:`.
    package static func selector(action: String) -> String {
        actionPrefix + action + ":"
    }

    /// Whether a URL may not call `action`: CTMediator keeps actions whose names start with
    /// `native` for code inside the app.
    package static func isLocalOnly(action: String) -> Bool {
        action.hasPrefix("native")
    }

    /// The target, action and parameters of CTMediator's remote form, `scheme://Target/action?key=value`.
    ///
    /// The target keeps its case (it names a class); the query's values are strings, the last of
    /// a repeated key (as CTMediator's dictionary keeps it). The URL is read by the router's own parser, within its limits.
    /// - Throws: ``ObjCCallError/remoteURLRefused(url:reason:)``: not such a URL, a scheme not
    ///   in `schemes` (an empty set accepts none), or a path of other than one segment;
    ///   ``ObjCCallError/invalidName(kind:name:offset:reason:)``; ``ObjCCallError/localOnly(target:action:)``.
    package static func remoteCall(
        _ url: String, schemes: Set<String>, limits: InputLimits = .default
    ) throws(ObjCCallError) -> (target: String, action: String, parameters: [String: String]) {
        typealias Link = (scheme: String, host: String, segments: [String], query: [String: String])
        let link: Link
        do {
            link = try ParsedURL.reading(url, limits: limits) { bytes, parsed throws(RoutingError) -> Link in
                let segments = try parsed.withSegments(bytes, url: url, limits: limits) { segments in
                    (0..<segments.count).map { segments.decoded($0) }
                }
                var query: [String: String] = [:]
                // CTMediator's rule: a repeated name keeps its last value.
                for item in parsed.query { query[item.name] = item.value }
                let host = parsed.layout.host.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } ?? ""
                return (ParsedURL.lowercased(bytes, parsed.layout.scheme), host, segments, query)
            }
        } catch {
            throw .remoteURLRefused(url: url, reason: "\(error)")
        }
        guard schemes.contains(link.scheme) else {
            let accepted = schemes.isEmpty ? "none is accepted until the mediator names its remote schemes" : "accepted: " + schemes.sorted().joined(separator: ", ")
            throw .remoteURLRefused(url: url, reason: "scheme \"\(link.scheme)\" is not a remote-call scheme (\(accepted))")
        }
        guard link.segments.count == 1 else {
            throw .remoteURLRefused(url: url, reason: "expected scheme://Target/action, got \(link.segments.count) path segments")
        }
        let target = link.host, action = link.segments[0]
        try check(target, as: .target)
        try check(action, as: .action)
        if isLocalOnly(action: action) { throw .localOnly(target: target, action: action) }
        return (target, action, link.query)
    }
}
