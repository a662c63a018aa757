import Foundation
import ModelMapper
import TestSupport
import Testing

/// Raw values of a Swift type in an attribute, without generated code: a class bound to an
/// entity names them in `rawValueTypes`.
private enum Stock: String {
    case inStock = "in-stock"
    case soldOut = "sold-out"
}

private enum Level: UInt8 {
    case low = 1
    case high = 200
}

private final class CheckedProduct: ModelObject {
    override class var entityName: String { "Product" }
    override class var rawValueTypes: [String: RawValueType] { ["currency": .of(Stock.self)] }
}

private final class CheckedVariant: ModelObject {
    override class var entityName: String { "Variant" }
    override class var rawValueTypes: [String: RawValueType] { ["stock": .of(Level.self)] }
}

/// Names an attribute the entity does not have, and gives a String enum to an integer attribute.
private final class MistakenProduct: ModelObject {
    override class var entityName: String { "Product" }
    override class var rawValueTypes: [String: RawValueType] {
        ["colour": .of(Stock.self), "views": .of(Stock.self), "name": .of(Level.self), "tags": .of(Stock.self)]
    }
}

@Suite("Raw value types: attributes holding the raw values of a Swift enum")
struct RawValueTypeTests {
    let model: ObjectModel

    init() throws {
        model = try ObjectModel(contentsOf: TestPaths.model("Catalog"))
            .binding([
                CheckedProduct.self, CheckedVariant.self,
            ])
    }

    @Test("the encoder refuses a value set in code that is no raw value, at its path")
    func encoding() throws {
        let product = try ModelDecoder(model: model)
            .decode(
                CheckedProduct.self,
                from: Data(#"{"sku": "A", "name": "a", "price": {"currency": "sold-out"}}"#.utf8)
            )
        try product.setValue("EUR", forKey: "currency")
        let error = try #require(throws: MappingError.self) { try ModelEncoder().encode(product) }
        #expect(error.code == .invalidValue)
        #expect(error.path.description == "$.price.currency")
        #expect(error.expected == "a raw value of Stock")
        #expect(throws: MappingError.self) { try product.validate() }
    }

    @Test("values that are raw values decode; others are errors at their path")
    func decoding() throws {
        let decoder = ModelDecoder(model: model)
        let product = try decoder.decode(
            CheckedProduct.self,
            from: Data(
                #"{"sku": "A", "name": "a", "price": {"currency": "sold-out"}, "variants": [{"code": "x", "stock": 200}]}"#
                    .utf8
            )
        )
        let stock: Stock? = product.rawRepresentableValue(forKey: "currency")
        #expect(stock == .soldOut)
        let variant = try #require(product.value(forKey: "variants") as? [ModelObject]).first
        #expect(variant?.rawRepresentableValue(forKey: "stock", as: Level.self) == .high)

        // Through a flattened key path, and an integer whose width differs from the enum's.
        for (json, path, expected) in [
            (#"{"sku": "A", "name": "a", "price": {"currency": "EUR"}}"#, "$.price.currency", "a raw value of Stock"),
            (
                #"{"sku": "A", "name": "a", "variants": [{"code": "x", "stock": 300}]}"#, "$.variants[0].stock",
                "a raw value of Level"
            ),
            (
                #"{"sku": "A", "name": "a", "variants": [{"code": "x", "stock": -1}]}"#, "$.variants[0].stock",
                "a raw value of Level"
            ),
        ] {
            #expect(throws: MappingError.self, "\(json)") {
                try decoder.decode(CheckedProduct.self, from: Data(json.utf8))
            }
            do {
                _ = try decoder.decode(CheckedProduct.self, from: Data(json.utf8))
            } catch let error as MappingError {
                #expect(error.code == .invalidValue)
                #expect(error.path.description == path)
                #expect(error.context.expected == expected)
                #expect(error.context.line == 1)
            }
        }
        // The default value (0) of Variant.stock is not checked: only decoded values are.
        let plain = try decoder.decode(
            CheckedProduct.self,
            from: Data(#"{"sku": "A", "name": "a", "variants": [{"code": "x"}]}"#.utf8)
        )
        let defaulted = try #require(plain.value(forKey: "variants") as? [ModelObject]).first
        #expect(defaulted?.rawRepresentableValue(forKey: "stock", as: Level.self) == nil)
    }

    @Test("the same model without the classes checks nothing")
    func unbound() throws {
        let plain = try ObjectModel(contentsOf: TestPaths.model("Catalog"))
        let product = try ModelDecoder(model: plain)
            .decodeObject(
                of: try #require(plain.entity(named: "Product")),
                from: Data(#"{"sku": "A", "name": "a", "price": {"currency": "EUR"}}"#.utf8)
            )
        #expect(product.value(forKey: "currency") as? String == "EUR")
        #expect(product.rawRepresentableValue(forKey: "currency", as: Stock.self) == nil)
    }

    @Test("setting through the type stores the raw value in the attribute's type")
    func setting() throws {
        let variant = CheckedVariant(entity: try #require(model.entity(named: "Variant")))
        variant.setRawRepresentableValue(Level.high, forKey: "stock")
        #expect(variant.value(forKey: "stock") as? Int32 == 200)
        variant.setRawRepresentableValue(Level?.none, forKey: "stock")
        #expect(variant.valueState(forKey: "stock") == .null)
        let product = CheckedProduct(entity: try #require(model.entity(named: "Product")))
        product.setRawRepresentableValue(Stock.inStock, forKey: "currency")
        #expect(product.value(forKey: "currency") as? String == "in-stock")
    }

    @Test(
        "a class naming attributes the entity lacks, or of a type that cannot hold the raw values, is refused when bound"
    )
    func mistakenClass() throws {
        let plain = try ObjectModel(contentsOf: TestPaths.model("Catalog"))
        let error = #expect(throws: ModelLoadingError.self) { try plain.binding([MistakenProduct.self]) }
        let messages = error?.diagnostics.map(\.message) ?? []
        #expect(messages.count == 4)
        #expect(
            messages.contains(
                "class 'MistakenProduct' gives attribute 'colour' the raw values of Stock, but entity 'Product' has no "
                    + "attribute 'colour'"
            )
        )
        #expect(
            messages.contains(
                "class 'MistakenProduct' gives attribute 'tags' the raw values of Stock, but entity 'Product' has no "
                    + "attribute 'tags'"
            )
        )
        #expect(
            messages.contains(
                "class 'MistakenProduct' gives attribute 'Product.views' the raw values of Stock, which need a String "
                    + "attribute; it is Integer 32"
            )
        )
        #expect(
            messages.contains(
                "class 'MistakenProduct' gives attribute 'Product.name' the raw values of Level, which need an Integer "
                    + "16, 32 or 64 attribute; it is String"
            )
        )
        #expect(error?.diagnostics.allSatisfy { $0.severity == .error } == true)
    }
}
