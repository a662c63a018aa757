import Foundation
import ModelMapper
import TestModels
import TestSupport
import Testing

/// The Catalog model's Product entity, which has an attribute of every type.
private let catalog = Result { try ObjectModel(contentsOf: TestPaths.model("Catalog")) }

private func product() throws -> EntityDescription {
    try #require(try catalog.get().entitiesByName["Product"])
}

/// Decodes a Product from `fields` plus the required ones.
private func decodeProduct(_ fields: JSONValue, options: ModelDecoder.Options = .init()) throws -> ModelObject {
    guard case .object(var object) = fields else { throw MappingError(.typeMismatch) }
    if object["sku"] == nil { object["sku"] = "S" }
    if object["name"] == nil { object["name"] = "N" }
    return try ModelDecoder(model: catalog.get(), options: options).decodeObject(of: product(), from: .object(object))
}

private func decodingError(_ fields: JSONValue, options: ModelDecoder.Options = .init()) -> MappingError? {
    do {
        _ = try decodeProduct(fields, options: options)
        return nil
    } catch {
        return error as? MappingError
    }
}

@Suite("Decoding: JSON values converted to attribute types")
struct DecodingConversionTests {
    @Test("numbers to integers, doubles, floats and exact decimals")
    func numbers() throws {
        let object = try decodeProduct([
            "quantity": 12, "views": 70000, "serial": 9_007_199_254_740_993, "weight": 1.25, "rating": 4.5,
            "price": ["amount": 0.1],
        ])
        #expect(object.value(forKey: "quantity") as? Int16 == 12)
        #expect(object.value(forKey: "views") as? Int32 == 70000)
        #expect(object.value(forKey: "serial") as? Int64 == 9_007_199_254_740_993)
        #expect(object.value(forKey: "weight") as? Double == 1.25)
        #expect(object.value(forKey: "rating") as? Float == 4.5)
        #expect(object.value(forKey: "price") as? Decimal == Decimal(string: "0.1"))
    }

    @Test("numeric strings convert when lenient, and are errors when strict")
    func numericStrings() throws {
        let lenient = try decodeProduct(["quantity": "101", "weight": "2.5", "price": ["amount": "19.99"]])
        #expect(lenient.value(forKey: "quantity") as? Int16 == 101)
        #expect(lenient.value(forKey: "weight") as? Double == 2.5)
        // Exact from a string: no binary floating point on the way.
        #expect(lenient.value(forKey: "price") as? Decimal == Decimal(sign: .plus, exponent: -2, significand: 1999))
        var strict = ModelDecoder.Options()
        strict.strictness = .strict
        let error = decodingError(["quantity": "101"], options: strict)
        #expect(error?.code == .typeMismatch)
        #expect(error?.description == #"$.quantity: Product.quantity: expected Integer 16, found "101""#)
    }

    @Test(
        "out-of-range numbers are errors, never traps",
        arguments: [
            ("quantity", JSONValue.number("70000"), "Integer 16 (-32768...32767)"),
            ("views", .number("3000000000"), "Integer 32 (-2147483648...2147483647)"),
            ("serial", .number("99999999999999999999"), "Integer 64 (-9223372036854775808...9223372036854775807)"),
            ("quantity", .string("-40000"), "Integer 16 (-32768...32767)"),
            ("rating", .number("1e39"), "a Float"),
            ("weight", .number("1e400"), "a Double"),
        ]
    )
    func outOfRange(key: String, value: JSONValue, expected: String) {
        var fields = JSONObject()
        fields[key] = value
        let error = decodingError(.object(fields))
        #expect(error?.code == .valueOutOfRange)
        #expect(error?.expected?.hasPrefix(expected) == true, "\(String(describing: error))")
        #expect(error?.path.description == "$.\(key)")
    }

    @Test(
        "huge exponents and endless digits are errors, never traps or rounding",
        arguments: [
            ("quantity", JSONValue.string("1e-9223372036854775808"), MappingError.Code.invalidValue),
            ("quantity", .number("1e-9223372036854775808"), .invalidValue),
            ("serial", .number("1e9223372036854775807"), .valueOutOfRange),
            ("serial", .string("-1E+99999999999999999999999"), .valueOutOfRange),
            ("views", .number("1." + String(repeating: "0", count: 100_000) + "1"), .invalidValue),
            ("price.amount", .number("1e-9223372036854775808"), .valueOutOfRange),
            ("price.amount", .number(String(repeating: "7", count: 60)), .valueOutOfRange),
            ("price.amount", .string("9e200"), .valueOutOfRange),
            ("available", .number("1e-9223372036854775808"), .invalidValue),
            ("available", .number("1.0000000000000000000000001"), .invalidValue),
        ]
    )
    func hostileNumbers(keyPath: String, value: JSONValue, code: MappingError.Code) {
        var fields = JSONObject()
        let keys = keyPath.split(separator: ".").map(String.init)
        if keys.count == 2 {
            var inner = JSONObject()
            inner[keys[1]] = value
            fields[keys[0]] = .object(inner)
        } else {
            fields[keyPath] = value
        }
        // Numeric strings are read as numbers whatever their spelling, so that the engine is what
        // is tested (by default, an exponent in a string is refused before it is read: see
        // JSONFormTests).
        var options = ModelDecoder.Options()
        options.acceptsReformattedNumbers = true
        let error = decodingError(.object(fields), options: options)
        #expect(error?.code == code, "\(String(describing: error))")
        #expect(error?.path.description == "$.\(keyPath)")
        // The message quotes the start of a long number, never all of it.
        #expect((error?.description.count ?? .max) < 400, "\(String(describing: error).prefix(400))")
    }

    @Test("integers written as 1.0 or 1e3 are integers; 1.5 is not")
    func integralForms() throws {
        #expect(try decodeProduct(["quantity": 1.0]).value(forKey: "quantity") as? Int16 == 1)
        #expect(try decodeProduct(["quantity": .number("1e3")]).value(forKey: "quantity") as? Int16 == 1000)
        #expect(
            try decodeProduct(["serial": .number("9007199254740993.0")]).value(forKey: "serial") as? Int64
                == 9_007_199_254_740_993
        )
        #expect(
            try decodeProduct(["serial": .number("-9.223372036854775808e18")]).value(forKey: "serial") as? Int64
                == Int64.min
        )
        #expect(decodingError(["serial": .number("9.3e18")])?.code == .valueOutOfRange)
        #expect(decodingError(["quantity": 1.5])?.code == .invalidValue)
    }

    @Test(
        "Booleans from true/false, 0/1 and the strings APIs send",
        arguments: [
            (JSONValue.bool(false), false), (.number("1"), true), (.number("0"), false),
            (.string("true"), true), (.string("YES"), true), (.string("no"), false), (.string("0"), false),
        ]
    )
    func booleans(value: JSONValue, expected: Bool) throws {
        #expect(try decodeProduct(["available": value]).value(forKey: "available") as? Bool == expected)
    }

    @Test("strings, and numbers as strings when lenient")
    func strings() throws {
        #expect(try decodeProduct(["name": 42]).value(forKey: "name") as? String == "42")
        var strict = ModelDecoder.Options()
        strict.strictness = .strict
        #expect(decodingError(["name": 42], options: strict)?.code == .typeMismatch)
        #expect(decodingError(["available": "maybe"])?.code == .invalidValue)
    }

    @Test("dates: ISO 8601 by default, seconds or milliseconds since 1970, or a pattern")
    func dates() throws {
        let expected = Date(timeIntervalSince1970: 1_709_285_400)
        #expect(
            try decodeProduct(["released_at": "2024-03-01T09:30:00Z"]).value(forKey: "releasedAt") as? Date == expected
        )
        #expect(
            try decodeProduct(["released_at": "2024-03-01T09:30:00.000Z"]).value(forKey: "releasedAt") as? Date
                == expected
        )
        var seconds = ModelDecoder.Options()
        seconds.dateFormat = .secondsSince1970
        #expect(
            try decodeProduct(["released_at": 1_709_285_400], options: seconds).value(forKey: "releasedAt") as? Date
                == expected
        )
        var milliseconds = ModelDecoder.Options()
        milliseconds.dateFormat = .millisecondsSince1970
        #expect(
            try decodeProduct(["released_at": 1_709_285_400_000], options: milliseconds).value(forKey: "releasedAt")
                as? Date == expected
        )
        var pattern = ModelDecoder.Options()
        pattern.dateFormat = .pattern("dd/MM/yyyy HH:mm")
        #expect(
            try decodeProduct(["released_at": "01/03/2024 09:30"], options: pattern).value(forKey: "releasedAt")
                as? Date == expected
        )
        let error = decodingError(["released_at": "yesterday"])
        #expect(error?.code == .invalidValue)
        #expect(
            error?.description
                == #"$.released_at: Product.releasedAt: expected an ISO 8601 date string, found "yesterday""#
        )
    }

    @Test("binary from base64, UUIDs, URLs; malformed ones are errors")
    func binaryUUIDAndURL() throws {
        let object = try decodeProduct([
            "thumbnail": "AAEC", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "homepage": "https://example.com/a?b=1",
        ])
        #expect(object.value(forKey: "thumbnail") as? Data == Data([0, 1, 2]))
        #expect(object.value(forKey: "uuid") as? UUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(object.value(forKey: "homepage") as? URL == URL(string: "https://example.com/a?b=1"))
        #expect(decodingError(["thumbnail": "***"])?.code == .invalidValue)
        #expect(decodingError(["id": "not-a-uuid"])?.code == .invalidValue)
        #expect(decodingError(["homepage": 12])?.code == .typeMismatch)
    }

    @Test(
        "binary reads RFC 4648 base64: padded, standard alphabet, any length",
        arguments: [0, 1, 2, 3, 13, 14, 15, 16, 17, 100, 1_000]
    )
    func base64Lengths(count: Int) throws {
        // Inline (up to 14 bytes) and allocated data alike, every padding, every byte value.
        let bytes = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        let object = try decodeProduct(["thumbnail": .string(bytes.base64EncodedString())])
        #expect(object.value(forKey: "thumbnail") as? Data == bytes)
    }

    @Test("base64 that is not padded, has characters outside the alphabet or padding inside is an error")
    func base64Rejections() throws {
        for text in [
            "QQ", "QUI", "QQ=A", "====", "Q===", "QU=I", "AA EC", "AAE\n", "AA-_", "AAEC=", "=AAA", "AAE=QUJD",
        ] {
            #expect(decodingError(["thumbnail": .string(text)])?.code == .invalidValue, "\(text)")
        }
        #expect(try decodeProduct(["thumbnail": ""]).value(forKey: "thumbnail") as? Data == Data())
        #expect(
            try decodeProduct(["thumbnail": "+/+/"]).value(forKey: "thumbnail") as? Data == Data([0xFB, 0xFF, 0xBF])
        )
    }

    @Test("undefined and object ID attributes keep the JSON value as it is")
    func undefinedKeepsValue() throws {
        let object = try decodeProduct(["extra": ["a": [1, "two", nil]], "legacy_id": "p1"])
        let extra = try #require(object.value(forKey: "extra"))
        #expect(try JSONValue(foundationObject: extra).isEquivalent(to: ["a": [1, "two", nil]]))
        #expect(object.value(forKey: "legacyID") as? String == "p1")
    }

    @Test("composites convert their fields")
    func composite() throws {
        let object = try decodeProduct(["origin": ["city": "Lyon", "zip": 69001, "note": "kept"]])
        let origin = try #require(object.value(forKey: "origin") as? [String: Any])
        #expect(origin["city"] as? String == "Lyon")
        #expect(origin["zip"] as? Int32 == 69001)
        #expect(origin["note"] as? String == "kept")
        #expect(decodingError(["origin": ["zip": "x"]])?.path.description == "$.origin.zip")
    }
}

@Suite("Decoding: absent, null, key paths and errors")
struct DecodingBehaviourTests {
    @Test("a missing non-optional attribute without a default is an error; with a default it is not")
    func missingValues() throws {
        let model = try catalog.get()
        let entity = try product()
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: entity, from: ["sku": "S"])
        }
        #expect(error?.code == .missingValue)
        #expect(
            error?.description
                == "$.name: Product.name: a value (String) is required, but the JSON has none and the model gives no default"
        )
        // `available` is non-optional but has a default: no error, and it stays absent.
        let object = try decodeProduct([:])
        #expect(object.valueState(forKey: "available") == .absent)
        #expect(object.value(forKey: "available") as? Bool == true)
    }

    @Test("null for a non-optional attribute is an error, unless null means absent")
    func nullValues() throws {
        #expect(decodingError(["name": nil])?.code == .nullValue)
        var options = ModelDecoder.Options()
        options.nullHandling = .treatAsAbsent
        #expect(decodingError(["name": nil], options: options)?.code == .missingValue)
        let object = try decodeProduct(["weight": nil], options: options)
        #expect(object.valueState(forKey: "weight") == .absent)
    }

    @Test("flattened key paths read nested objects; a non-object on the way is an error")
    func flattenedPaths() throws {
        let object = try decodeProduct(["price": ["amount": 5, "currency": "EUR"]])
        #expect(object.value(forKey: "currency") as? String == "EUR")
        let error = decodingError(["price": 5])
        #expect(error?.code == .typeMismatch)
        #expect(error?.path.description == "$.price")
        #expect(error?.expected == "an object holding 'amount'" || error?.expected == "an object holding 'currency'")
    }

    @Test("errors carry the JSON path through arrays and nested objects")
    func errorPaths() throws {
        let model = try AuthorsFixtures.model()
        let json: JSONValue = [
            "authors": [
                ["author_id": 1, "lastName": "A"],
                [
                    "author_id": 2, "lastName": "B",
                    "books": [["book_id": 1, "title": "x"], ["book_id": 2, "title": "y", "year": 70000]],
                ],
            ]
        ]
        let entity = try #require(model.entitiesByName["Author"])
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObjects(of: entity, from: json, at: "authors")
        }
        #expect(
            error?.description
                == "$.authors[1].books[1].year: Book.year: expected Integer 16 (-32768...32767), found 70000"
        )
        #expect(error?.entityName == "Book")
        #expect(error?.propertyName == "year")
        #expect(error?.found == "70000")
    }

    @Test("collectsAllErrors reports every error of the document")
    func collectAll() throws {
        var options = ModelDecoder.Options()
        options.collectsAllErrors = true
        let model = try catalog.get()
        do {
            _ = try ModelDecoder(model: model, options: options)
                .decodeObjects(
                    of: product(),
                    from: [
                        ["sku": "A", "name": "x", "quantity": 70000, "id": "nope"],
                        ["sku": "B", "variants": [["code": 5, "stock": "many"]]],
                    ]
                )
            Issue.record("no error")
        } catch let errors as MappingErrors {
            // In the order they are found: a missing value when its object ends.
            #expect(
                errors.errors.map(\.path.description) == [
                    "$[0].quantity", "$[0].id", "$[1].variants[0].stock", "$[1].name",
                ]
            )
            #expect(errors.description.hasPrefix("4 mapping errors:\n  $[0].quantity: "))
        }
    }

    @Test("the wrong JSON type for an object or an array is located")
    func wrongShapes() throws {
        let model = try catalog.get()
        let entity = try product()
        let decoder = ModelDecoder(model: model)
        #expect(throws: MappingError.self) { try decoder.decodeObject(of: entity, from: [1, 2]) }
        let error = #expect(throws: MappingError.self) {
            try decoder.decodeObject(of: entity, from: ["sku": "S", "name": "N", "variants": ["code": "x"]])
        }
        #expect(
            error?.description == "$.variants: Product.variants: expected an array of Variant objects, found an object"
        )
        #expect(throws: MappingError.self) { try decoder.decodeObjects(of: entity, from: Data("{\"a\": ".utf8)) }
    }

    @Test("`at:` finds the payload; a missing one is an error naming the path")
    func payloadKeyPath() throws {
        let model = try catalog.get()
        let data = Data(#"{"data": {"items": [{"sku": "S", "name": "N"}]}}"#.utf8)
        let products = try ModelDecoder(model: model).decodeObjects(of: product(), from: data, at: "data.items")
        #expect(products.count == 1)
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObjects(of: product(), from: data, at: "data.things")
        }
        #expect(error?.path.description == "$.data.things")
    }

    @Test("invalid JSON data is an error with its line, column and path")
    func invalidJSON() throws {
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: catalog.get()).decodeObject(of: product(), from: Data("{\"sku\": }".utf8))
        }
        #expect(error?.code == .invalidJSON)
        #expect(
            error?.description == "$.sku: the data is not valid JSON: line 1, column 9: expected a value, found '}'"
        )
        // A member that fails before its key is read is at the object, not at a key "".
        let noKey = #expect(throws: MappingError.self) {
            try ModelDecoder(model: catalog.get()).decodeObjects(of: product(), from: Data("[{\u{0}\"sku\": 1}]".utf8))
        }
        #expect(noKey?.path.description == "$[0]")
        // Inside a value read whole (a transformable's array), at the element that breaks.
        let inside = #expect(throws: MappingError.self) {
            try ModelDecoder(model: catalog.get())
                .decodeObject(of: product(), from: Data(#"{"sku":"S","name":"N","keywords":["a",{"x":[1,}]}"#.utf8))
        }
        #expect(inside?.path.description == "$.keywords[1].x[1]")
        #expect(inside?.context.line == 1 && inside?.context.column == 47)
    }

    @Test("objects with the same identity become one object (many-to-many)")
    func identityUniquing() throws {
        let model = try catalog.get()
        let products = try ModelDecoder(model: model)
            .decodeObjects(
                of: product(),
                from: [
                    ["sku": "A", "name": "a", "tags": [["label": "home"], ["label": "new"]]],
                    ["sku": "B", "name": "b", "tags": [["label": "home"]]],
                ]
            )
        let first = try #require(products[0].value(forKey: "tags") as? [ModelObject])
        let second = try #require(products[1].value(forKey: "tags") as? [ModelObject])
        #expect(first[0] === second[0])
        let home = first[0]
        #expect((home.value(forKey: "products") as? [ModelObject])?.count == 2)

        var options = ModelDecoder.Options()
        options.uniquesObjectsByIdentity = false
        let separate = try ModelDecoder(model: model, options: options)
            .decodeObjects(
                of: product(),
                from: [
                    ["sku": "A", "name": "a", "tags": [["label": "home"]]],
                    ["sku": "B", "name": "b", "tags": [["label": "home"]]],
                ]
            )
        #expect(
            (separate[0].value(forKey: "tags") as? [ModelObject])?.first
                !== (separate[1].value(forKey: "tags") as? [ModelObject])?.first
        )
    }

    @Test("a type key picks the subentity; an abstract entity without one is an error")
    func polymorphism() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Media"))
        let person = try #require(model.entitiesByName["Person"])
        let decoder = ModelDecoder(model: model)
        let director = try decoder.decodeObject(
            of: person,
            from: [
                "name": "Agnès Varda",
                "works": [
                    [
                        "kind": "movie", "id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "Cléo from 5 to 7",
                        "runtime_minutes": 90,
                    ],
                    ["kind": "album", "id": "7F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "Soundtrack"],
                ],
            ]
        )
        let works = try #require(director.value(forKey: "works") as? [ModelObject])
        #expect(works.map(\.entity.name) == ["Movie", "Album"])
        #expect(works[0].value(forKey: "runtimeMinutes") as? Int32 == 90)

        let abstract = #expect(throws: MappingError.self) {
            try decoder.decodeObject(
                of: person,
                from: ["name": "X", "works": [["id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "?"]]]
            )
        }
        #expect(abstract?.code == .abstractEntity("MediaItem"))
        #expect(abstract?.path.description == "$.works[0]")
        let unknown = #expect(throws: MappingError.self) {
            try decoder.decodeObject(of: person, from: ["name": "X", "works": [["kind": "podcast", "title": "?"]]])
        }
        #expect(
            unknown?.description
                == "$.works[0].kind: MediaItem: no entity named 'podcast' in the model: 'kind' must be one of album, movie"
        )
    }

    @Test(
        "an identity a superentity's family shares, met again as another entity of the family, is an error, not a crash"
    )
    func identitySharedAcrossEntities() throws {
        // Found by fuzzing (Fuzz/Regressions/decoder/identity-shared-by-movie-and-album): an
        // album with the id of a movie decoded before was updated as if it were the movie.
        let model = try ObjectModel(contentsOf: TestPaths.model("Media"))
        let person = try #require(model.entitiesByName["Person"])
        let json = Data(
            """
            [{"name": "Stanley Kubrick", "works": [{"kind": "movie", "id": "7A9619FF-8B86-D011-B42D-00C04FC964FF",
                "title": "Barry Lyndon", "genres": [{"name": "Drama"}]}]},
             {"name": "Miles Davis", "works": [{"kind": "album", "id": "7A9619FF-8B86-D011-B42D-00C04FC964FF",
                "title": "Kind of Blue", "tracks": [{"title": "So What", "duration": 562.5}]}]}]
            """
            .utf8
        )
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObjects(of: person, from: json)
        }
        #expect(error?.code == .wrongEntity)
        #expect(
            error?.description
                == "$[1].works[0]: Album: expected an object of entity 'Movie', as the one decoded before with the same identity, found an object of entity 'Album'"
        )
        // Collecting errors, the movie stands where the album was, unchanged.
        var options = ModelDecoder.Options()
        options.collectsAllErrors = true
        let collected = #expect(throws: MappingErrors.self) {
            try ModelDecoder(model: model, options: options).decodeObjects(of: person, from: json)
        }
        #expect(collected?.errors.map(\.code) == [.wrongEntity])
    }

    @Test("deep nesting stops with an error instead of exhausting the stack")
    func depthLimit() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Node">
                  <attribute name="name" optional="YES" attributeType="String"/>
                  <relationship name="child" optional="YES" maxCount="1" destinationEntity="Node" inverseName="parent" inverseEntity="Node"/>
                  <relationship name="parent" optional="YES" maxCount="1" destinationEntity="Node" inverseName="child" inverseEntity="Node"/>
                </entity></model>
                """
        )
        var json: JSONValue = ["name": "leaf"]
        for _ in 0..<600 { json = ["child": json] }
        let entity = try #require(model.entitiesByName["Node"])
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: entity, from: json)
        }
        #expect(error?.found == "objects nested more than 512 deep")
        var options = ModelDecoder.Options()
        options.maximumDepth = 1000
        let root = try ModelDecoder(model: model, options: options).decodeObject(of: entity, from: json)
        #expect(root.value(forKey: "child") is ModelObject)
        var encoderOptions = ModelEncoder.Options()
        encoderOptions.maximumDepth = 1000
        #expect(try ModelEncoder(options: encoderOptions).encodeJSON(root).isEquivalent(to: json))
    }

    @Test("one model decodes on many threads at once")
    func concurrentDecoding() async throws {
        let model = try AuthorsFixtures.model()
        let data = try TestPaths.fixture("Authors/authors-v3.json")
        let decoder = ModelDecoder(model: model)
        let expected = try ModelEncoder()
            .encodeJSON(decoder.decodeObjects(of: #require(model.entitiesByName["Author"]), from: data, at: "authors"))
        let results = try await withThrowingTaskGroup(of: JSONValue.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    let entity = try #require(model.entitiesByName["Author"])
                    return try ModelEncoder().encodeJSON(decoder.decodeObjects(of: entity, from: data, at: "authors"))
                }
            }
            return try await group.reduce(into: [JSONValue]()) { $0.append($1) }
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == expected })
    }
}

/// The Authors model with its classes and transformers, for tests.
enum AuthorsFixtures {
    static func model() throws -> ObjectModel {
        try AuthorsModelLoader.load()
    }
}
