import AuthorsKit
import Foundation
import ModelMapper
import TestModels
import TestSupport
import Testing

/// Codable interop: JSON trees as Codable values, model objects inside a Codable response
/// (`@ModelMapped`), and any Codable value inside a Transformable attribute (`CodableTransformer`).
@Suite("Codable interop")
struct CodableInteropTests {
    struct AuthorsPage: Codable {
        var page: Int
        @ModelMapped var authors: [Author]
        @ModelMapped var featured: Author?
    }

    struct Money: Codable, Hashable, Sendable {
        var amount: Decimal
        var currency: String
    }

    @Test("a JSON tree decodes and encodes through JSONDecoder and JSONEncoder, numbers exactly")
    func jsonValueIsCodable() throws {
        let text = #"{"a":[1,-2,0.1,9007199254740993,18446744073709551615,1.5e300],"b":{"c":null,"d":true,"e":"x"}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value.isEquivalent(to: try JSONValue.parse(Data(text.utf8))))
        // Numbers exactly (0.1 through Decimal, the integers whole); keys in the coder's order.
        #expect(
            value["a"] == [
                1, -2, .number("0.1"), .number("9007199254740993"), .number("18446744073709551615"),
                .number("1.5e+300"),
            ]
        )
        let written = try JSONEncoder().encode(value)
        #expect(try JSONValue.parse(written).isEquivalent(to: value))
    }

    @Test("model objects inside a Codable response: decoded through the model, encoded back the same")
    func modelMappedProperties() throws {
        let model = try AuthorsModelLoader.load(version: "Authors 3")
        let authors = try #require(try JSONValue.parse(TestPaths.fixture("Authors/authors-v3.json"))["authors"])
        let document: JSONValue = ["page": 2, "authors": authors]
        let decoder = JSONDecoder()
        decoder.userInfo[.objectModel] = model
        let page = try decoder.decode(AuthorsPage.self, from: document.jsonData())
        #expect(page.page == 2)
        #expect(page.featured == nil)
        #expect(page.authors.map(\.lastName) == ["Twain", "Austen"])
        let tom = try #require(page.authors.first?.books.first)
        #expect(tom.title == "The Adventures of Tom Sawyer")
        #expect(tom.author === page.authors.first)  // the inverse relationship, as the model says
        #expect(tom.retailPrice == Decimal(string: "9.99"))  // a flattened key path

        let written = try JSONValue.parse(JSONEncoder().encode(page))
        #expect(written["page"] == 2)
        #expect(written["featured"] == .null)
        #expect(try #require(written["authors"]).isEquivalent(to: ModelEncoder().encodeJSON(page.authors)))
        #expect(try #require(written["authors"]).isEquivalent(to: authors))
    }

    @Test("without a model in userInfo, or with JSON the model refuses: a DecodingError that says why")
    func modelMappedErrors() throws {
        let data = Data(#"{"page": 1, "authors": [{"author_id": "x", "lastName": "Woolf"}]}"#.utf8)
        #expect {
            try JSONDecoder().decode(AuthorsPage.self, from: data)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription
                == "no ObjectModel to decode Array<Author> with: set decoder.userInfo[.objectModel]"
                && context.codingPath.map(\.stringValue) == ["authors"]
        }
        let decoder = JSONDecoder()
        decoder.userInfo[.objectModel] = try AuthorsModelLoader.load(version: "Authors 3")
        #expect {
            try decoder.decode(AuthorsPage.self, from: data)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error,
                let mapping = context.underlyingError as? MappingError
            else { return false }
            return mapping.path.description == "$[0].author_id" && mapping.propertyName == "authorID"
        }
        // A plain ModelObject is bound to no entity.
        #expect(throws: MappingError.self) {
            try ModelObject.decode(["x": 1], model: try AuthorsModelLoader.load(version: "Authors 3"))
        }
    }

    @Test("a Codable value in a Transformable attribute, both ways; what it refuses is the attribute's error")
    func codableTransformer() throws {
        CodableTransformer<Money>.register(as: "Money")
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Product">
                    <attribute name="sku" attributeType="String"/>
                    <attribute name="price" optional="YES" attributeType="Transformable" valueTransformerName="Money" customClassName="Money"/>
                  </entity>
                </model>
                """
        )
        let entity = try #require(model.entitiesByName["Product"])
        let json: JSONValue = ["sku": "A-1", "price": ["amount": .number("9.99"), "currency": "EUR"]]
        let product = try ModelDecoder(model: model).decodeObject(of: entity, from: json)
        #expect(
            product.value(forKey: "price") as? Money == Money(amount: Decimal(string: "9.99") ?? 0, currency: "EUR")
        )
        #expect(try ModelEncoder().encodeJSON(product).isEquivalent(to: json))

        try product.setValue(Money(amount: 12, currency: "USD"), forKey: "price")
        #expect(
            try ModelEncoder().encodeJSON(product)["price"]?.isEquivalent(to: ["amount": 12, "currency": "USD"]) == true
        )

        #expect {
            try ModelDecoder(model: model).decodeObject(of: entity, from: ["sku": "A-2", "price": ["amount": "lots"]])
        } throws: { error in
            guard let error = error as? MappingError, case .transformerFailed = error else { return false }
            return error.path.description == "$.price" && error.underlyingError is DecodingError
        }
    }
}
