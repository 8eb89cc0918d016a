import Switchyard

/// Typed calls into other modules through the mediator: callers get a Swift API without
/// importing the module that answers, and a module that is not linked fails cleanly.
extension Mediator {
    /// ProductFeature's `Target_Product.title`.
    public func productTitle(id: Int) async throws(MediatorError) -> String {
        try await perform(target: "ProductFeature.Product", action: "title", parameters: ["id": id], as: String.self)
    }

    /// A reviews module this shop does not ship: the call fails with `.targetNotFound`.
    public func productReviews(id: Int) async throws(MediatorError) -> [String] {
        try await perform(target: "ReviewsFeature.Reviews", action: "list", parameters: ["id": id], as: [String].self)
    }
}
