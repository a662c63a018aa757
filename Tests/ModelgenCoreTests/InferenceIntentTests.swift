import Foundation
import ModelMapper
import ModelgenCore
import Testing

/// What inference keeps of the samples' intent (issue 52): a number's text stays a `String`
/// unless numbers sent as strings are asked for, and then only where each comes back as sent;
/// one page of samples makes nothing required under `optionalByDefault`; a key only ever null
/// is an optional `String`.
@Suite("ModelInference: forms that cannot lose data, and the samples' intent")
struct InferenceIntentTests {
    private func infer(_ json: String, _ configure: (inout ModelInference.Options) -> Void = { _ in }) throws
        -> ModelInference.Result
    {
        var options = ModelInference.Options()
        configure(&options)
        return try ModelInference.infer(
            from: [ModelInference.Sample(name: "sample.json", data: Data(json.utf8))],
            options: options
        )
    }

    private func attribute(_ result: ModelInference.Result, _ name: String) throws -> AttributeDescription {
        try #require(result.model.entitiesByName["Sample"]?.attributesByName[name], "no \(name) in\n\(result.contents)")
    }

    /// Postcodes, totals and prices sent as strings, as a shop's API sends them.
    static let numbersAsText = #"""
        [{"zip": "14304", "total": "42", "price": "24.99", "mixed": "3", "negative": "-0", "long": "0.123456789012345678"},
         {"zip": "10001", "total": "-7", "price": "9.50", "mixed": "24.99", "negative": "5", "long": "1.000000000000000001"}]
        """#

    @Test("a number's text is a String by default, kept as sent, with a note that says how to ask for numbers")
    func numbersTextIsStringByDefault() throws {
        let result = try infer(Self.numbersAsText)
        for name in ["zip", "total", "price", "mixed", "negative", "long"] {
            #expect(try attribute(result, name).attributeType == .string, "\(name)")
            #expect(try attribute(result, name).userInfo["jsonForm"] == nil, "\(name)")
        }
        #expect(
            result.guesses.contains { $0.subject == "Sample.zip" && $0.evidence.contains("--numbers-from-strings") }
        )
        // "02134" after "14304": read as sent.
        let object = try ModelDecoder(model: result.model)
            .decodeObject(
                of: try #require(result.model.entitiesByName["Sample"]),
                from: Data(
                    #"{"zip": "02134", "total": "1", "price": "1", "mixed": "1", "negative": "1", "long": "1"}"#.utf8
                )
            )
        #expect(object.value(forKey: "zip") as? String == "02134")
    }

    @Test("numbers from strings: only where every sample comes back as it was sent")
    func numbersFromStringsWhenCanonical() throws {
        let result = try infer(Self.numbersAsText) { $0.numbersFromStrings = true }
        #expect(try attribute(result, "zip").attributeType == .integer64)
        #expect(try attribute(result, "zip").userInfo["jsonForm"] == "string")
        #expect(try attribute(result, "total").attributeType == .integer64)
        let price = try attribute(result, "price")
        #expect(price.attributeType == .double)
        #expect(price.userInfo["jsonForm"] == "string")
        #expect(price.userInfo["jsonFractionDigits"] == "2")
        // "3" beside "24.99": no one scale writes both back as sent. "-0": no number keeps the sign.
        #expect(try attribute(result, "mixed").attributeType == .string)
        #expect(try attribute(result, "negative").attributeType == .string)
        #expect(try attribute(result, "long").attributeType == .decimal)
        let decimals = try infer(Self.numbersAsText) { $0.decimalStrings = true }
        #expect(try attribute(decimals, "price").attributeType == .decimal)
        #expect(try attribute(decimals, "zip").attributeType == .integer64)
    }

    @Test("optional by default: every property but the identity, however many samples had it")
    func optionalByDefault() throws {
        let json =
            #"[{"id": 1, "name": "a", "tags": ["x"], "owner": {"login": "o"}}, {"id": 2, "name": "b", "tags": [], "owner": {"login": "p"}}]"#
        let seen = try infer(json)
        #expect(try !attribute(seen, "name").isOptional)
        let result = try infer(json) { $0.optionalByDefault = true }
        let sample = try #require(result.model.entitiesByName["Sample"])
        #expect(sample.identityAttributes.map(\.name) == ["id"])
        #expect(try !attribute(result, "id").isOptional)
        #expect(try attribute(result, "name").isOptional)
        #expect(try attribute(result, "tags").isOptional)
        #expect(sample.relationshipsByName["owner"]?.isOptional == true)
        #expect(
            result.guesses.contains { $0.subject == "Sample.name" && $0.evidence.contains("--optional-by-default") }
        )
        // A record without them decodes: nothing is required but the identity.
        let object = try ModelDecoder(model: result.model).decodeObject(of: sample, from: Data(#"{"id": 3}"#.utf8))
        #expect(object.value(forKey: "name") == nil)
        #expect(throws: (any Error).self) {
            try ModelDecoder(model: result.model).decodeObject(of: sample, from: Data(#"{"name": "c"}"#.utf8))
        }
    }

    @Test("a key only ever null is an optional String with a note; kept as JSON when asked")
    func onlyNullIsOptionalString() throws {
        let json = #"[{"id": 1, "deleted_at": null}, {"id": 2, "deleted_at": null}]"#
        let result = try infer(json)
        let attribute = try #require(result.model.entitiesByName["Sample"]?.attributes.first { $0.name == "deletedAt" })
        #expect(attribute.attributeType == .string)
        #expect(attribute.isOptional)
        #expect(
            result.guesses.contains {
                $0.subject == "Sample.deletedAt" && !$0.isSure && $0.evidence.contains("only null")
            }
        )
        let kept = try infer(json) { $0.keepsUnknownAsJSON = true }
        #expect(
            kept.model.entitiesByName["Sample"]?.attributes.first { $0.name == "deletedAt" }?.attributeType
                == .undefined
        )
    }

    @Test("dates as APIs send them: ISO 8601 without a zone read as UTC (unsure), times since 1970 by name and range")
    func datesAsAPIsSendThem() throws {
        let json = #"""
            [{"date_created": "2018-04-03T23:05:12", "date_modified": "2018-04-03T23:05:12.5", "created_at": 1712345678,
              "timestamp": 1712345678901, "count": 1712345678, "date": 1745868771726.578, "sent_at": 1745868771726578},
             {"date_created": "2019-01-30T08:00:00", "date_modified": "2019-01-30T08:00:01.25", "created_at": 1712349999,
              "timestamp": 1712349999000, "count": 5, "date": 1745868771000, "sent_at": 1745868771000001}]
            """#
        let result = try infer(json)
        for name in ["dateCreated", "dateModified"] {
            #expect(try attribute(result, name).attributeType == .date, "\(name)")
            #expect(try attribute(result, name).userInfo["dateFormats"] == "iso8601 UTC", "\(name)")
            #expect(result.guesses.contains { $0.subject == "Sample.\(name)" && !$0.isSure })
        }
        #expect(try attribute(result, "createdAt").userInfo["dateFormats"] == "secondsSince1970")
        #expect(try attribute(result, "timestamp").userInfo["dateFormats"] == "millisecondsSince1970")
        #expect(try attribute(result, "sentAt").userInfo["dateFormats"] == "microsecondsSince1970")
        // Not named like a date: a number, whatever its range.
        #expect(try attribute(result, "count").attributeType == .integer64)
        // Whatever `date` became, the samples come back as they were sent.
        let entity = try #require(result.model.entitiesByName["Sample"])
        let decoder = ModelDecoder(model: result.model)
        for sample in try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any]) {
            let text = try JSONSerialization.data(withJSONObject: sample)
            let object = try decoder.decodeObject(of: entity, from: text)
            let written = try ModelEncoder().encode(object)
            let again = try decoder.decodeObject(of: entity, from: written)
            #expect(try ModelEncoder().encode(again) == written)
        }
        let original = try ModelDecoder(model: result.model).decodeObjects(of: entity, from: Data(json.utf8))
        let encoded = String(decoding: try ModelEncoder().encode(original), as: UTF8.self)
        for text in [
            "2018-04-03T23:05:12", "2019-01-30T08:00:01.25", "1712345678901", "1745868771726.578", "1745868771726578",
        ] {
            #expect(encoded.contains(text), "\(text) in \(encoded)")
        }
    }

    @Test("RFC 1123 dates, as HTTP sends them, are Dates in that form, written back as sent")
    func rfc1123Dates() throws {
        let json =
            #"[{"last_modified": "Tue, 03 Apr 2018 23:05:12 GMT"}, {"last_modified": "Wed, 30 Jan 2019 08:00:00 GMT"}]"#
        let result = try infer(json)
        #expect(try attribute(result, "lastModified").attributeType == .date)
        #expect(try attribute(result, "lastModified").userInfo["dateFormats"] == "rfc1123")
        let entity = try #require(result.model.entitiesByName["Sample"])
        let objects = try ModelDecoder(model: result.model).decodeObjects(of: entity, from: Data(json.utf8))
        let written = String(decoding: try ModelEncoder().encode(objects), as: UTF8.self)
        #expect(
            written
                == #"[{"last_modified":"Tue, 03 Apr 2018 23:05:12 GMT"},{"last_modified":"Wed, 30 Jan 2019 08:00:00 GMT"}]"#
        )
    }

    @Test("a date-time with a zone in one sample and none in another is not declared in one form")
    func mixedZonesStayText() throws {
        let result = try infer(#"[{"updated_at": "2018-04-03T23:05:12"}, {"updated_at": "2018-04-03T23:05:12Z"}]"#)
        #expect(try attribute(result, "updatedAt").attributeType == .string)
    }
    /// Orders and products, as two endpoints of a shop's API send them.
    static let orders = #"[{"id": 1, "status": "paid", "total": "5.00", "customer_id": 7, "line_items": []}]"#
    static let products = #"[{"id": 9, "name": "Mug", "sku": "M-1", "price": "4.00", "stock": 3, "images": []}]"#

    @Test("samples of different endpoints are refused as one entity, naming --entity; given theirs, two roots")
    func differentEndpoints() throws {
        let samples = [
            ModelInference.Sample(name: "orders.json", data: Data(Self.orders.utf8)),
            ModelInference.Sample(name: "products.json", data: Data(Self.products.utf8)),
        ]
        let error = try #require(throws: ModelInferenceError.self) { try ModelInference.infer(from: samples) }
        #expect(error.description.contains("share 1 of 10 keys"), "\(error)")
        #expect(error.description.contains("--entity orders.json=Order"), "\(error)")
        var named = samples
        named[1].rootEntity = "Product"
        let result = try ModelInference.infer(from: named)
        let model = result.model
        #expect(model.entitiesByName["Order"]?.attributesByName["sku"] == nil, "\(result.contents)")
        #expect(model.entitiesByName["Product"]?.attributesByName["sku"] != nil, "\(result.contents)")
        #expect(model.entitiesByName["Product"]?.userInfo["jsonRootKeyPath"] == "")
        #expect(model.entitiesByName["Order"]?.userInfo["jsonRootKeyPath"] == "")
        // Two pages of one endpoint are one entity, as before.
        let pages = [
            ModelInference.Sample(name: "orders.json", data: Data(Self.orders.utf8)),
            ModelInference.Sample(
                name: "orders-2.json",
                data: Data(Self.orders.replacingOccurrences(of: "7", with: "8").utf8)
            ),
        ]
        #expect(try ModelInference.infer(from: pages).model.entities.count == 1)
    }

    @Test(
        "ISO 8601 dates always sent at one offset, or with one number of fraction digits, are Dates that write them so"
    )
    func datesAsSent() throws {
        let json = #"""
            [{"at": "2018-04-03T23:05:12+02:00", "stamp": "2024-05-01T09:30:00.000Z", "utc": "2024-05-01T09:30:00Z"},
             {"at": "2018-05-03T10:00:00+02:00", "stamp": "2024-05-02T09:30:00.120Z", "utc": "2024-05-02T09:30:00.5Z"}]
            """#
        let result = try infer(json)
        // Always +02:00: a Date written at that offset, reported unsure.
        let at = try attribute(result, "at")
        #expect(at.attributeType == .date && at.userInfo["dateFormats"] == "iso8601 +02:00")
        // Always three digits: a Date whose seconds are written with three.
        let stamp = try attribute(result, "stamp")
        #expect(stamp.attributeType == .date && stamp.userInfo["jsonFractionDigits"] == "3")
        #expect(try attribute(result, "utc").attributeType == .date)
        #expect(try attribute(result, "utc").userInfo["jsonFractionDigits"] == nil)
        let sample = try #require(result.model.entitiesByName["Sample"])
        let objects = try ModelDecoder(model: result.model).decodeObjects(of: sample, from: Data(json.utf8))
        let written = try ModelEncoder().encodeJSON(objects)
        #expect(written.isEquivalent(to: try JSONValue.parse(Data(json.utf8))))
    }

    @Test(
        "dates no one form writes back as sent stay strings, as sent",
        arguments: [
            // Fraction digits of different lengths, some written otherwise.
            #"[{"stamp": "2024-05-01T09:30:00.000Z"}, {"stamp": "2024-05-02T09:30:00.10Z"}]"#,
            // Two offsets (daylight saving), or an offset and UTC.
            #"[{"stamp": "2024-05-01T09:30:00+02:00"}, {"stamp": "2024-12-02T09:30:00+01:00"}]"#,
            #"[{"stamp": "2024-05-01T09:30:00+02:00"}, {"stamp": "2024-12-02T09:30:00Z"}]"#,
            // An offset the form does not write (+0200 is written +02:00).
            #"[{"stamp": "2024-05-01T09:30:00+0200"}]"#,
        ]
    )
    func datesWrittenOtherwiseStayStrings(json: String) throws {
        let result = try infer(json)
        #expect(try attribute(result, "stamp").attributeType == .string)
    }
}
