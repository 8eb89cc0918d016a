import Foundation
import SwitchyardApp
import SwitchyardMediator
import SwitchyardObjCRules
import SwitchyardPatterns
import SwitchyardPipeline
import SwitchyardRouting
import SwitchyardServices
import Testing

/// Issue 37: one error domain whose codes are the stable `OpenError.code`s and the rest.
@Suite("Objective-C error codes")
struct ObjCErrorCodeTests {
    /// One of every `OpenError`: each maps to the code of the same name, numbered 1–26.
    static let openErrors: [OpenError] = [
        .invalidURL(.noMatch(NoMatch(path: "/x", nearest: { nil }))), .invalidURL(.missingParameter(name: "id", pattern: "/p/:id")),
        .rejected(by: "login", reason: "r"), .interceptorFailed(name: "a", reason: "r"), .interceptorTimedOut(name: "a", seconds: 1),
        .interceptorUnresponsive(name: "a", stillRunning: 2), .redirectLoop(["/a", "/b"]), .tooManyRedirects(["/a"], limit: 8),
        .tooManyDeclines(url: "/a", declined: [], limit: 4), .invalidRedirect(target: "/t", reason: "r"), .invalidWebPage(url: "u", reason: "r"),
        .pageFailed(pattern: "/p", reason: "r"), .actionFailed(pattern: "/p", reason: "r"), .navigationFailed(pattern: "/p", reason: "r"),
        .sceneNotAttached(scene: "s", pattern: "/p"), .notRestorable(pattern: "/p", reason: "r"), .noNavigator(pattern: "/p"),
        .typedRouteShadowed(pattern: "/p", url: "u", shadowedBy: "/q"), .notOpenToCaller(url: "u", caller: "c"),
        .declined(pattern: "/p"), .parametersRefused(pattern: "/p", []), .invalidParent(pattern: "/p", parent: "/q", reason: "r"),
        .cancelled, .readinessQueueFull(limit: 64), .homeWaiting(place: "tab", pattern: "/p", target: "/login"),
        .homeNotShown(place: "tab", pattern: "/p", reason: "r"),
    ]

    @Test func everyOpenErrorHasTheCodeOfItsName() {
        var numbers = Set<Int>()
        for error in Self.openErrors {
            let code = ObjCErrorCode(error)
            #expect(code.name == error.code, "\(error)")
            #expect((1...26).contains(code.rawValue))
            numbers.insert(code.rawValue)
        }
        #expect(numbers == Set(1...26))
    }

    @Test func namesAndNumbersAreUnique() {
        #expect(Set(ObjCErrorCode.allCases.map(\.name)).count == ObjCErrorCode.allCases.count)
        for code in ObjCErrorCode.allCases { #expect(ObjCErrorCode(name: code.name) == code) }
        #expect(ObjCErrorCode(name: "noSuchCode") == nil)
    }

    /// The other layers' errors, each to its code.
    @Test func theOtherLayersErrorsHaveTheirCodes() {
        let table: [(any Error, ObjCErrorCode)] = [
            (MediatorError.targetNotFound(target: "A", action: "b", searched: []), .targetNotFound),
            (MediatorError.actionNotFound(target: "A", action: "b", available: []), .actionNotFound),
            (MediatorError.invalidTargetName("a/b", offset: 1), .invalidTargetName),
            (MediatorError.localOnly(target: "A", action: "b"), .localOnly),
            (MediatorError.actionFailed(target: "A", action: "b", reason: "r"), .targetActionFailed),
            (MediatorError.schemeNotAccepted(url: "u", scheme: "s", accepted: []), .remoteURLRefused),
            (ObjCCallError.invalidName(kind: .action, name: "", offset: 0, reason: "r"), .invalidActionName),
            (ObjCCallError.invalidName(kind: .module, name: "", offset: 0, reason: "r"), .invalidTargetName),
            (ObjCCallError.actionSignature(target: "A", action: "b", selector: "s", encoding: "e"), .actionSignature),
            (ObjCCallError.actionException(target: "A", action: "b", name: "n", reason: "r"), .actionException),
            (ObjCCallError.parameter(path: "k", problem: .null), .invalidParameters),
            (ObjCCallError.serviceNotConforming(className: "C", protocolName: "P"), .serviceNotConforming),
            (ServiceError.cycle(path: ["A", "B", "A"]), .serviceCycle),
            (ServiceError.frozen(service: "A"), .servicesFrozen),
            (ServiceError.notRegisteredInShared(service: "A", registered: []), .serviceNotRegistered),
            (ParameterError(name: "id", reason: .missing), .invalidParameter),
            (RoutingError.missingParameter(name: "id", pattern: "/p/:id"), .urlNotBuilt),
            (PatternError(pattern: "/p/(", offset: 3, reason: .emptyPattern), .invalidPattern),
            (CocoaError(.fileNoSuchFile), .other),
            (ModuleError.alreadyStarted(module: "Shop"), .modulesAlreadyStarted),
            (ModuleError.duplicateName("Shop"), .duplicateModule),
            (ObjCCallError.serviceAlreadyRegistered(protocolName: "P", className: "C"), .serviceAlreadyRegistered),
            (ObjCCallError.missingArgument(call: "addModule:", argument: "the module"), .missingArgument),
        ]
        for (error, code) in table { #expect(ObjCErrorCode(error) == code, "\(error)") }
    }

    @Test func anNSErrorCarriesTheDomainTheCodeItsNameAndTheDescription() {
        let error = ObjCErrors.error(ObjCCallError.targetNotFound(target: "Wallet", action: "balance", className: "Target_Wallet"))
        #expect(error.domain == "SwitchyardErrorDomain")
        #expect(error.code == 101)
        #expect(error.userInfo[ObjCErrors.codeNameKey] as? String == "targetNotFound")
        #expect(error.localizedDescription == "no target \"Wallet\" for action \"balance\": no class Target_Wallet is linked")
        #expect(ObjCErrors.error(error) === error)
        // The app's own error keeps its domain and code underneath.
        let own = ObjCErrors.error(NSError(domain: "ShopErrors", code: 7))
        #expect(own.code == ObjCErrorCode.other.rawValue)
        #expect((own.userInfo[NSUnderlyingErrorKey] as? NSError)?.domain == "ShopErrors")
    }

    /// The Objective-C enum (`SWYErrorCode`, compiled only against Apple's SDK) lists the same
    /// cases with the same numbers as `ObjCErrorCode`: the text of both lists is compared.
    @Test func theObjectiveCEnumListsTheSameCodes() throws {
        func cases(in path: String, after marker: String) throws -> String {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let start = try #require(text.range(of: marker)).upperBound
            let body = text[start...].prefix { $0 != "}" }
            return body.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined().filter { !$0.isWhitespace }
        }
        let rules = try cases(in: "Sources/SwitchyardObjCRules/Errors/ObjCErrorCode.swift", after: "package enum ObjCErrorCode: Int, CaseIterable, Sendable {")
        let objc = try cases(in: "Sources/SwitchyardObjC/SWYErrors.swift", after: "public enum SWYErrorCode: Int {")
        let rulesCases = rules.components(separatedBy: "packagevarname").first ?? ""
        #expect(!rulesCases.isEmpty)
        #expect(objc == rulesCases)
    }
}
