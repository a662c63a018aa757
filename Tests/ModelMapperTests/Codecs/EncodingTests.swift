import AuthorsKit
import Foundation
import ModelMapper
import TestModels
import TestSupport
import Testing

@Suite("Encoding: null policy, formatting, key paths, inverses and cycles")
struct EncodingTests {
    let model: ObjectModel

    init() throws {
        model = try AuthorsModelLoader.load()
    }

    private func book(_ json: JSONValue) throws -> ModelObject {
        try ModelDecoder(model: model).decodeObject(of: #require(model.entitiesByName["Book"]), from: json)
    }

    @Test("null policy: as decoded, always, never")
    func nullPolicy() throws {
        let object = try book(["book_id": 1, "title": "T", "rating": nil])
        #expect(try ModelEncoder().encodeJSON(object) == ["book_id": 1, "rating": nil, "title": "T"])
        var always = ModelEncoder.Options()
        always.nullEncoding = .always
        let full = try ModelEncoder(options: always).encodeJSON(object)
        #expect(full["year"] == .null)
        #expect(full["pricing"] == .null)
        #expect(full["author"] == .null)
        // An unset to-many is empty, as value(forKey:) reads it; one decoded as null stays null.
        let author = try ModelDecoder(model: model)
            .decodeObject(
                of: #require(model.entitiesByName["Author"]),
                from: ["author_id": 7, "lastName": "Twain"]
            )
        #expect((author.value(forKey: "books") as? [ModelObject])?.isEmpty == true)
        #expect(try ModelEncoder(options: always).encodeJSON(author)["books"] == [])
        let nullBooks = try ModelDecoder(model: model)
            .decodeObject(
                of: #require(model.entitiesByName["Author"]),
                from: ["author_id": 7, "lastName": "Twain", "books": nil]
            )
        #expect(try ModelEncoder(options: always).encodeJSON(nullBooks)["books"] == .null)
        var never = ModelEncoder.Options()
        never.nullEncoding = .never
        #expect(try ModelEncoder(options: never).encodeJSON(object) == ["book_id": 1, "title": "T"])
    }

    @Test("pretty-printed and sorted output")
    func formatting() throws {
        let object = try book(["title": "T", "book_id": 1, "year": 1900])
        let sorted = try ModelEncoder(options: .init(outputFormatting: [.sortedKeys])).encode(object)
        #expect(String(decoding: sorted, as: UTF8.self) == #"{"book_id":1,"title":"T","year":1900}"#)
        let pretty = try ModelEncoder(options: .init(outputFormatting: [.prettyPrinted, .sortedKeys])).encode(object)
        #expect(
            String(decoding: pretty, as: UTF8.self) == "{\n  \"book_id\": 1,\n  \"title\": \"T\",\n  \"year\": 1900\n}"
        )
    }

    @Test("model order by default: properties in the entity's order")
    func modelOrder() throws {
        let object = try book(["title": "T", "year": 1900, "book_id": 1])
        #expect(try ModelEncoder().encodeJSON(object).jsonText() == #"{"book_id":1,"title":"T","year":1900}"#)
    }

    @Test("flattened attributes and a to-one at the same key merge into one object")
    func flattenedMerge() throws {
        let object = try book(["book_id": 1, "title": "T"])
        try object.setValue(Decimal(string: "9.99"), forKey: "retailPrice")
        let pricing = Pricing(entity: try #require(model.entitiesByName["Pricing"]))
        pricing.listPrice = Decimal(string: "12.50")
        try object.set(modelObject: pricing, forKey: "pricing")
        let json = try ModelEncoder().encodeJSON(object)
        #expect(json["pricing"] == ["retail_price": 9.99, "currency": "USD", "list_price": 12.5])
    }

    @Test("an owner's flattened attribute that cannot be written fails at its path, with or without a kept source")
    func unwritableOwnerAttribute() throws {
        for unknownKeys in [ModelDecoder.Options.UnknownKeys.ignore, .keep] {
            var options = ModelDecoder.Options()
            options.unknownKeys = unknownKeys
            let json: JSONValue = [
                "book_id": 1, "title": "T", "pricing": ["retail_price": 9.99, "list_price": 12.5, "note": "n"],
            ]
            let object = try ModelDecoder(model: model, options: options)
                .decodeObject(
                    of: #require(model.entitiesByName["Book"]),
                    from: json
                )
            try object.setValue(Decimal.nan, forKey: "retailPrice")
            let error = #expect(throws: MappingError.self, "\(unknownKeys)") { try ModelEncoder().encode(object) }
            #expect(error?.code == .notRepresentable, "\(unknownKeys)")
            #expect(error?.path.description == "$.pricing.retail_price", "\(unknownKeys)")
            #expect(error?.propertyName == "retailPrice", "\(unknownKeys)")
            // The encoder is left sound: the same object, fixed, is written whole.
            try object.setValue(Decimal(string: "9.99"), forKey: "retailPrice")
            let pricing = try ModelEncoder().encodeJSON(object)["pricing"]
            #expect(pricing?["retail_price"] == 9.99 && pricing?["list_price"] == 12.5, "\(unknownKeys)")
        }
    }

    @Test("two flattened attributes sharing a prefix land in one nested object")
    func sharedPrefix() throws {
        let catalog = try ObjectModel(contentsOf: TestPaths.model("Catalog"))
        let product = ModelObject(entity: try #require(catalog.entitiesByName["Product"]))
        try product.setValue("S", forKey: "sku")
        try product.setValue("N", forKey: "name")
        try product.setValue(Decimal(5), forKey: "price")
        try product.setValue("EUR", forKey: "currency")
        let json = try ModelEncoder().encodeJSON(product)
        #expect(json["price"] == ["currency": "EUR", "amount": 5])
    }

    @Test("the inverse of the relationship being encoded is not written")
    func inverseNotWritten() throws {
        let author = try Author(
            dictionary: ["author_id": 1, "lastName": "T", "books": [["book_id": 2, "title": "B"]]],
            entity: #require(model.entitiesByName["Author"])
        )
        let json = try ModelEncoder().encodeJSON(author)
        #expect(json["books"] == [["book_id": 2, "title": "B"]])
        // Encoded from the book's side, the author is written and its books are not.
        let fromBook = try ModelEncoder().encodeJSON(author.books[0])
        #expect(fromBook["author"] == ["author_id": 1, "lastName": "T"])
    }

    @Test("a cycle without an inverse is written as a reference, or fails without identity")
    func cycles() throws {
        let model = try SelfLinkingModel.load()
        let personEntity = try #require(model.entitiesByName["Person"])
        let ann = ModelObject(entity: personEntity)
        let bob = ModelObject(entity: personEntity)
        try ann.setValue(1, forKey: "id")
        try ann.setValue("Ann", forKey: "name")
        try bob.setValue(2, forKey: "id")
        try bob.setValue("Bob", forKey: "name")
        try ann.set(modelObject: bob, forKey: "friend")
        try bob.set(modelObject: ann, forKey: "friend")
        #expect(
            try ModelEncoder().encodeJSON(ann) == [
                "id": 1, "name": "Ann", "friend": ["id": 2, "name": "Bob", "friend": ["id": 1]],
            ]
        )

        let nodeEntity = try #require(model.entitiesByName["Node"])
        let node = ModelObject(entity: nodeEntity)
        try node.set(modelObject: node, forKey: "next")
        let error = #expect(throws: MappingError.self) { try ModelEncoder().encodeJSON(node) }
        #expect(error?.path.description == "$.next")
        #expect(error?.found == "a cycle back to this Node")
    }

    @Test("encode(_:at:) wraps the array at a key path")
    func wrapped() throws {
        let object = try book(["book_id": 1, "title": "T"])
        let data = try ModelEncoder().encode([object], at: "data.books")
        #expect(try JSONValue.parse(data) == ["data": ["books": [["book_id": 1, "title": "T"]]]])
    }

    @Test("dates, data, UUIDs and URLs are written in their JSON forms")
    func valueForms() throws {
        let catalog = try ObjectModel(contentsOf: TestPaths.model("Catalog"))
        let product = ModelObject(entity: try #require(catalog.entitiesByName["Product"]))
        try product.setValue("S", forKey: "sku")
        try product.setValue("N", forKey: "name")
        try product.setValue(Date(timeIntervalSince1970: 0), forKey: "releasedAt")
        try product.setValue(Data([0, 1, 2]), forKey: "thumbnail")
        try product.setValue(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), forKey: "uuid")
        try product.setValue(URL(string: "https://example.com/x"), forKey: "homepage")
        try product.setValue(Float(0.1), forKey: "rating")
        let json = try ModelEncoder().encodeJSON(product)
        #expect(json["released_at"] == "1970-01-01T00:00:00Z")
        #expect(json["thumbnail"] == "AAEC")
        #expect(json["id"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(json["homepage"] == "https://example.com/x")
        #expect(json["rating"] == .number("0.1"))
        var seconds = ModelEncoder.Options()
        seconds.dateFormat = .secondsSince1970
        #expect(try ModelEncoder(options: seconds).encodeJSON(product)["released_at"] == 0)
    }

    @Test("a date a format cannot write is an error naming the property, not a wrong date")
    func unwritableDates() throws {
        let catalog = try ObjectModel(contentsOf: TestPaths.model("Catalog"))
        let product = ModelObject(entity: try #require(catalog.entitiesByName["Product"]))
        try product.setValue("S", forKey: "sku")
        try product.setValue("N", forKey: "name")
        for date in [
            Date(timeIntervalSince1970: 253_402_300_800), Date(timeIntervalSince1970: -62_135_769_601),
            Date(timeIntervalSince1970: .infinity),
        ] {
            try product.setValue(date, forKey: "releasedAt")
            let error = #expect(throws: MappingError.self, "\(date)") { try ModelEncoder().encode(product) }
            #expect(error?.code == .notRepresentable, "\(date)")
            #expect(error?.path.description == "$.released_at" && error?.propertyName == "releasedAt", "\(date)")
        }
        // The last second of year 9999 and the first of year 1 are written (Foundation writes
        // dates before 1582 in the Julian calendar: 0001-01-03 for the proleptic 0001-01-01,
        // and its 0001-01-01 two days earlier is the first date written).
        try product.setValue(Date(timeIntervalSince1970: 253_402_300_799), forKey: "releasedAt")
        #expect(try ModelEncoder().encodeJSON(product)["released_at"] == "9999-12-31T23:59:59Z")
        try product.setValue(Date(timeIntervalSince1970: -62_135_596_800), forKey: "releasedAt")
        #expect(try ModelEncoder().encodeJSON(product)["released_at"] == "0001-01-03T00:00:00Z")
        try product.setValue(Date(timeIntervalSince1970: -62_135_769_600), forKey: "releasedAt")
        #expect(try ModelEncoder().encodeJSON(product)["released_at"] == "0001-01-01T00:00:00Z")
    }

    @Test("strings are escaped as JSON requires")
    func escaping() throws {
        let object = try book(["book_id": 1, "title": "a \"quote\", a \\ and a /\n\u{1}é"])
        let text = try ModelEncoder().encodeJSON(object).jsonText()
        #expect(text.contains(#""a \"quote\", a \\ and a \/\n\u0001é""#))
        #expect(try JSONValue.parse(Data(text.utf8))["title"] == "a \"quote\", a \\ and a /\n\u{1}é")
    }
}

/// `nullEncoding` per kind of property: Sync's export writes nil attributes as `null` and leaves
/// nil to-ones and Transformables out.
@Suite("Encoding: nulls per kind of property")
struct NullEncodingPerKindTests {
    static let xml = """
        <model>
          <entity name="User">
            <attribute name="remoteID" attributeType="Integer 64"/>
            <attribute name="name" optional="YES" attributeType="String"/>
            <attribute name="settings" optional="YES" attributeType="Transformable"/>
            <relationship name="company" optional="YES" maxCount="1" destinationEntity="Company" inverseName="users" inverseEntity="Company"/>
            <relationship name="notes" optional="YES" toMany="YES" destinationEntity="Note" inverseName="user" inverseEntity="Note"/>
          </entity>
          <entity name="Company">
            <attribute name="remoteID" attributeType="Integer 64"/>
            <relationship name="users" optional="YES" toMany="YES" destinationEntity="User" inverseName="company" inverseEntity="User"/>
          </entity>
          <entity name="Note">
            <attribute name="remoteID" attributeType="Integer 64"/>
            <relationship name="user" optional="YES" maxCount="1" destinationEntity="User" inverseName="notes" inverseEntity="User"/>
          </entity>
        </model>
        """

    func written(_ json: String, _ encoding: ModelEncoder.Options.NullEncoding) throws -> String {
        // Sync's keys, with the Transformable kept (the preset leaves one without a transformer out).
        var conventions = ModelConventions.sync
        conventions.ignoresTransformablesWithoutTransformer = false
        let model = try ObjectModel(xml: Self.xml, conventions: conventions)
        let user = try ModelDecoder(model: model)
            .decodeObject(of: try #require(model.entity(named: "User")), from: Data(json.utf8))
        var options = ModelEncoder.Options()
        options.nullEncoding = encoding
        return String(decoding: try ModelEncoder(options: options).encode(user), as: UTF8.self)
    }

    @Test("Sync's export: nil attributes as null, nil to-ones and Transformables left out")
    func sync() throws {
        let sync = ModelEncoder.Options.NullEncoding.perKind(
            attributes: .always,
            transformables: .never,
            toOnes: .never,
            toManys: .asDecoded
        )
        #expect(try written(#"{"id":1}"#, sync) == #"{"id":1,"name":null}"#)
        #expect(try written(#"{"id":1,"settings":null,"company":null}"#, sync) == #"{"id":1,"name":null}"#)
        #expect(
            try written(#"{"id":1,"settings":{"a":1},"company":{"id":2}}"#, sync)
                == #"{"id":1,"name":null,"settings":{"a":1},"company":{"id":2}}"#
        )
        #expect(try written(#"{"id":1,"notes":null}"#, sync) == #"{"id":1,"name":null,"notes":null}"#)
    }

    @Test("each kind alone; a kind given per kind again takes its own part")
    func eachKind() throws {
        let json = #"{"id":1}"#
        let all = #"{"id":1,"name":null,"settings":null,"company":null,"notes":[]}"#
        #expect(try written(json, .always) == all)
        #expect(
            try written(json, .perKind(attributes: .always, transformables: .always, toOnes: .always, toManys: .always))
                == all
        )
        #expect(
            try written(json, .perKind(attributes: .never, transformables: .never, toOnes: .never, toManys: .always))
                == #"{"id":1,"notes":[]}"#
        )
        #expect(
            try written(json, .perKind(attributes: .never, transformables: .always, toOnes: .never, toManys: .never))
                == #"{"id":1,"settings":null}"#
        )
        #expect(
            try written(json, .perKind(attributes: .never, transformables: .never, toOnes: .always, toManys: .never))
                == #"{"id":1,"company":null}"#
        )
        let nested = ModelEncoder.Options.NullEncoding.perKind(
            attributes: .perKind(attributes: .always, transformables: .never, toOnes: .never, toManys: .never),
            transformables: .never,
            toOnes: .never,
            toManys: .never
        )
        #expect(try written(json, nested) == #"{"id":1,"name":null}"#)
    }
}
