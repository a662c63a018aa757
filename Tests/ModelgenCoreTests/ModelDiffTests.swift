import Foundation
import ModelMapper
import ModelgenCore
import Testing

/// `ObjectModel.changes(since:)`, rule by rule: hand-made pairs of models, each change judged
/// in each direction both ways round, and a model against itself reports nothing.
@Suite("Model changes, judged in each direction")
struct ModelDiffTests {
    /// A model of authors and books (and media with subentities named by a type key), with
    /// `{{…}}` holes that each pair fills differently.
    static func model(_ fills: [String: String] = [:]) -> String {
        var text = """
            <model>
              <entity name="Author" representedClassName="{{authorClass}}" {{authorAbstract}}>
                <attribute name="authorID" attributeType="Integer 64"/>
                <attribute name="name" attributeType="String" {{nameOptional}}/>
                <attribute name="nickname" {{nicknameRename}} optional="YES" attributeType="String">{{nicknameInfo}}</attribute>
                <attribute name="count" optional="YES" attributeType="{{countType}}"/>
                <attribute name="born" optional="YES" attributeType="Date"><userInfo><entry key="dateFormats" value="{{dateFormats}}"/></userInfo></attribute>
                <attribute name="rating" optional="YES" attributeType="Double" minValueString="0" maxValueString="{{ratingMax}}"/>
                <attribute name="status" optional="YES" attributeType="String"><userInfo>{{statusInfo}}</userInfo></attribute>
                {{extraAttribute}}
                <relationship name="books" optional="YES" toMany="YES" {{booksCount}} deletionRule="Nullify" destinationEntity="{{bookName}}" inverseName="author" inverseEntity="{{bookName}}"><userInfo>{{booksInfo}}</userInfo></relationship>
                <userInfo><entry key="identityAttributes" value="{{identity}}"/>{{authorInfo}}</userInfo>
              </entity>
              <entity name="{{bookName}}" {{bookRename}}>
                <attribute name="bookID" attributeType="Integer 64"/>
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="author" optional="YES" {{authorToMany}} deletionRule="Nullify" destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
                <userInfo><entry key="identityAttributes" value="bookID"/></userInfo>
              </entity>
              <entity name="Media" isAbstract="YES">
                <attribute name="mediaID" attributeType="String"/>
                <userInfo><entry key="jsonTypeKey" value="{{typeKey}}"/><entry key="identityAttributes" value="mediaID"/></userInfo>
              </entity>
              <entity name="Movie" parentEntity="Media">
                <userInfo><entry key="jsonTypeValue" value="{{movieValue}}"/></userInfo>
              </entity>
              {{extraEntity}}
            </model>
            """
        let defaults = [
            "authorClass": "Author", "authorAbstract": "", "nameOptional": "", "nicknameRename": "", "nicknameInfo": "",
            "countType": "Integer 64", "dateFormats": "iso8601|yearMonthDay", "ratingMax": "5",
            "statusInfo": "<entry key=\"jsonValues\" value=\"draft,live\"/>", "extraAttribute": "", "booksCount": "",
            "booksInfo": "", "identity": "authorID", "authorInfo": "", "bookName": "Book", "bookRename": "",
            "authorToMany": "maxCount=\"1\"", "typeKey": "kind", "movieValue": "movie", "extraEntity": "",
        ]
        for (hole, value) in defaults.merging(fills, uniquingKeysWith: { _, fill in fill }) {
            text = text.replacingOccurrences(of: "{{\(hole)}}", with: value)
        }
        return text
    }

    /// (rule, direction, level) of each change from `old` to `new`.
    static func changes(
        _ old: [String: String],
        _ new: [String: String],
        conventions: (ModelConventions, ModelConventions) = (ModelConventions(), ModelConventions())
    ) throws -> Set<String> {
        let before = try ObjectModel(xml: model(old), fileName: "old.xml", conventions: conventions.0)
        let after = try ObjectModel(xml: model(new), fileName: "new.xml", conventions: conventions.1)
        return Set(
            try after.changes(since: before)
                .map { change in
                    let rule = change.diagnostic.message.split(separator: ":")[0].split(separator: " ")[1]
                    return "\(rule) \(change.direction.rawValue) \(change.diagnostic.severity.rawValue)"
                }
        )
    }

    struct Pair: CustomStringConvertible, Sendable {
        var name: String
        var old: [String: String] = [:]
        var new: [String: String]
        /// What old -> new reports, and what new -> old reports.
        var forward: Set<String>
        var backward: Set<String>
        var description: String { name }
    }

    static let pairs: [Pair] = [
        Pair(
            name: "a key moved by jsonKeyPath",
            new: ["nicknameInfo": #"<userInfo><entry key="jsonKeyPath" value="nick"/></userInfo>"#],
            forward: ["key-moved read error", "key-moved write error"],
            backward: ["key-moved read error", "key-moved write error"]
        ),
        Pair(
            name: "an optional key added, then removed",
            new: ["extraAttribute": #"<attribute name="extra" optional="YES" attributeType="String"/>"#],
            forward: ["property-added read note", "lightweight-migration migration note"],
            backward: ["key-removed read error", "key-removed source warning", "lightweight-migration migration note"]
        ),
        Pair(
            name: "optional to required without a default, and back",
            old: ["nameOptional": #"optional="YES""#],
            new: [:],
            forward: [
                "required-added read error", "needs-mapping-model migration note", "optionality-changed read error",
                "optionality-changed source warning",
            ],
            backward: [
                "required-removed write error", "lightweight-migration migration note",
                "optionality-changed write error",
                "optionality-changed source warning",
            ]
        ),
        Pair(
            name: "a type narrowed, and widened",
            new: ["countType": "Integer 16"],
            forward: ["type-narrowed read error", "type-changed source warning", "needs-mapping-model migration note"],
            backward: ["type-widened write error", "type-changed source warning", "needs-mapping-model migration note"]
        ),
        Pair(
            name: "a type whose values do not convert either way",
            new: ["countType": "Boolean"],
            forward: [
                "type-changed read error", "type-changed write error", "type-changed source warning",
                "needs-mapping-model migration note",
            ],
            backward: [
                "type-changed read error", "type-changed write error", "type-changed source warning",
                "needs-mapping-model migration note",
            ]
        ),
        Pair(
            name: "to-one to to-many, and back",
            new: ["authorToMany": #"toMany="YES""#],
            forward: [
                "cardinality-changed read error", "cardinality-changed write error",
                "cardinality-changed source warning",
                "lightweight-migration migration note",
            ],
            backward: [
                "cardinality-changed read error", "cardinality-changed write error",
                "cardinality-changed source warning", "needs-mapping-model migration note",
            ]
        ),
        Pair(
            name: "a changed identity",
            new: ["identity": "name"],
            forward: ["identity-changed read error", "identity-changed write error"],
            backward: ["identity-changed read error", "identity-changed write error"]
        ),
        Pair(
            name: "bounds tightened, and loosened",
            new: ["ratingMax": "4"],
            forward: ["bounds-tightened read error"],
            backward: ["bounds-loosened write error"]
        ),
        Pair(
            name: "declared values removed, and added",
            new: ["statusInfo": #"<entry key="jsonValues" value="draft"/>"#],
            forward: ["values-removed read error"],
            backward: ["values-added write error"]
        ),
        Pair(
            name: "a Swift type without declared values",
            old: ["statusInfo": #"<entry key="swiftType" value="Status"/>"#],
            new: ["statusInfo": #"<entry key="swiftType" value="Stage"/>"#],
            forward: ["values-unknown read note"],
            backward: ["values-unknown read note"]
        ),
        Pair(
            name: "a subentity type key changed",
            new: ["typeKey": "type"],
            forward: ["type-key-changed read error", "type-key-changed write error"],
            backward: ["type-key-changed read error", "type-key-changed write error"]
        ),
        Pair(
            name: "a subentity type value changed",
            new: ["movieValue": "film"],
            forward: ["type-value-changed read error", "type-value-changed write error"],
            backward: ["type-value-changed read error", "type-value-changed write error"]
        ),
        Pair(
            name: "a date form removed from what is read, and added",
            new: ["dateFormats": "iso8601"],
            forward: ["date-form-removed read error"],
            backward: ["date-form-added read note"]
        ),
        Pair(
            name: "the date form written changed",
            new: ["dateFormats": "yearMonthDay|iso8601"],
            forward: ["date-form-written-changed write error"],
            backward: ["date-form-written-changed write error"]
        ),
    ]

    @Test("each pair, both ways round", arguments: pairs + entityPairs)
    func pair(_ pair: Pair) throws {
        #expect(try Self.changes(pair.old, pair.new) == pair.forward)
        #expect(try Self.changes(pair.new, pair.old) == pair.backward)
    }

    @Test("a model against itself has no changes")
    func itself() throws {
        #expect(try Self.changes([:], [:]).isEmpty)
    }
}
