import SwitchyardSupport

/// Why a call from Objective-C was refused before or while it ran: what the Swift layers cannot
/// say because they never see the call's Objective-C shape (a dictionary, a class, a selector).
///
/// Every case names what was wrong and where; quoted names are escaped and cut, so a message is
/// safe to log. The Objective-C face reports each as an `NSError` of ``ObjCErrors/domain``.
package enum ObjCCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A target or action name that is not a plain identifier (ASCII letters, digits and
    /// underscores, not starting with a digit, at most ``ObjCNames/maximumLength`` bytes); `offset`
    /// is the first bad character, counted in characters.
    case invalidName(kind: NameKind, name: String, offset: Int, reason: String)
    /// No class `className` is linked for the target (CTMediator's "no target").
    case targetNotFound(target: String, action: String, className: String)
    /// The target's class has neither the action's method nor `notFound:` (CTMediator's "no action").
    case actionNotFound(target: String, action: String, selector: String)
    /// The method exists but does not take one object and return an object, a number or nothing.
    case actionSignature(target: String, action: String, selector: String, encoding: String)
    /// The action raised an Objective-C exception; nothing it returned is used.
    case actionException(target: String, action: String, name: String, reason: String)
    /// A URL named an action whose name starts with `native`: only code in the app may call it.
    case localOnly(target: String, action: String)
    /// A remote-call URL that is not `scheme://Target/Action?key=value` with an accepted scheme.
    case remoteURLRefused(url: String, reason: String)
    /// A parameter dictionary Switchyard does not take; `path` is the key, with `[index]` and
    /// `.key` for the element inside a collection.
    case parameter(path: String, problem: ParameterProblem)
    /// A class registered for a protocol it does not conform to.
    case serviceNotConforming(className: String, protocolName: String)
    /// A class that cannot serve: not linked, or not an `NSObject` that `init` makes.
    case serviceClassUnusable(className: String, protocolName: String, reason: String)
    /// A protocol that has a service already, registered from Objective-C or Swift: BeeHive keeps
    /// the first registration, and so does Switchyard for Objective-C's.
    case serviceAlreadyRegistered(protocolName: String, className: String)
    /// `nil` where a call needs an object: which call, which argument.
    case missingArgument(call: String, argument: String)
    /// A class that cannot be called by name: not linked, or not opted in.
    case notCallable(className: String, reason: String)
    /// The class (or the object's class) has no such method.
    case methodNotFound(className: String, selector: String)
    /// The method's type encoding is not one a call by name can make: another arity, or an
    /// argument or return of a kind that is not an object, a number or a `BOOL`.
    case methodSignature(className: String, selector: String, encoding: String, problem: String)
    /// Positional argument `index` (from 0) cannot be passed as the method takes it.
    case argument(className: String, selector: String, index: Int, problem: String)
    /// The method raised an Objective-C exception.
    case methodException(className: String, selector: String, name: String, reason: String)
    /// A parameter for a controller made by name that it does not list, or whose value its
    /// property cannot take, or whose setter raised.
    case controllerParameter(className: String, key: String, problem: String)
    /// Page options that cannot be: two homes, a column no split view has, an empty name.
    case pageOptions(pattern: String, problem: String)
    /// A page's block made something that is not a screen (a `UIViewController`); its class.
    case notAScreen(pattern: String, className: String)
    /// A route's Objective-C block (a page's or a handler's) raised an exception.
    case blockException(pattern: String, name: String, reason: String)
    /// An Objective-C module's step (`registerInApp:error:`…) failed without an error of its
    /// own: it raised an exception, or returned `NO` and set no error.
    case moduleStep(module: String, step: String, problem: String)

    /// Which name ``invalidName(kind:name:offset:reason:)`` is about.
    package enum NameKind: String, Sendable {
        case target, action, module
        /// A class called by name (`LegacyCart`, `CartFeature.CartViewController`).
        case className = "class"
        /// A method's selector (`addSKU:quantity:`).
        case selector
    }

    /// What is wrong with one parameter.
    package enum ParameterProblem: Equatable, Sendable, CustomStringConvertible {
        /// A key that is not a string; the key's class.
        case keyNotString(keyClass: String)
        /// A key longer than ``ObjCParameters/Limits/keyBytes``.
        case keyTooLong(bytes: Int, limit: Int)
        /// `NSNull`, which Swift has no value for: leave the key out instead.
        case null
        /// A string longer than ``ObjCParameters/Limits/stringBytes``.
        case stringTooLong(bytes: Int, limit: Int)
        /// More entries than the limit, in one dictionary or in all of them together.
        case tooMany(count: Int, limit: Int)
        /// Collections nested deeper than ``ObjCParameters/Limits/depth``.
        case tooDeep(limit: Int)
        /// A value JSON cannot hold (a date, data, a number that is not finite) inside a value
        /// written as JSON text (a notification's `aps`).
        case notJSON(valueClass: String)
        /// A value of a class that must be text here (a URL's value, a lifecycle event's): only
        /// strings and numbers are.
        case notText(valueClass: String)

        /// A short phrase: what the value is and the limit it is over.
        package var description: String {
            switch self {
            case .keyNotString(let keyClass): return "a key of class \(DisplaySafe.text(keyClass)), not a string"
            case .keyTooLong(let bytes, let limit): return "a key of \(bytes) bytes, over the limit of \(limit)"
            case .null: return "NSNull, which has no Swift value: leave the key out"
            case .stringTooLong(let bytes, let limit): return "a string of \(bytes) bytes, over the limit of \(limit)"
            case .tooMany(let count, let limit): return "\(count) entries, over the limit of \(limit)"
            case .tooDeep(let limit): return "collections nested deeper than the limit of \(limit)"
            case .notJSON(let valueClass): return "a \(DisplaySafe.text(valueClass)), which JSON cannot hold (strings, finite numbers, booleans, arrays and dictionaries only)"
            case .notText(let valueClass): return "a \(DisplaySafe.text(valueClass)), where only text goes (strings and numbers)"
            }
        }
    }

    /// A message naming the target and action, the key, or the class and protocol.
    package var description: String {
        switch self {
        case .invalidName(let kind, let name, let offset, let reason):
            return "invalid \(kind.rawValue) name \"\(DisplaySafe.text(name))\" at offset \(offset): \(reason)"
        case .targetNotFound(let target, let action, let className):
            return "no target \"\(DisplaySafe.text(target))\" for action \"\(DisplaySafe.text(action))\": no class \(DisplaySafe.text(className)) is linked"
        case .actionNotFound(let target, let action, let selector):
            return "target \"\(DisplaySafe.text(target))\" has no action \"\(DisplaySafe.text(action))\": its class answers neither \(DisplaySafe.text(selector)) nor notFound:"
        case .actionSignature(let target, let action, let selector, let encoding):
            return "\(DisplaySafe.text(target))/\(DisplaySafe.text(action)): \(DisplaySafe.text(selector)) has the type encoding \(DisplaySafe.text(encoding)); "
                + "an action takes one object (the parameters) and returns an object, a number, a BOOL or void"
        case .actionException(let target, let action, let name, let reason):
            return "\(DisplaySafe.text(target))/\(DisplaySafe.text(action)) raised \(DisplaySafe.text(name)): \(DisplaySafe.text(reason, limit: 2_000))"
        case .localOnly(let target, let action):
            return "\(DisplaySafe.text(target))/\(DisplaySafe.text(action)) can only be called from inside the app, not from a URL (its name starts with native)"
        case .remoteURLRefused(let url, let reason):
            return "\(DisplaySafe.text(url)): \(reason)"
        case .parameter(let path, let problem):
            return "parameter \"\(DisplaySafe.text(path))\": \(problem)"
        case .serviceNotConforming(let className, let protocolName):
            return "class \(DisplaySafe.text(className)) does not conform to \(DisplaySafe.text(protocolName)), the protocol it was registered for"
        case .serviceClassUnusable(let className, let protocolName, let reason):
            return "class \(DisplaySafe.text(className)) cannot serve \(DisplaySafe.text(protocolName)): \(reason)"
        case .serviceAlreadyRegistered(let protocolName, let className):
            return "cannot register \(DisplaySafe.text(className)) for \(DisplaySafe.text(protocolName)): a service is registered for it already, and the first registration stays"
        case .missingArgument(let call, let argument):
            return "\(call) was given nil for \(argument)"
        case .notCallable(let className, let reason):
            return "class \(DisplaySafe.text(className)) cannot be called by name: \(reason)"
        case .methodNotFound(let className, let selector):
            return "\(DisplaySafe.text(className)) has no method \(DisplaySafe.text(selector))"
        case .methodSignature(let className, let selector, let encoding, let problem):
            return "\(DisplaySafe.text(className)) \(DisplaySafe.text(selector)) (type encoding \(DisplaySafe.text(encoding))): \(problem)"
        case .argument(let className, let selector, let index, let problem):
            return "\(DisplaySafe.text(className)) \(DisplaySafe.text(selector)), argument \(index): \(DisplaySafe.text(problem))"
        case .methodException(let className, let selector, let name, let reason):
            return "\(DisplaySafe.text(className)) \(DisplaySafe.text(selector)) raised \(DisplaySafe.text(name)): \(DisplaySafe.text(reason, limit: 2_000))"
        case .controllerParameter(let className, let key, let problem):
            return "\(DisplaySafe.text(className)), parameter \"\(DisplaySafe.text(key))\": \(DisplaySafe.text(problem, limit: 2_000))"
        case .pageOptions(let pattern, let problem):
            return "page \(DisplaySafe.text(pattern)): \(problem)"
        case .notAScreen(let pattern, let className):
            return "the block of page \(DisplaySafe.text(pattern)) made a \(DisplaySafe.text(className)), not a UIViewController; return nil to decline"
        case .moduleStep(let module, let step, let problem):
            return "module \(DisplaySafe.text(module)): \(step) failed: \(DisplaySafe.text(problem, limit: 2_000))"
        case .blockException(let pattern, let name, let reason):
            return "the block of \(DisplaySafe.text(pattern)) raised \(DisplaySafe.text(name)): \(DisplaySafe.text(reason, limit: 2_000))"
        }
    }
}
