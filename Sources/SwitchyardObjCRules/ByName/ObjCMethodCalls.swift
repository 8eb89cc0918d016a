import Foundation
import SwitchyardSupport

/// What the Objective-C runtime answers for calls by name; the face answers with
/// `NSClassFromString`, `class_conformsToProtocol` and the method's type encoding, tests with a table.
package protocol ObjCMethodRuntime: Sendable {
    /// An object an instance method is called on.
    associatedtype Object
    /// Whether a class named `className` is linked, and whether it opted in to calls by name.
    func lookUp(className: String) -> ObjCClassLookup
    /// The class an object is an instance of, by name, and whether that class opted in.
    func lookUp(object: Object) -> (className: String, optedIn: Bool)
    /// The type encoding of `selector`: a class method of `target`'s class, or an instance method of its object.
    func encoding(of selector: String, on target: ObjCMethodTarget<Object>) -> String?
    /// Calls `selector` with `arguments` as the encoding takes them; what it raises is the failure.
    func invoke(_ selector: String, on target: ObjCMethodTarget<Object>, arguments: [Any], returning kind: ObjCReturnKind) -> Result<Any?, ObjCException>
}

/// Whether a class can be called by name.
package enum ObjCClassLookup: Equatable, Sendable {
    /// No class of the name is linked.
    case missing
    /// The class exists but did not opt in (`SWYCallableByName`).
    case notOptedIn
    /// The class opted in.
    case optedIn
}

/// What a call by name is sent to.
package enum ObjCMethodTarget<Object> {
    /// A class method of the class with this name.
    case classNamed(String)
    /// An instance method of this object.
    case instance(Object)
}

/// One positional argument's kind, as the method's type encoding declares it.
package enum ObjCArgumentKind: Equatable, Sendable, CustomStringConvertible {
    case object, bool
    case signed(bytes: Int), unsigned(bytes: Int), floating(bytes: Int)

    package var description: String {
        switch self {
        case .object: return "an object"
        case .bool: return "a BOOL"
        case .signed(let bytes): return "a \(bytes * 8)-bit integer"
        case .unsigned(let bytes): return "an unsigned \(bytes * 8)-bit integer"
        case .floating(let bytes): return bytes == 4 ? "a float" : "a double"
        }
    }
}

/// Seed 001's `performTarget:selectorName:Params:` and `performObject:selectorName:Params:`: a
/// class or instance method called by its selector's name with positional arguments, for code
/// in the app (no URL, page or other app reaches it), on classes that opted in only. The names
/// are checked, then the method's type encoding (its arity and each argument's kind) against the
/// arguments, before anything is called; the result comes back boxed.
package struct ObjCMethodCalls<Runtime: ObjCMethodRuntime>: Sendable {
    /// Positional arguments a call may pass.
    package let runtime: Runtime
    /// The app's Swift modules: a `Module.Class` of another module is refused; empty, any.
    package let modules: [String]

    package init(runtime: Runtime, modules: [String] = []) {
        self.runtime = runtime
        self.modules = modules
    }

    /// Calls the class method `selector` of the class named `className` (`Module.Class` for a Swift class).
    package func call(className: String, selector: String, arguments: [Any]) -> Result<Any?, ObjCCallError> {
        do {
            try ObjCNames.checkClassName(className, modules: modules)
            try ObjCNames.checkSelector(selector, arguments: arguments.count)
            switch runtime.lookUp(className: className) {
            case .missing: return .failure(.notCallable(className: className, reason: "no such class is linked"))
            case .notOptedIn: return .failure(.notCallable(className: className, reason: Self.optInAdvice))
            case .optedIn: return send(selector, to: .classNamed(className), className: className, arguments: arguments)
            }
        } catch {
            return .failure(error)
        }
    }

    /// Calls the instance method `selector` of `object`, whose class must have opted in.
    package func call(object: Runtime.Object, selector: String, arguments: [Any]) -> Result<Any?, ObjCCallError> {
        let (className, optedIn) = runtime.lookUp(object: object)
        do {
            try ObjCNames.checkSelector(selector, arguments: arguments.count)
        } catch {
            return .failure(error)
        }
        guard optedIn else { return .failure(.notCallable(className: className, reason: Self.optInAdvice)) }
        return send(selector, to: .instance(object), className: className, arguments: arguments)
    }

    static var optInAdvice: String { "it does not adopt SWYCallableByName, which a class adopts to be called by name" }

    private func send(_ selector: String, to target: ObjCMethodTarget<Runtime.Object>, className: String, arguments: [Any]) -> Result<Any?, ObjCCallError> {
        guard let encoding = runtime.encoding(of: selector, on: target) else {
            return .failure(.methodNotFound(className: className, selector: selector))
        }
        let shape: (returns: ObjCReturnKind, arguments: [ObjCArgumentKind])
        switch ObjCMethodShape.positional(encoding: encoding) {
        case .callable(let returns, let kinds): shape = (returns, kinds)
        case .refused(let problem): return .failure(.methodSignature(className: className, selector: selector, encoding: encoding, problem: problem))
        }
        guard shape.arguments.count == arguments.count else {
            return .failure(.methodSignature(className: className, selector: selector, encoding: encoding,
                                             problem: "it takes \(shape.arguments.count) arguments; \(arguments.count) were given"))
        }
        for (index, (kind, value)) in zip(shape.arguments, arguments).enumerated() {
            if let problem = kind.problem(with: value) {
                return .failure(.argument(className: className, selector: selector, index: index, problem: problem))
            }
        }
        switch runtime.invoke(selector, on: target, arguments: arguments, returning: shape.returns) {
        case .success(let value): return .success(value)
        case .failure(let exception):
            return .failure(.methodException(className: className, selector: selector, name: exception.name, reason: exception.reason))
        }
    }
}

extension ObjCArgumentKind {
    /// Why `value` cannot be passed as `kind`, or `nil` when it can.
    package func problem(with value: Any) -> String? {
        let kind = self
        if kind == .object { return value is NSNull ? "NSNull, where an object is expected: pass a value" : nil }
        guard let number = value as? NSNumber, !(value is String) else {
            return "a \(ObjCParameters.className(value)), where the method takes \(kind)"
        }
        let swift = ObjCParameters.swiftValue(of: number)
        switch kind {
        case .object: return nil
        case .bool:
            if swift is Bool { return nil }
            if let whole = swift as? Int, whole == 0 || whole == 1 { return nil }
            return "\(number), where the method takes a BOOL (YES, NO, 1 or 0)"
        case .floating: return nil
        case .signed(let bytes), .unsigned(let bytes):
            let signed = if case .signed = kind { true } else { false }
            let whole: Int64? = (swift as? Int).map(Int64.init) ?? (swift as? Bool).map { $0 ? 1 : 0 }
            guard let whole else { return "\(number), where the method takes \(kind): a whole number" }
            let bits = Int64(bytes * 8)
            let fits = signed
                ? (bits >= 64 || (whole >= -(1 << (bits - 1)) && whole < (1 << (bits - 1))))
                : (whole >= 0 && (bits >= 64 || whole < (1 << bits)))
            return fits ? nil : "\(whole) does not fit \(kind)"
        }
    }
}

extension ObjCNames {
    /// Positional arguments a call by name may pass.
    package static var maximumArguments: Int { 5 }

    /// A class name: an Objective-C identifier, or a Swift class's `Module.Class` whose module is
    /// one of `modules` (the app's, `MediatorConfiguration.modules`) when any are named.
    package static func checkClassName(_ name: String, modules: [String] = []) throws(ObjCCallError) {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        // Over the byte limit first, then each part in order: the first thing wrong is named.
        if name.utf8.count > ObjCNames.maximumLength { try ObjCNames.check(name, as: .className) }
        var offset = 0
        for (index, part) in parts.enumerated() {
            if index == 2 {
                throw .invalidName(kind: .className, name: name, offset: offset - 1, reason: "a class is a name or Module.Name, with one dot")
            }
            try ObjCNames.check(String(part), as: .className, whole: name, offset: offset)
            offset += part.count + 1
        }
        if parts.count == 2, !modules.isEmpty, !modules.contains(String(parts[0])) {
            throw .invalidName(kind: .className, name: name, offset: 0,
                               reason: "module \(parts[0]) is not one of the app's (\(modules.joined(separator: ", ")))")
        }
    }

    /// A selector: `name` for no argument, `name:`, `name:with:`… one colon per argument.
    package static func checkSelector(_ selector: String, arguments: Int) throws(ObjCCallError) {
        guard !selector.isEmpty else { throw .invalidName(kind: .selector, name: selector, offset: 0, reason: "the name is empty") }
        guard selector.utf8.count <= ObjCNames.maximumLength else {
            throw .invalidName(kind: .selector, name: selector, offset: 0, reason: "\(selector.utf8.count) bytes, over the limit of \(ObjCNames.maximumLength)")
        }
        let colons = selector.filter { $0 == ":" }.count
        if colons > 0, !selector.hasSuffix(":") {
            throw .invalidName(kind: .selector, name: selector, offset: selector.count - 1, reason: "a selector that takes arguments ends with a colon")
        }
        var offset = 0
        for part in selector.split(separator: ":", omittingEmptySubsequences: false).dropLast(colons > 0 ? 1 : 0) {
            try ObjCNames.check(String(part), as: .selector, whole: selector, offset: offset)
            offset += part.count + 1
        }
        guard colons <= maximumArguments else {
            throw .invalidName(kind: .selector, name: selector, offset: 0, reason: "\(colons) arguments, over the limit of \(maximumArguments)")
        }
        guard colons == arguments else {
            throw .invalidName(kind: .selector, name: selector, offset: 0, reason: "it takes \(colons) arguments; \(arguments) were given")
        }
    }
}
