import SwitchyardNavigation
@testable import SwitchyardPipeline
import SwitchyardRouting
import Testing

/// Options share their fields until a copy changes one: each copy still behaves as a value.
@Suite struct OpenOptionsTests {
    /// Each field, changed in a copy of the defaults and in a copy of options made with values.
    static let changes: [(name: String, change: @Sendable (inout OpenOptions) -> Void)] = [
        ("animated", { $0.animated = false }),
        ("command", { $0.command = .present }),
        ("skipsInterceptors", { $0.skipsInterceptors = true }),
        ("scene", { $0.scene = "B" }),
        ("isReplay", { $0.isReplay = true }),
        ("placement", { $0.placement = .current }),
        ("restoring", { $0.restoring = true }),
        ("fillingHome", { $0.fillingHome = .tapped }),
        ("presentsDetour", { $0.presentsDetour = true }),
        ("showsNotFoundPage", { $0.showsNotFoundPage = false }),
        ("typedPattern", { $0.typedPattern = "/typed/:id" }),
        ("caller", { $0.caller = .app }),
        ("callerParameters", { $0.callerParameters = ["k": 1] }),
    ]

    static func summary(_ options: OpenOptions) -> String {
        let placement = switch options.placement {
        case .routeHome: "routeHome"
        case .current: "current"
        case .home: "home"
        }
        return [
            "\(options.animated)", "\(String(describing: options.command))", "\(options.skipsInterceptors)", options.scene ?? "-",
            "\(options.isReplay)", placement, "\(options.restoring)", "\(String(describing: options.fillingHome))", "\(options.presentsDetour)",
            "\(options.showsNotFoundPage)", options.typedPattern ?? "-", "\(String(describing: options.caller))",
            options.callerParameters.keys.sorted().joined(separator: ","),
        ].joined(separator: "|")
    }

    @Test(arguments: changes.indices)
    func changingACopyLeavesTheOriginalAsItWas(index: Int) {
        let (name, change) = Self.changes[index]
        for original in [OpenOptions(), OpenOptions(command: .push, scene: "A")] {
            let before = Self.summary(original)
            var copy = original
            change(&copy)
            #expect(Self.summary(original) == before, "changing \(name) in a copy changed the original")
            #expect(Self.summary(copy) != before, "changing \(name) changed nothing")
            // A second change to the copy, now its own, changes only it.
            var again = copy
            change(&again)
            #expect(Self.summary(again) == Self.summary(copy))
            #expect(Self.summary(OpenOptions()) == Self.summary(OpenOptions(animated: true)), "the shared defaults were changed by \(name)")
        }
    }

    @Test func optionsMadeWithValuesKeepThem() {
        let options = OpenOptions(animated: false, command: .present, skipsInterceptors: true, scene: "S", isReplay: true)
        #expect(!options.animated)
        #expect(options.command == .present)
        #expect(options.skipsInterceptors)
        #expect(options.scene == "S")
        #expect(options.isReplay)
        #expect(!options.checksDuplicates)
        let defaults = OpenOptions()
        #expect(defaults.animated && defaults.command == nil && !defaults.skipsInterceptors && defaults.scene == nil && !defaults.isReplay)
        #expect(defaults.checksDuplicates && defaults.showsNotFoundPage && defaults.reachable == nil && defaults.callerParameters.isEmpty)
    }
}
