import Switchyard
import Testing

@Suite("A/B splits")
struct ExperimentSplitTests {
    @Test(arguments: [0.1, 0.5, 0.9])
    func aVariantGetsItsShareOfSimilarUserIDs(share: Double) throws {
        let experiment = try Experiment(name: "checkout", pattern: "/checkout", variants: [.init(name: "b", share: share)])
        let inVariant = (1...10_000).filter { experiment.variant(for: "user\($0)") != nil }.count
        #expect(abs(Double(inVariant) / 10_000 - share) < 0.02, "\(inVariant) of 10,000 users for a share of \(share)")
    }
}
