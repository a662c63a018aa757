import Foundation
import ModelMapper
import Testing

/// The bounds the model declares (minimum and maximum values, lengths): checked by neither
/// coder by default, and when asked, by both alike.
@Suite("Coding: the model's bounds, opt-in, alike both ways")
struct BoundsCheckTests {
    static let xml = """
        <model>
          <entity name="Review">
            <attribute name="rating" optional="YES" attributeType="Double" minValueString="0" maxValueString="5"/>
            <attribute name="votes" optional="YES" attributeType="Integer 16" minValueString="1"/>
            <attribute name="price" optional="YES" attributeType="Decimal" maxValueString="99.99"/>
            <attribute name="title" optional="YES" attributeType="String" minValueString="2" maxValueString="10"/>
            <attribute name="posted" optional="YES" attributeType="Date" minDateTimeInterval="0"/>
          </entity>
        </model>
        """

    let model: ObjectModel
    let review: EntityDescription
    init() throws {
        model = try ObjectModel(xml: Self.xml)
        review = try #require(model.entitiesByName["Review"])
    }

    @Test("Off by default; when asked, each value out of bounds is an error at its path, decoding and encoding")
    func bothWays() throws {
        let json = Data(
            #"{"rating": 7, "votes": 0, "price": 100, "title": "A", "posted": "2001-06-01T00:00:00Z"}"#.utf8
        )
        let object = try ModelDecoder(model: model).decodeObject(of: review, from: json)
        _ = try ModelEncoder().encode(object)
        try object.validate()

        var options = ModelDecoder.Options()
        options.checksBounds = true
        options.collectsAllErrors = true
        let errors = try #require(throws: MappingErrors.self) {
            try ModelDecoder(model: model, options: options).decodeObject(of: review, from: json)
        }
        let expected = [
            "$.rating: Review.rating: expected at most 5.0 (the model's bound), found 7.0",
            "$.votes: Review.votes: expected at least 1 (the model's bound), found 0",
            "$.price: Review.price: expected at most 99.99 (the model's bound), found 100",
            "$.title: Review.title: expected at least 2 long (the model's length bound), found \"A\"",
        ]
        #expect(errors.errors.map(\.description) == expected)

        var encoding = ModelEncoder.Options()
        encoding.checksBounds = true
        let written = try #require(throws: MappingErrors.self) { try ModelEncoder(options: encoding).encode(object) }
        #expect(written.errors.map(\.description) == expected)
        let validation = try #require(throws: MappingErrors.self) { try object.validate(checkingBounds: true) }
        #expect(validation.errors.count == 4)

        // Within bounds, at the bounds themselves.
        let edge = Data(#"{"rating": 5, "votes": 1, "price": 99.99, "title": "0123456789", "posted": 978307200}"#.utf8)
        var seconds = options
        seconds.dateFormat = .secondsSince1970
        let fine = try ModelDecoder(model: model, options: seconds).decodeObject(of: review, from: edge)
        try fine.validate(checkingBounds: true)
        // A date before the minimum (the reference date, 2001-01-01).
        let early = Data(#"{"posted": 0}"#.utf8)
        #expect(throws: MappingErrors.self) {
            try ModelDecoder(model: model, options: seconds).decodeObject(of: review, from: early)
        }
    }
}
