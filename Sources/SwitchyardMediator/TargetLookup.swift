/// Finds a ``MediatorTarget`` type by its Swift name through the Swift runtime.
///
/// The runtime looks types up by mangled name on every platform (`NSClassFromString` is
/// Objective-C only and knows no structs), so the name is mangled here: `Shop.Target_Cart`
/// becomes `4Shop11Target_CartV` for a struct, `…C` for a class, `…O` for an enum. Only
/// plain ASCII identifiers are accepted, so the string handed to the runtime is always a
/// well-formed mangling.
enum TargetLookup {
    /// Types nested deeper than this are not searched (the kind combinations grow as 3^depth).
    static let maximumDepth = 4
    private static let kinds: [Character] = ["V", "C", "O"]

    /// The dot-separated identifiers of `name`, or the character offset of the first invalid one.
    static func components(of name: String) -> Result<[Substring], MediatorError> {
        var offset = 0
        var parts: [Substring] = []
        for part in name.split(separator: ".", omittingEmptySubsequences: false) {
            if let bad = firstInvalidCharacter(part) {
                return .failure(.invalidTargetName(name, offset: offset + bad))
            }
            parts.append(part)
            offset += part.count + 1
        }
        return .success(parts)
    }

    /// The linked type named `module.path…`, if it is a ``MediatorTarget``.
    static func find(module: Substring, path: [Substring]) -> (any MediatorTarget.Type)? {
        guard !path.isEmpty, path.count <= maximumDepth,
              ([module] + path).allSatisfy({ firstInvalidCharacter($0) == nil }) else { return nil }
        let prefix = "\(module.utf8.count)\(module)"
        for mangled in manglings(of: path, after: prefix) {
            if let target = _typeByName(mangled) as? any MediatorTarget.Type { return target }
        }
        return nil
    }

    /// Every mangling of the nested type path, innermost kind varying fastest.
    private static func manglings(of path: [Substring], after prefix: String) -> [String] {
        var results = [prefix]
        for identifier in path {
            let encoded = "\(identifier.utf8.count)\(identifier)"
            results = results.flatMap { partial in kinds.map { partial + encoded + String($0) } }
        }
        return results
    }

    /// The offset of the first character that cannot appear in a plain ASCII identifier.
    private static func firstInvalidCharacter(_ identifier: Substring) -> Int? {
        if identifier.isEmpty { return 0 }
        for (offset, character) in identifier.enumerated() {
            guard character.isASCII, character.isLetter || character == "_" || (offset > 0 && character.isNumber) else {
                return offset
            }
        }
        return nil
    }
}
