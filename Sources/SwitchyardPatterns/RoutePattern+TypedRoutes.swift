/// Reading a pattern as `@Route` does, at compile time and at run time alike.
extension RoutePattern {
    /// Parses `text`, taking a converter the library does not know as an app's, which accepts
    /// anything here: the router checks it is registered when the route is.
    package static func acceptingAppConverters(_ text: String) throws(PatternError) -> RoutePattern {
        var converters = ParameterConverter.defaultSet
        // Each pass adds one unknown name, and a pattern within the limits holds few segments.
        while true {
            do {
                return try RoutePattern(text, converters: converters)
            } catch {
                guard case .unknownConverter(let name, _) = error.reason, converters[name] == nil else { throw error }
                converters[name] = ParameterConverter(name: name) { _ in true }
            }
        }
    }

    /// The converters the pattern names: the built-ins, and for each other one a stand-in
    /// that accepts anything.
    package var convertersAcceptingAppOnes: [String: ParameterConverter] {
        var converters = ParameterConverter.defaultSet
        for case .typed(_, let converter) in allSegments where converters[converter] == nil {
            converters[converter] = ParameterConverter(name: converter) { _ in true }
        }
        return converters
    }

    /// Every segment with whether it sits inside an optional group, in pattern order.
    package var allSegments: [PatternSegment] { segmentsWithGroups.map(\.segment) }

    /// Every segment and whether an optional group holds it, in pattern order; groups are
    /// walked with a stack, so their nesting depth costs no recursion.
    package var segmentsWithGroups: [(segment: PatternSegment, optional: Bool)] {
        var result: [(PatternSegment, Bool)] = []
        var stack: [(elements: ArraySlice<PatternElement>, optional: Bool)] = [(elements[...], false)]
        while var top = stack.popLast() {
            guard let first = top.elements.first else { continue }
            top.elements = top.elements.dropFirst()
            stack.append(top)
            switch first {
            case .segment(let segment): result.append((segment, top.optional))
            case .optional(let inner): stack.append((inner[...], true))
            }
        }
        return result
    }
}
