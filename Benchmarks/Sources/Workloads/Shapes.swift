import AuthorsClasses
import Foundation
import ModelMapper

/// One document shape: its data, and the same work done by ModelMapper and by Codable.
package struct Shape {
    package let name: String
    package let summary: String
    package let data: Data
    package let decode: () throws -> Void
    package let jsonDecoder: () throws -> Void
    package let encode: () throws -> Void
    package let jsonEncoder: () throws -> Void
    package let foundationRead: () throws -> Void
    package let foundationWrite: () throws -> Void
    /// Decoding with ModelMapper and with JSONDecoder, the result given back, so that the
    /// time to free it is measured apart (`--phases`).
    package let decodeKept: () throws -> Any
    package let jsonDecoderKept: () throws -> Any
}

// MARK: Authors: nested objects, a date, a list, decimals, a flattened price

package struct CodablePricing: Codable {
    var retail_price: Decimal?
    var currency: String?
    var list_price: Decimal?
}
package struct CodableBook: Codable {
    var book_id: Int64
    var title: String
    var year: Int16?
    var tags: [String]?
    var rating: Double?
    var favorite: Bool?
    var pricing: CodablePricing?

    enum CodingKeys: String, CodingKey { case book_id, title, year, tags, rating, favorite, pricing }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        book_id = try container.decode(Int64.self, forKey: .book_id)
        title = try container.decode(String.self, forKey: .title)
        year = try container.decodeIfPresent(Int16.self, forKey: .year)
        // The model's StringArray transformer: a comma-separated list.
        tags = try container.decodeIfPresent(String.self, forKey: .tags)
            .map { $0.split(separator: ",").map(String.init) }
        rating = try container.decodeIfPresent(Double.self, forKey: .rating)
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite)
        pricing = try container.decodeIfPresent(CodablePricing.self, forKey: .pricing)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(book_id, forKey: .book_id)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(year, forKey: .year)
        try container.encodeIfPresent(tags?.joined(separator: ","), forKey: .tags)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encodeIfPresent(favorite, forKey: .favorite)
        try container.encodeIfPresent(pricing, forKey: .pricing)
    }
}
package struct CodableAuthor: Codable {
    var author_id: Int64
    var firstName: String?
    var lastName: String
    var born: Date?
    var books: [CodableBook]
}
package struct CodableAuthors: Codable { var authors: [CodableAuthor] }

/// `yyyy-MM-dd` in UTC, as the model's `Date` transformer reads it.
package let dayFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter
}()

/// The Authors document of `count` authors, ten books each.
package func authorsDocument(count: Int) -> Data {
    authorsDocument(authors: 0..<count)
}

/// The Authors document of the authors numbered `authors`.
package func authorsDocument(authors range: Range<Int>) -> Data {
    var authors: [JSONValue] = []
    for author in range {
        var books: [JSONValue] = []
        for book in 0..<10 {
            books.append([
                "book_id": .integer(author * 100 + book), "title": .string("Book \(book) of author \(author)"),
                "year": .integer(1850 + book),
                "tags": "classic,novel", "rating": 4.5, "favorite": .bool(book % 2 == 0),
                "pricing": ["retail_price": 9.99, "currency": "USD", "list_price": 12.5],
            ])
        }
        authors.append([
            "author_id": .integer(author), "firstName": "Samuel", "lastName": "Clemens", "born": "1835-11-30",
            "books": .array(JSONArray(books)),
        ])
    }
    return
        JSONValue.object(["authors": .array(JSONArray(authors))].reduce(into: JSONObject()) { $0[$1.key] = $1.value })
        .jsonData()
}

package func authorsShape(count: Int) throws -> Shape {
    let data = authorsDocument(count: count)
    AuthorsModel.registerTransformers()
    let model = try AuthorsModel.load(contentsOf: ModelFolder.url.appendingPathComponent("Authors.xcdatamodeld"))
    let decoder = ModelDecoder(model: model, options: benchmarkDecoderOptions)
    let objects = try decoder.decode([Author].self, from: data, at: "authors")
    let jsonDecoder = JSONDecoder()
    jsonDecoder.dateDecodingStrategy = .formatted(dayFormatter)
    let jsonEncoder = JSONEncoder()
    jsonEncoder.dateEncodingStrategy = .formatted(dayFormatter)
    let values = try jsonDecoder.decode(CodableAuthors.self, from: data)
    let foundation = try JSONSerialization.jsonObject(with: data)
    guard objects.count == count, values.authors.count == count else {
        throw BenchmarkError("the Authors document did not decode")
    }
    return Shape(
        name: "authors",
        summary: "\(count) authors, \(count * 21) objects, nested",
        data: data,
        decode: { _ = try decoder.decode([Author].self, from: data, at: "authors") },
        jsonDecoder: { _ = try jsonDecoder.decode(CodableAuthors.self, from: data) },
        encode: { _ = try ModelEncoder(options: benchmarkEncoderOptions).encode(objects, at: "authors") },
        jsonEncoder: { _ = try jsonEncoder.encode(values) },
        foundationRead: { _ = try JSONSerialization.jsonObject(with: data) },
        foundationWrite: { _ = try JSONSerialization.data(withJSONObject: foundation) },
        decodeKept: { try decoder.decode([Author].self, from: data, at: "authors") },
        jsonDecoderKept: { try jsonDecoder.decode(CodableAuthors.self, from: data) }
    )
}

// MARK: Flat: wide records with an attribute of every type

let flatModelXML = """
    <model>
      <entity name="Record">
        <attribute name="id" attributeType="Integer 64"/>
        <attribute name="small" optional="YES" attributeType="Integer 16"/>
        <attribute name="medium" optional="YES" attributeType="Integer 32"/>
        <attribute name="large" optional="YES" attributeType="Integer 64"/>
        <attribute name="ratio" optional="YES" attributeType="Double"/>
        <attribute name="score" optional="YES" attributeType="Float"/>
        <attribute name="price" optional="YES" attributeType="Decimal"/>
        <attribute name="name" optional="YES" attributeType="String"/>
        <attribute name="active" optional="YES" attributeType="Boolean"/>
        <attribute name="created" optional="YES" attributeType="Date"/>
        <attribute name="payload" optional="YES" attributeType="Binary"/>
        <attribute name="uuid" optional="YES" attributeType="UUID"/>
        <attribute name="link" optional="YES" attributeType="URI"/>
        <attribute name="labels" optional="YES" attributeType="Transformable" valueTransformerName="StringArray"/>
        <attribute name="code" optional="YES" attributeType="String"/>
        <attribute name="count" optional="YES" attributeType="Integer 32"/>
      </entity>
    </model>
    """

struct CodableRecord: Codable {
    var id: Int64
    var small: Int16?
    var medium: Int32?
    var large: Int64?
    var ratio: Double?
    var score: Float?
    var price: Decimal?
    var name: String?
    var active: Bool?
    var created: Date?
    var payload: Data?
    var uuid: UUID?
    var link: URL?
    var labels: [String]?
    var code: String?
    var count: Int32?

    enum CodingKeys: String, CodingKey {
        case id, small, medium, large, ratio, score, price, name, active, created, payload, uuid, link, labels, code,
            count
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        small = try container.decodeIfPresent(Int16.self, forKey: .small)
        medium = try container.decodeIfPresent(Int32.self, forKey: .medium)
        large = try container.decodeIfPresent(Int64.self, forKey: .large)
        ratio = try container.decodeIfPresent(Double.self, forKey: .ratio)
        score = try container.decodeIfPresent(Float.self, forKey: .score)
        price = try container.decodeIfPresent(Decimal.self, forKey: .price)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        active = try container.decodeIfPresent(Bool.self, forKey: .active)
        created = try container.decodeIfPresent(Date.self, forKey: .created)
        payload = try container.decodeIfPresent(Data.self, forKey: .payload)
        uuid = try container.decodeIfPresent(UUID.self, forKey: .uuid)
        link = try container.decodeIfPresent(URL.self, forKey: .link)
        labels = try container.decodeIfPresent(String.self, forKey: .labels)
            .map { $0.split(separator: ",").map(String.init) }
        code = try container.decodeIfPresent(String.self, forKey: .code)
        count = try container.decodeIfPresent(Int32.self, forKey: .count)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(small, forKey: .small)
        try container.encodeIfPresent(medium, forKey: .medium)
        try container.encodeIfPresent(large, forKey: .large)
        try container.encodeIfPresent(ratio, forKey: .ratio)
        try container.encodeIfPresent(score, forKey: .score)
        try container.encodeIfPresent(price, forKey: .price)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(active, forKey: .active)
        try container.encodeIfPresent(created, forKey: .created)
        try container.encodeIfPresent(payload, forKey: .payload)
        try container.encodeIfPresent(uuid, forKey: .uuid)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(labels?.joined(separator: ","), forKey: .labels)
        try container.encodeIfPresent(code, forKey: .code)
        try container.encodeIfPresent(count, forKey: .count)
    }
}

package func flatShape(count: Int) throws -> Shape {
    var records: [JSONValue] = []
    for index in 0..<count {
        records.append([
            "id": .integer(index), "small": .integer(index % 30_000), "medium": .integer(index * 7),
            "large": .integer(Int64(index) * 1_000_003),
            "ratio": .number("\(Double(index) / 8)"), "score": .number("\(Float(index % 100) / 4)"),
            "price": .number("\(index % 1000).\(index % 100)"),
            "name": .string("record \(index)"), "active": .bool(index % 3 == 0),
            "created": .string("2024-0\(index % 9 + 1)-1\(index % 9)T0\(index % 10):30:00Z"),
            "payload": .string(Data("payload \(index)".utf8).base64EncodedString()),
            "uuid": .string(UUID().uuidString), "link": .string("https://example.com/records/\(index)"),
            "labels": "red,green,blue", "code": .string("C\(index)"), "count": .integer(index % 1000),
        ])
    }
    return try shape(
        name: "flat",
        summary: "\(count) records of 16 attributes of every type",
        xml: flatModelXML,
        entity: "Record",
        records: records,
        codable: CodableRecord.self
    )
}

// MARK: Strings: text with escapes and non-ASCII characters

let stringsModelXML = """
    <model>
      <entity name="Message">
        <attribute name="id" attributeType="Integer 64"/>
        <attribute name="author" optional="YES" attributeType="String"/>
        <attribute name="subject" optional="YES" attributeType="String"/>
        <attribute name="body" optional="YES" attributeType="String"/>
        <attribute name="signature" optional="YES" attributeType="String"/>
        <attribute name="language" optional="YES" attributeType="String"/>
      </entity>
    </model>
    """

struct CodableMessage: Codable {
    var id: Int64
    var author: String?
    var subject: String?
    var body: String?
    var signature: String?
    var language: String?
}

package func stringsShape(count: Int) throws -> Shape {
    let bodies = [
        "Dear team,\n\tthe \"release\" is ready: café, naïve, façade — see C:\\builds\\latest.",
        "日本語のテキストと English mixed together, with emoji 🎉🚀 and a tab\there.",
        "Ünïcödé everywhere: Ελληνικά, Русский, עברית, العربية — \"quoted\" and \\escaped\\.",
    ]
    var records: [JSONValue] = []
    for index in 0..<count {
        records.append([
            "id": .integer(index), "author": .string("Zoë Ångström \(index)"),
            "subject": .string("Re: «déjà vu» #\(index)"),
            "body": .string(bodies[index % bodies.count] + " (\(index))"),
            "signature": .string("— Zoë\n/ Ångström Labs"),
            "language": .string(["fr", "ja", "el"][index % 3]),
        ])
    }
    return try shape(
        name: "strings",
        summary: "\(count) messages of escaped, non-ASCII text",
        xml: stringsModelXML,
        entity: "Message",
        records: records,
        codable: CodableMessage.self
    )
}

/// A shape of top-level records of one entity.
func shape<Value: Codable>(
    name: String,
    summary: String,
    xml: String,
    entity: String,
    records: [JSONValue],
    codable: Value.Type
) throws -> Shape {
    let data = JSONValue.array(JSONArray(records)).jsonData()
    let model = try ObjectModel(xml: xml)
    guard let description = model.entity(named: entity) else { throw BenchmarkError("no entity \(entity)") }
    let decoder = ModelDecoder(model: model, options: benchmarkDecoderOptions)
    let objects = try decoder.decodeObjects(of: description, from: data)
    let jsonDecoder = JSONDecoder()
    jsonDecoder.dateDecodingStrategy = .iso8601
    let jsonEncoder = JSONEncoder()
    jsonEncoder.dateEncodingStrategy = .iso8601
    let values = try jsonDecoder.decode([Value].self, from: data)
    let foundation = try JSONSerialization.jsonObject(with: data)
    guard objects.count == records.count, values.count == records.count else {
        throw BenchmarkError("the \(name) document did not decode")
    }
    return Shape(
        name: name,
        summary: summary,
        data: data,
        decode: { _ = try decoder.decodeObjects(of: description, from: data) },
        jsonDecoder: { _ = try jsonDecoder.decode([Value].self, from: data) },
        encode: { _ = try ModelEncoder(options: benchmarkEncoderOptions).encode(objects) },
        jsonEncoder: { _ = try jsonEncoder.encode(values) },
        foundationRead: { _ = try JSONSerialization.jsonObject(with: data) },
        foundationWrite: { _ = try JSONSerialization.data(withJSONObject: foundation) },
        decodeKept: { try decoder.decodeObjects(of: description, from: data) },
        jsonDecoderKept: { try jsonDecoder.decode([Value].self, from: data) }
    )
}

package struct BenchmarkError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// The encoder's options: the defaults, or with `--unchecked` the value check off (see
/// ``ModelEncoder/Options/checksValues``), to count what the check costs.
package let benchmarkEncoderOptions: ModelEncoder.Options = {
    var options = ModelEncoder.Options()
    options.checksValues = !CommandLine.arguments.contains("--unchecked")
    return options
}()

/// The decoder's options: the defaults on one thread. Every comparison reads on one thread, as
/// its contenders do (by default the decoder reads a large array across the cores, which
/// `--across-threads` measures, and the threads against processes of `--concurrency` are
/// one-thread decodes each).
package let benchmarkDecoderOptions: ModelDecoder.Options = {
    var options = ModelDecoder.Options()
    options.maximumThreads = 1
    return options
}()
