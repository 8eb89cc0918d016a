/// How one type of a ``TypedRoute``'s values is read from and written to parameter text.
///
/// Code that `@Route` generates asks for a coder at the property's concrete type, so the
/// overloads below pick the conversion at compile time: a type that fits none of them is a
/// compile error there. ``RouteParameterConvertible`` wins where a type fits several.
public struct ParameterCoder<Value> {
    /// Reads percent-decoded text; `nil` when it is not a valid value.
    public let decode: (String) -> Value?
    /// Writes the value as text, before percent-encoding.
    public let encode: (Value) -> String
    /// The type's name, as a ``ParameterError`` names what was expected.
    public let typeName: String

    /// A coder from two conversions that must be inverse: `decode(encode(value)) == value`.
    public init(typeName: String, decode: @escaping (String) -> Value?, encode: @escaping (Value) -> String) {
        self.typeName = typeName
        self.decode = decode
        self.encode = encode
    }
}

extension ParameterCoder {
    /// The coder of a type that says how it is read and written.
    public static func of(_ type: Value.Type) -> ParameterCoder where Value: RouteParameterConvertible {
        ParameterCoder(typeName: String(describing: type), decode: { Value(routeParameter: $0) }, encode: { $0.routeParameter })
    }

    /// The coder of a `LosslessStringConvertible` type: `init?(_:)` and `description`.
    @_disfavoredOverload
    public static func of(_ type: Value.Type) -> ParameterCoder where Value: LosslessStringConvertible {
        ParameterCoder(typeName: String(describing: type), decode: { Value($0) }, encode: { $0.description })
    }

    /// The coder of a raw-value type (an enum of strings or integers): through its raw value.
    @_disfavoredOverload
    public static func of(_ type: Value.Type) -> ParameterCoder where Value: RawRepresentable, Value.RawValue: RouteParameterConvertible {
        ParameterCoder(
            typeName: String(describing: type),
            decode: { Value.RawValue(routeParameter: $0).flatMap(Value.init(rawValue:)) },
            encode: { $0.rawValue.routeParameter }
        )
    }

    /// A raw-value type that also prints itself: through its raw value, which the cases declare.
    @_disfavoredOverload
    public static func of(_ type: Value.Type) -> ParameterCoder
    where Value: RawRepresentable & LosslessStringConvertible, Value.RawValue: RouteParameterConvertible {
        ParameterCoder(
            typeName: String(describing: type),
            decode: { Value.RawValue(routeParameter: $0).flatMap(Value.init(rawValue:)) },
            encode: { $0.rawValue.routeParameter }
        )
    }

    /// The coder for a parameter read by an app's converter (`<sku:code>`): the type must say
    /// how it is read and written, as the macro cannot know the converter.
    public static func converted(_ type: Value.Type) -> ParameterCoder where Value: RouteParameterConvertible {
        of(type)
    }
}
