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

    @Test("A required key held under another casing or a near spelling: said, with the setting, by decoder and graph")
    func missingKeyElsewhere() throws {
        let xml = """
            <model>
              <entity name="Entry">
                <attribute name="entryID" attributeType="Integer 64"/>
                <attribute name="dateString" attributeType="String"/>
                <attribute name="glucose" attributeType="Integer 32"/>
                <attribute name="note" optional="YES" attributeType="String"/>
                <userInfo><entry key="identityAttributes" value="entryID"/></userInfo>
              </entity>
            </model>
            """
        let snake = try ObjectModel(xml: xml, conventions: ModelConventions(keyCasing: .snakeCase))
        let json = Data(#"[{"entry_id": 1, "dateString": "2025-04-28", "glucos": 98, "note": "x"}]"#.utf8)
        var options = ModelDecoder.Options()
        options.collectsAllErrors = true
        let decoded = try #require(throws: MappingErrors.self) {
            try ModelDecoder(model: snake, options: options)
                .decodeObjects(of: try #require(snake.entitiesByName["Entry"]), from: json)
        }
        let expected = [
            "$[0].date_string: Entry.dateString: a value (String) is required, but the JSON has none and the model "
                + "gives no default: the object has 'dateString' (camelCase); this model reads snake_case "
                + "(conventions: keyCasing)",
            "$[0].glucose: Entry.glucose: a value (Integer 32) is required, but the JSON has none and the model "
                + "gives no default: the object has 'glucos', which no property reads; did you mean it?",
        ]
        #expect(decoded.errors.map(\.description) == expected)
        let merged = try #require(throws: MappingErrors.self) {
            try ObjectGraph(model: snake).merge(json, entity: "Entry")
        }
        #expect(merged.errors.map(\.description).sorted() == expected)
        // The other way round: a snake_case document, a model read by its own names.
        let plain = try ObjectModel(xml: xml)
        let error = try #require(throws: MappingError.self) {
            try ModelDecoder(model: plain)
                .decodeObject(
                    of: try #require(plain.entitiesByName["Entry"]),
                    from: Data(#"{"entryID": 1, "date_string": "x", "glucose": 1}"#.utf8)
                )
        }
        #expect(
            error.detail
                == "the object has 'date_string' (snake_case); this model reads the property names as they are "
                + "(conventions: keyCasing)"
        )
        // A key that another property reads is not offered.
        let taken = try #require(throws: MappingError.self) {
            try ModelDecoder(model: plain)
                .decodeObject(
                    of: try #require(plain.entitiesByName["Entry"]),
                    from: Data(#"{"entryID": 1, "dateString": "x", "note": "glucose"}"#.utf8)
                )
        }
        #expect(taken.detail == nil)
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
