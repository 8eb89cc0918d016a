import SwitchyardSupport

/// Which modules a step reached, in order, and which of them failed.
public struct ModuleReport: Sendable, Equatable {
    /// A module that threw: which one, in which step, and the error's description.
    public struct Failure: Sendable, Equatable, CustomStringConvertible {
        /// The module's name.
        public let module: String
        /// `register`, `load`, or the event's description.
        public let step: String
        /// The error's description.
        public let reason: String

        /// A failure of `module` in `step`, for `reason`.
        public init(module: String, step: String, reason: String) {
            self.module = module
            self.step = step
            self.reason = reason
        }

        /// A sentence for logs; the reason is made safe to display.
        public var description: String { "module \(module) failed in \(step): \(DisplaySafe.text(reason, limit: 2_000))" }
    }

    /// Every module the step ran on, in delivery order, failed or not.
    public var modules: [String]
    /// The modules that threw, in delivery order.
    public var failures: [Failure]

    /// A report of `modules` reached and the `failures` among them.
    public init(modules: [String] = [], failures: [Failure] = []) {
        self.modules = modules
        self.failures = failures
    }

    /// Whether no module failed.
    public var succeeded: Bool { failures.isEmpty }
}

/// A module could not be added.
public enum ModuleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another module already has this name.
    case duplicateName(String)
    /// ``ModuleRegistry/start(_:)`` already ran; modules added later would miss it.
    case alreadyStarted(module: String)
    /// The app was started a second time the same way (an Objective-C app's
    /// `startWithCompletion:` called twice); that start did nothing.
    case startedAgain

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .duplicateName(let name): return "two modules are named \"\(name)\"; module names must be unique"
        case .alreadyStarted(let module): return "cannot add module \"\(module)\": the modules have already started"
        case .startedAgain:
            return "the app has started already, so this start did nothing: start it once, from application:didFinishLaunchingWithOptions:"
        }
    }
}
