import Foundation
import Testing

@testable import ModelMapper

/// Sync's `DateStringTransformer`, ported with only its superclass changed: no reverse
/// transformation, and `transformedValue` turning `"/Date(1451606400000)/"` into a `Date`.
final class DateStringTransformer: ValueTransformer, @unchecked Sendable {
    override class func transformedValueClass() -> AnyClass { NSDate.self }
    override class func allowsReverseTransformation() -> Bool { false }
    override func transformedValue(_ value: Any?) -> Any? {
        guard let text = value as? String, text.hasPrefix("/Date("), text.hasSuffix(")/"),
            let milliseconds = Double(text.dropFirst(6).dropLast(2))
        else { return nil }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }
}

/// Transformables as Sync maps them, under its preset: the transformer of Xcode's *Value
/// Transformer* field called forward on JSON, and a Transformable without a transformer left out.
@Suite("Conventions: Transformables as Sync maps them")
struct SyncTransformableTests {
    static let xml = """
        <model>
          <entity name="User">
            <attribute name="remoteID" attributeType="Integer 64"/>
            <attribute name="birthDate" optional="YES" attributeType="Transformable" valueTransformerName="DateStringTransformer"/>
            <attribute name="settings" optional="YES" attributeType="Transformable"/>
          </entity>
        </model>
        """

    init() {
        ValueTransformer.setValueTransformer(DateStringTransformer(), forName: "DateStringTransformer")
    }

    func decode(_ json: String, conventions: ModelConventions?, options: ModelDecoder.Options = .init()) throws
        -> ModelObject
    {
        let model = try ObjectModel(xml: Self.xml, conventions: conventions ?? ModelConventions())
        return try ModelDecoder(model: model, options: options)
            .decodeObject(of: try #require(model.entity(named: "User")), from: Data(json.utf8))
    }

    @Test("the Value Transformer field's transformer reads JSON forward under the Sync preset")
    func transformerField() throws {
        let user = try decode(#"{"id":1,"birth_date":"/Date(1451606400000)/"}"#, conventions: .sync)
        #expect(user.value(forKey: "birthDate") as? Date == Date(timeIntervalSince1970: 1_451_606_400))
        // Core Data's direction without it: the error says what decoding needs.
        let error = #expect(throws: MappingError.self) {
            try decode(#"{"remoteID":1,"birthDate":"/Date(1451606400000)/"}"#, conventions: nil)
        }
        #expect(error?.description.contains("does not allow reverse transformation, which decoding needs") == true)
        // The setting alone, as a conventions file gives it.
        let alone = try ModelConventions(json: #"{"transformerFieldReadsJSON": true}"#)
        let read = try decode(#"{"remoteID":1,"birthDate":"/Date(1451606400000)/"}"#, conventions: alone)
        #expect(read.value(forKey: "birthDate") as? Date == Date(timeIntervalSince1970: 1_451_606_400))
        // Writing needs the reverse, which it does not allow: an error, not a value the
        // transformer could not read back.
        #expect(throws: MappingError.self) { try ModelEncoder().encode(read) }
    }

    @Test("a Transformable without a transformer is left out under the Sync preset, kept as JSON otherwise")
    func withoutTransformer() throws {
        let json = #"{"id":1,"settings":{"theme":"dark"}}"#
        let user = try decode(json, conventions: .sync)
        #expect(user.value(forKey: "settings") == nil)
        try user.setValue(["theme": "light"], forKey: "settings")
        var options = ModelEncoder.Options()
        options.nullEncoding = .always
        #expect(
            String(decoding: try ModelEncoder(options: options).encode(user), as: UTF8.self)
                == #"{"id":1,"birth_date":null}"#
        )
        // With the source kept, the key the model leaves out is kept as any unknown key is.
        var keeping = ModelDecoder.Options()
        keeping.unknownKeys = .keep
        let kept = try decode(json, conventions: .sync, options: keeping)
        #expect(String(decoding: try ModelEncoder().encode(kept), as: UTF8.self) == json)
        // Without the setting, the JSON is kept as it is.
        let raw = try decode(#"{"remoteID":1,"settings":{"theme":"dark"}}"#, conventions: nil)
        #expect((raw.value(forKey: "settings") as? [String: Any])?["theme"] as? String == "dark")
    }

    @Test("the conventions file reads both settings and writes them back")
    func file() throws {
        let conventions = try ModelConventions(
            json: #"{"transformerFieldReadsJSON": true, "ignoresTransformablesWithoutTransformer": false}"#
        )
        #expect(conventions.transformerFieldReadsJSON == true)
        #expect(conventions.ignoresTransformablesWithoutTransformer == false)
        #expect(try ModelConventions(json: conventions.jsonText) == conventions)
        #expect(try ModelConventions(json: #"{"preset": "sync"}"#).ignoresTransformablesWithoutTransformer == true)
        let error = #expect(throws: ModelLoadingError.self) {
            try ModelConventions(json: #"{"ignoresTransformablesWithoutTransformer": "yes"}"#)
        }
        #expect(error?.diagnostics.first?.message.contains("'ignoresTransformablesWithoutTransformer'") == true)
    }
}
