/// What an action's method returns, as its Objective-C type encoding says.
package enum ObjCReturnKind: Equatable, Sendable {
    /// An object (`id`, `UIViewController *`…), returned as it is.
    case object
    /// `void`: the call returns `nil`, as CTMediator's does.
    case void
    /// `BOOL` or `bool`, returned as an `NSNumber`.
    case bool
    /// A signed integer of this many bytes (`NSInteger` is 8), returned as an `NSNumber`.
    case signed(bytes: Int)
    /// An unsigned integer of this many bytes (`NSUInteger` is 8), returned as an `NSNumber`.
    case unsigned(bytes: Int)
    /// `float` (4 bytes) or `double` and `CGFloat` (8), returned as an `NSNumber`.
    case floating(bytes: Int)
}

/// Reads a method's Objective-C type encoding (`method_getTypeEncoding`) to decide, before the
/// call, whether it can be called as an action: one object argument (the parameters), and a
/// return of an object, a number, a `BOOL` or nothing. CTMediator calls whatever it finds and
/// crashes on the rest; a method of another shape is refused here instead.
package enum ObjCMethodShape {
    /// Bytes of an encoding read; a longer one is refused.
    package static let maximumEncodingLength = 512

    /// What the action method returns, or `nil` when `encoding` is not an action's shape.
    ///
    /// The parameters argument must be an object (not a block); the return may be a block.
    package static func actionReturn(encoding: String) -> ObjCReturnKind? {
        guard encoding.utf8.count <= maximumEncodingLength, let types = types(in: encoding), types.count == 4 else { return nil }
        // self, _cmd, the parameters.
        guard types[1].hasPrefix("@"), types[1] != "@?", types[2] == ":", types[3].hasPrefix("@"), types[3] != "@?" else { return nil }
        switch types[0] {
        case "v": return .void
        case "c", "B": return .bool
        case "s": return .signed(bytes: 2)
        case "i", "l": return .signed(bytes: 4)
        case "q": return .signed(bytes: 8)
        case "C": return .unsigned(bytes: 1)
        case "S": return .unsigned(bytes: 2)
        case "I", "L": return .unsigned(bytes: 4)
        case "Q": return .unsigned(bytes: 8)
        case "f": return .floating(bytes: 4)
        case "d": return .floating(bytes: 8)
        // An object, or a block (CTMediator hands a returned block back as it is).
        case let type where type.hasPrefix("@"): return .object
        default: return nil
        }
    }

    /// What a method that takes nothing returns (BeeHive's `+singleton` is a `BOOL`, its
    /// `+shareInstance` an object), or `nil` when it takes something or returns another shape:
    /// only then is it called, and read as what it returns.
    package static func noArgumentReturn(encoding: String) -> ObjCReturnKind? {
        guard encoding.utf8.count <= maximumEncodingLength, let types = types(in: encoding), types.count == 3,
              types[1].hasPrefix("@"), types[1] != "@?", types[2] == ":" else { return nil }
        return actionReturn(encoding: types[0] + "@:@")
    }

    /// A method called by name with positional arguments: what it returns and each argument's
    /// kind, or why it cannot be called so (a struct, a pointer, a selector, a C string…).
    package static func positional(encoding: String) -> PositionalShape {
        guard encoding.utf8.count <= maximumEncodingLength else { return .refused("the encoding is longer than \(maximumEncodingLength) bytes") }
        guard let types = types(in: encoding), types.count >= 3, types[1].hasPrefix("@") || types[1] == "#", types[2] == ":" else {
            return .refused("the encoding does not parse as a method's")
        }
        guard let returns = actionReturn(encoding: types[0] + "@:@") else {
            return .refused("it returns \(types[0]), not an object, a number, a BOOL or void")
        }
        var arguments: [ObjCArgumentKind] = []
        for (index, type) in types.dropFirst(3).enumerated() {
            let kind: ObjCArgumentKind
            switch type {
            case "c", "B": kind = .bool
            case "s": kind = .signed(bytes: 2)
            case "i", "l": kind = .signed(bytes: 4)
            case "q": kind = .signed(bytes: 8)
            case "C": kind = .unsigned(bytes: 1)
            case "S": kind = .unsigned(bytes: 2)
            case "I", "L": kind = .unsigned(bytes: 4)
            case "Q": kind = .unsigned(bytes: 8)
            case "f": kind = .floating(bytes: 4)
            case "d": kind = .floating(bytes: 8)
            case let object where object.hasPrefix("@"): kind = .object
            default: return .refused("argument \(index) is \(type), not an object, a number or a BOOL")
            }
            arguments.append(kind)
        }
        return .callable(returns: returns, arguments: arguments)
    }

    /// What ``positional(encoding:)`` read.
    package enum PositionalShape: Equatable, Sendable {
        case callable(returns: ObjCReturnKind, arguments: [ObjCArgumentKind])
        case refused(String)
    }

    /// The encoding's types in order, without qualifiers and offsets; `nil` when it does not parse.
    ///
    /// Nested types (`{CGRect={CGPoint=dd}…}`, `^^v`) are skipped with a bracket count, not
    /// recursion, so the encoding's nesting cannot take the stack.
    static func types(in encoding: String) -> [String]? {
        let bytes = Array(encoding.utf8)
        var index = 0
        var types: [String] = []
        let qualifiers = Set("rnNoORVA".utf8)
        while index < bytes.count {
            while index < bytes.count, qualifiers.contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            let start = index
            while index < bytes.count, bytes[index] == UInt8(ascii: "^") { index += 1 }
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                var depth = 0
                repeat {
                    switch bytes[index] {
                    case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    index += 1
                } while depth > 0 && index < bytes.count
                guard depth == 0 else { return nil }
            case UInt8(ascii: "@"):
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
                    index += 1
                } else if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                    index = close + 1
                }
            case UInt8(ascii: "b"):
                index += 1
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            case let byte where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
                return nil
            default:
                index += 1
            }
            types.append(String(decoding: bytes[start..<index], as: UTF8.self))
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        }
        return types
    }
}
