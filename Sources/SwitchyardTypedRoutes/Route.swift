@_exported import SwitchyardRouting

/// Makes a struct a `TypedRoute` (in SwitchyardRouting) for `pattern`, checked at compile time.
///
/// The pattern is parsed by the router's own parser: an invalid one is a compile error on the
/// literal, with the message the router would throw. Each parameter of the pattern needs a
/// stored property of the same name and a type that holds it:
///
/// | in the pattern | property type |
/// | --- | --- |
/// | `<int:x>` | `Int` |
/// | `<float:x>` | `Double` or `Float` |
/// | `<uuid:x>` | `UUID` |
/// | `:x`, `:x(regex)`, `<string:x>` | `String`, a `LosslessStringConvertible` type, or a `RawRepresentable` with a `String` or `Int` raw value |
/// | `<path:x>` | `[String]` or `String` |
/// | `<name:x>`, an app's converter | a type conforming to `RouteParameterConvertible` |
/// | inside an optional group `( )` | the same, `Optional` |
///
/// Every other stored property is a query item of its name (``RouteQuery(_:)`` renames it);
/// it must be `Optional` or have a default value, since a URL may leave it out. A `let` with a
/// value is no part of the route.
///
/// ```swift
/// @Route("/product/<int:id>(/:tab)")
/// struct ProductRoute: Equatable {
///     let id: Int
///     var tab: String?
///     @RouteQuery("ref") var referrer: String? = nil
/// }
/// ```
@attached(extension, conformances: TypedRoute, names: named(pattern), named(init(request:)), named(routeValues))
public macro Route(_ pattern: String) = #externalMacro(module: "SwitchyardMacroPlugin", type: "RouteMacro")

/// Reads and writes a property of a ``Route(_:)`` struct as the query item `name`, instead of
/// the property's own name.
@attached(peer)
public macro RouteQuery(_ name: String) = #externalMacro(module: "SwitchyardMacroPlugin", type: "RouteQueryMacro")
