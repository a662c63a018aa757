import Foundation

/// A transformer for a Transformable attribute holding any `Codable` value: the attribute's
/// JSON is decoded into a `Value` with a `JSONDecoder`, and a `Value` is encoded back with a
/// `JSONEncoder`, so that a value type of the app's own (a money amount, a coordinate, a
/// settings struct) is a typed attribute with no transformer of its own to write.
///
/// For example, for an attribute `price` (Transformable, transformer `Money`, custom class
/// `Money`) whose JSON is `{"amount": "9.99", "currency": "EUR"}`:
///
/// ```swift
/// struct Money: Codable, Sendable { var amount: Decimal; var currency: String }
/// CodableTransformer<Money>.register(as: "Money")
/// let price = product.value(forKey: "price") as? Money
/// ```
///
/// A value the decoder refuses is the attribute's error (`transformerFailed`), with the
/// `DecodingError` and the JSON path of the value.
public final class CodableTransformer<Value: Codable>: ValueTransformer, @unchecked Sendable {
    /// From the model to JSON, wherever the model names it.
    override public class var direction: Direction? { .modelToJSON }

    private let makeDecoder: @Sendable () -> JSONDecoder
    private let makeEncoder: @Sendable () -> JSONEncoder

    /// A transformer using coders made by these functions (for date and key strategies), a
    /// new one per value so that the transformer can be used from any thread.
    public init(
        decoder makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
        encoder makeEncoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() }
    ) {
        self.makeDecoder = makeDecoder
        self.makeEncoder = makeEncoder
    }

    /// Registers a transformer for `Value` under `name`, the name the model file gives.
    public static func register(
        as name: ValueTransformer.Name,
        decoder makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
        encoder makeEncoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() }
    ) {
        ValueTransformer.setValueTransformer(
            CodableTransformer(decoder: makeDecoder, encoder: makeEncoder),
            forName: name
        )
    }

    /// `Value` -> its JSON, as Foundation values.
    ///
    /// - Throws: ``TransformerError`` when `value` is not a `Value`; what the encoder throws.
    override public func transformedValue(_ value: Any?) throws -> Any? {
        guard let value else { return nil }
        guard let typed = value as? Value else {
            throw TransformerError("expected a \(Value.self), found a value of type \(type(of: value))")
        }
        let data = try makeEncoder().encode(typed)
        do {
            return try JSONReader.parse(data).foundationObject
        } catch {
            throw TransformerError("the encoder wrote what is not JSON: \(error)")
        }
    }

    /// JSON, as Foundation values -> `Value`.
    ///
    /// - Throws: ``TransformerError`` when the value has no JSON form; the decoder's
    ///   `DecodingError` when the JSON is not a `Value`.
    override public func reverseTransformedValue(_ value: Any?) throws -> Any? {
        guard let value else { return nil }
        let json: JSONValue
        do {
            json = try JSONValue(convertingFoundationObject: value)
        } catch {
            throw TransformerError("the value has no JSON form: \(error)")
        }
        return try makeDecoder().decode(Value.self, from: json.jsonData())
    }
}
