import SwitchyardPatterns

extension RouteRequest {
    /// The path parameter `name` as the converter of its typed segment makes it: for
    /// `/user/<user:name>` with a converting `user` converter, the `User` it returns.
    ///
    /// A parameter of a built-in converter gives an `Int` (`<int:id>`), a `Double`, a `UUID` or
    /// a `String`; one with no converter (`:name`) or an accept-only converter, its text.
    ///
    /// - Throws: ``ParameterError`` when the parameter is missing, when the converter refuses
    ///   the text (``ParameterError/Reason/refused(_:)``, with the converter's reason), or when
    ///   the value is not a `T` (``ParameterError/Reason/invalid(value:expected:)``).
    public func value<T>(_ name: String, as type: T.Type) throws(ParameterError) -> T {
        guard let text = pathParameters[name] else { throw ParameterError(name: name, reason: .missing) }
        let converted: any Sendable
        if let converter = pattern?.converter(forParameter: name) {
            do throws(ConversionRefusal) {
                converted = try converter.convert(text)
            } catch {
                throw ParameterError(name: name, reason: .refused(error))
            }
        } else {
            converted = text
        }
        guard let value = converted as? T else {
            throw ParameterError(name: name, reason: .invalid(value: text, expected: String(describing: T.self)))
        }
        return value
    }
}
