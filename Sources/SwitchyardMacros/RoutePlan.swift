import SwiftSyntax
import SwitchyardPatterns
import SwitchyardSupport

/// What `@Route` generates for each property: a line that reads it from a request and one
/// that writes it into the route's values. Every mismatch between the pattern and the
/// properties is a problem on the token it is about.
struct RoutePlan {
    var decoding: [String] = []
    var encoding: [String] = []

    static func make(literal: PatternLiteral, properties: [StoredProperty], problems: inout RouteProblems) -> RoutePlan {
        var plan = RoutePlan()
        let byName = Dictionary(properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var pathNames = Set<String>()
        for (segment, optional) in literal.pattern.segmentsWithGroups {
            guard let name = segment.parameterName else { continue }
            pathNames.insert(name)
            let kind = ParameterKind(segment)
            guard let property = byName[name] else {
                problems.add(literal.literal, "missingProperty",
                             "the pattern's parameter \"\(name)\" has no stored property: declare `let \(name): \(kind.suggestedType(optional: optional))`")
                continue
            }
            let role = "\(segment) in \"\(literal.text)\""
            plan.addPath(name: name, kind: kind, role: role, inGroup: optional, property: property, problems: &problems)
        }
        var queryNames: [String: StoredProperty] = [:]
        for property in properties where !pathNames.contains(property.name) && !property.isComputed && !property.isConstant {
            let name = property.queryName?.name ?? property.name
            if pathNames.contains(name) {
                problems.add(property.queryName.map { Syntax($0.attribute) } ?? Syntax(property.binding), "queryNameTaken",
                             "query item \"\(name)\" has the name of a path parameter of \"\(literal.text)\"")
                continue
            }
            if let earlier = queryNames[name] {
                problems.add(property.queryName.map { Syntax($0.attribute) } ?? Syntax(property.binding), "duplicateQueryName",
                             "properties '\(earlier.name)' and '\(property.name)' are both the query item \"\(name)\"")
                continue
            }
            queryNames[name] = property
            plan.addQuery(name: name, property: property, problems: &problems)
        }
        for property in properties where pathNames.contains(property.name) {
            if let (_, attribute) = property.queryName {
                problems.add(attribute, "queryOnPathParameter", "'\(property.name)' is a path parameter of \"\(literal.text)\", not a query item")
            }
        }
        return plan
    }

    private mutating func addPath(
        name: String, kind: ParameterKind, role: String, inGroup: Bool, property: StoredProperty, problems: inout RouteProblems
    ) {
        if property.isComputed {
            problems.add(property.binding, "computedParameter", "'\(property.name)' is \(role), so it must be a stored property, not a computed one")
            return
        }
        if property.isConstant {
            problems.add(property.binding, "constantParameter", "'\(property.name)' is \(role), so it cannot be a `let` with a value")
            return
        }
        guard let type = property.type, let typeSyntax = property.typeSyntax else {
            problems.add(property.binding, "untypedParameter", "'\(property.name)' is \(role): write its type, such as `\(kind.suggestedType(optional: inGroup))`")
            return
        }
        let (base, isOptional) = type.unwrapped
        if inGroup && !isOptional {
            problems.add(typeSyntax, "groupNeedsOptional",
                         "'\(property.name)' is \(role), inside an optional group, so its type must be Optional: `\(type.spelled)?`")
            return
        }
        if !inGroup && isOptional {
            problems.add(typeSyntax, "pathNotOptional",
                         "'\(property.name)' is \(role), which every matching URL has, so its type cannot be Optional: `\(base.spelled)`")
            return
        }
        guard let coder = kind.coder(for: base) else {
            problems.add(typeSyntax, "incompatibleType",
                         "'\(property.name)' is \(role), so its type must be \(kind.allowedTypes), not \(base.spelled)")
            return
        }
        let key = SwiftLiteral.quoted(name)
        let target = "self." + property.spelledName
        switch coder {
        case .remainder(let asText):
            let reader = (asText ? "remainderText" : "remainder")
            decoding.append("\(target) = SwitchyardRouting.TypedRouteSupport.\(inGroup ? "optionalR" + reader.dropFirst() : reader)(request, \(key))")
            encoding.append("values.setRemainder(\(key), \(target))")
        case .coder(let expression):
            decoding.append("\(target) = try SwitchyardRouting.TypedRouteSupport.\(inGroup ? "optionalPath" : "path")(request, \(key), \(expression))")
            encoding.append("values.setPath(\(key), \(target), \(expression))")
        }
    }

    private mutating func addQuery(name: String, property: StoredProperty, problems: inout RouteProblems) {
        guard let type = property.type, let typeSyntax = property.typeSyntax else {
            problems.add(property.binding, "untypedQuery",
                         "'\(property.name)' is the query item \"\(name)\": write its type, such as `String?`, so @Route knows how to read it")
            return
        }
        let (base, isOptional) = type.unwrapped
        guard isOptional || property.hasDefault else {
            problems.add(typeSyntax, "queryNeedsDefault",
                         "'\(property.name)' is not in the pattern, so it is the query item \"\(name)\", which a URL may leave out: make it Optional (`\(type.spelled)?`) or give it a default value")
            return
        }
        let key = SwiftLiteral.quoted(name)
        let target = "self." + property.spelledName
        let element: PropertyType
        let isList: Bool
        if case .array(let inner) = base { (element, isList) = (inner, true) } else { (element, isList) = (base, false) }
        // A URL without the item reads back as the default: only a default that writes nothing
        // (nil, or an empty list) reads back as what was written.
        if isList && isOptional {
            problems.add(typeSyntax, "optionalList",
                         "'\(property.name)' is the query item \"\(name)\": a URL cannot tell an empty list from none, so declare it `\(base.spelled) = []`")
            return
        }
        if isList, let value = property.defaultText, value != "[]" {
            problems.add(typeSyntax, "listDefault",
                         "'\(property.name)' is the query item \"\(name)\": its default must be `[]`, the list a URL without the item reads back as")
            return
        }
        if isOptional, let value = property.defaultText, value != "nil" {
            problems.add(typeSyntax, "optionalDefault",
                         "'\(property.name)' is the query item \"\(name)\": an Optional's default must be nil, or a URL without the item could not read back as nil")
            return
        }
        guard case .named(_, let elementSyntax) = element else {
            problems.add(typeSyntax, "unsupportedQueryType",
                         "'\(property.name)' is the query item \"\(name)\": its type must be a value type such as `String`, `Int` or an enum, optionally in an array, not \(type.spelled)")
            return
        }
        let coder = "SwitchyardRouting.ParameterCoder.of(\(elementSyntax.trimmedDescription).self)"
        let read = "try SwitchyardRouting.TypedRouteSupport.\(isList ? "queryList" : "query")(request, \(key), \(coder))"
        if isOptional && !property.hasDefault {
            decoding.append("\(target) = \(read)")
        } else {
            decoding.append("if let value = \(read) { \(target) = value }")
        }
        encoding.append("values.addQuery(\(key), \(target), \(coder))")
    }
}
