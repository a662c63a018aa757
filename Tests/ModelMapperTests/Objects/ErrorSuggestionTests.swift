import Foundation
import ModelMapper
import Testing

/// Errors that say what to do: a recovery suggestion where there is one, the closest name to
/// an unknown one (the same helper for the decoder, objects, the model loader and modelgen),
/// and no garbled or doubled messages.
@Suite("Errors: suggestions and closest names")
struct ErrorSuggestionTests {
    static let xml = """
        <model>
          <entity name="Order">
            <attribute name="orderID" attributeType="Integer 64"/>
            <attribute name="total" optional="YES" attributeType="Decimal"/>
            <attribute name="placed" optional="YES" attributeType="Date"/>
            <attribute name="note" optional="YES" attributeType="Transformable" valueTransformerName="NoSuchTransformer"/>
            <relationship name="customer" optional="YES" maxCount="1" destinationEntity="Customer"/>
            <userInfo><entry key="identityAttributes" value="orderID"/></userInfo>
          </entity>
          <entity name="Customer">
            <attribute name="name" optional="YES" attributeType="String"/>
          </entity>
        </model>
        """

    let model: ObjectModel
    let order: EntityDescription
    init() throws {
        model = try ObjectModel(xml: Self.xml)
        order = try #require(model.entitiesByName["Order"])
    }

    func decodingError(_ json: String, at keyPath: String? = nil) throws -> MappingError {
        try #require(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: order, from: Data(json.utf8), at: keyPath)
        }
    }

    @Test("Nothing at a key path: the keys there and the closest, not 'the model gives no default'")
    func nothingAtKeyPath() throws {
        let error = try decodingError(#"{"orders": {"orderID": 1}, "meta": {}}"#, at: "order")
        #expect(
            error.description
                == "$.order: a value is required, but the document has nothing at 'order': the object there has "
                + "the keys 'orders', 'meta'; did you mean 'orders'?"
        )
        #expect(
            error.recoverySuggestion == "Give a key path the document has: the object there has the keys "
                + "'orders', 'meta'; did you mean 'orders'?"
        )
    }

    @Test("An unknown entity or key: the closest name, said once")
    func closestNames() throws {
        let graph = ObjectGraph(model: model)
        let entityError = try #require(throws: MappingError.self) { try graph.merge(Data("[]".utf8), entity: "Ordr") }
        #expect(entityError.description == "$: no entity named 'Ordr' in the model: did you mean 'Order'?")
        #expect(entityError.recoverySuggestion == "Did you mean 'Order'?")
        let object = ModelObject(entity: order)
        let keyError = try #require(throws: MappingError.self) { try object.setValue(1, forKey: "totl") }
        #expect(keyError.recoverySuggestion == "Did you mean 'total'?")
        let far = try #require(throws: MappingError.self) { try object.setValue(1, forKey: "shippingAddress") }
        #expect(far.recoverySuggestion == nil)
        // The model loader suggests alike.
        let loading = try #require(throws: ModelLoadingError.self) {
            try ObjectModel(
                xml:
                    #"<model><entity name="A"><relationship name="b" optional="YES" maxCount="1" destinationEntity="Ordr"/></entity><entity name="Order"/></model>"#
            )
        }
        #expect(
            loading.description.contains("names destination entity 'Ordr', which does not exist; did you mean 'Order'?")
        )
    }

    @Test("The closest name: by case, within a third of the name's edits, nothing for short or far names")
    func closestName() {
        #expect(ClosestName.to("order", among: ["Customer", "Order"]) == "Order")
        #expect(ClosestName.to("Ordr", among: ["Customer", "Order"]) == "Order")
        #expect(ClosestName.to("Oredr", among: ["Order", "Orders"]) == "Order")  // a swap is one edit
        #expect(ClosestName.to("B", among: ["A", "C"]) == nil)
        #expect(ClosestName.to("b", among: ["A", "B"]) == "B")
        #expect(ClosestName.to("shippingAddress", among: ["total", "orderID"]) == nil)
        #expect(ClosestName.to("totl", among: ["total", "tote"]) == "total")
        #expect(ClosestName.suggestion(for: "Ordr", among: ["Order"]) == "; did you mean 'Order'?")
        #expect(ClosestName.suggestion(for: "Zebra", among: ["Order"]) == "")
    }

    @Test("Suggestions: register a transformer, declare an identity, list a date's formats")
    func suggestions() throws {
        let transformer = try decodingError(#"{"orderID": 1, "note": "x"}"#)
        #expect(transformer.recoverySuggestion?.contains(#"forName: .init("NoSuchTransformer")"#) == true)
        let scalar = try decodingError(#"{"orderID": 1, "customer": "Ann"}"#)
        #expect(
            scalar.recoverySuggestion?.contains("add identityAttributes to the userInfo of entity 'Customer'") == true
        )
        let date = try decodingError(#"{"orderID": 1, "placed": 1484238324}"#)
        #expect(date.recoverySuggestion?.contains("dateFormats = secondsSince1970") == true)
        // localizedDescription says what the description says.
        #expect(date.localizedDescription == date.description)
    }
}
