import Foundation
@_spi(Engine) import ModelMapperSchema

extension JSONValue {
    /// Parses JSON data with ModelMapper's own reader (RFC 8259 exactly): numbers keep their
    /// spelling and objects their key order.
    ///
    /// - Throws: ``MappingError`` `.invalidJSON` with the line, column and path of the problem.
    public static func parse(_ data: Data) throws(MappingError) -> JSONValue {
        do {
            return try JSONReader.parse(data)
        } catch {
            throw MappingError(error)
        }
    }

    /// Converts what `JSONSerialization` produces, or a dictionary built in code
    /// (`[String: Any]` with `String`, `Int`, `Double`, `Bool`, `Decimal`, `NSNumber`,
    /// `NSNull`, `nil`, arrays and dictionaries), into a `JSONValue`.
    ///
    /// - Throws: ``MappingError`` with code `.notRepresentable` and the path of a value
    ///   that has no JSON form (a `Date`, a non-finite number, a non-string key, …), and for
    ///   a Foundation container that contains itself or containers nested more than 512 deep.
    public init(foundationObject value: Any?, path: JSONPath = .root) throws(MappingError) {
        do {
            try self.init(convertingFoundationObject: value, path: path)
        } catch {
            throw MappingError(error)
        }
    }
}
