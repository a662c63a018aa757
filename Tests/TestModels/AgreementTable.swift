import Foundation
import ModelMapper
import TestSupport

/// One table of documents that every entry point must read alike: each row gives the same
/// objects or the same errors, at the same paths, through the decoder, the graph, streaming,
/// the command line (`CheckJSONAgreementTests`) and the generated classes
/// (`GeneratedCodeTests`), with the settings the row names applied to each. The model is
/// `Tests/Fixtures/Agreement`: photos with required titles, tags by name, albums by number.
public enum AgreementTable {
    /// The model file (`fuzz-agreement` reads the same one).
    public static let modelURL = TestPaths.fixtures.appendingPathComponent("Agreement/Agreement.xcdatamodel")

    /// A setting of the decoder's options that changes what a document reads as.
    public enum Setting: Sendable {
        case rejectsUnknownKeys, strictTypes, nullAsAbsent, skipsNullElements, lenientSyntax
        case acceptsReformattedNumbers, conflictsAreErrors
        /// At most two elements in an array, two members in an object (`maximumElementCount`).
        case twoElementsAtMost

        /// Sets the option on a decoder's options (the graph's are `ObjectGraph.Options.decoding`).
        public func apply(to options: inout ModelDecoder.Options) {
            switch self {
            case .rejectsUnknownKeys: options.unknownKeys = .reject
            case .strictTypes: options.strictness = .strict
            case .nullAsAbsent: options.nullHandling = .treatAsAbsent
            case .skipsNullElements: options.nullElements = .skip
            case .lenientSyntax: options.syntax = .lenient
            case .acceptsReformattedNumbers: options.acceptsReformattedNumbers = true
            case .conflictsAreErrors: options.conflictingValues = .error
            case .twoElementsAtMost: options.maximumElementCount = 2
            }
        }
    }

    /// A document, and the settings it is read with (the same through every entry point).
    public struct Row: CustomStringConvertible, Sendable {
        /// What the row exercises.
        public var name: String
        /// The document.
        public var json: String
        /// The options it is read with, applied alike to every entry point.
        public var settings: [Setting] = []
        /// Where the photos are: the document itself when nil.
        public var keyPath: String?
        /// The row's name, as the test's argument is shown.
        public var description: String { name }

        /// The decoder's options for this row: its settings, every error collected.
        public var options: ModelDecoder.Options {
            var options = ModelDecoder.Options()
            options.collectsAllErrors = true
            for setting in settings { setting.apply(to: &options) }
            return options
        }

        /// The command line has a flag for unknown keys alone (`--unmapped`): rows with other
        /// settings compare the library's entry points only.
        public var isReadByTheCommandLine: Bool { settings.allSatisfy { $0 == .rejectsUnknownKeys } }
    }

    /// The documents, each with what it exercises in its name.
    public static let rows: [Row] = [
        Row(
            name: "valid, with nested objects and references",
            json: #"[{"photoID":"1","title":"Alps","tags":[{"name":"snow"}],"album":{"albumID":7,"title":"T"}}]"#
        ),
        Row(
            name: "a reference by identity to an object the document has",
            json:
                #"[{"photoID":"1","title":"A","album":{"albumID":7,"title":"T"}},{"photoID":"2","title":"B","album":7}]"#
        ),
        Row(
            name: "a nested object of its identity alone, lacking a required value: a placeholder",
            json: #"[{"photoID":"1","title":"A","album":{"albumID":5}}]"#
        ),
        Row(
            name: "a placeholder given in full later in the document",
            json:
                #"[{"photoID":"1","title":"A","album":{"albumID":5}},{"photoID":"2","title":"B","album":{"albumID":5,"title":"T"}}]"#
        ),
        Row(name: "a required value missing", json: #"[{"photoID":"1","title":"A"},{"photoID":"2"}]"#),
        Row(
            name: "one object given twice, its first record without a required value",
            json: #"[{"photoID":"1"},{"photoID":"1","title":"A"}]"#
        ),
        Row(
            name: "a required value of the wrong type in an object's first record, left out of the second",
            json: #"[{"photoID":"2","title":{"a":1}},{"photoID":"2","taken":null}]"#
        ),
        Row(
            name: "a record without its required values, replaced by a later record of its holder",
            json: #"[{"photoID":"2","title":"A","album":{"title":"T"}},{"photoID":"2","title":"A","album":7}]"#
        ),
        Row(
            name: "a reference, then a record of more than the identity without a required value",
            json:
                #"[{"photoID":"1","title":"A","album":5},{"photoID":"2","title":"B","album":{"albumID":5,"photos":[]}}]"#
        ),
        Row(name: "null for a required value", json: #"[{"photoID":"1","title":null}]"#),
        Row(
            name: "one object in two elements, one without a required value, the other with a wrong type",
            json: #"[{"photoID":"1","titel":"x"},{"photoID":"1","title":["x"]}]"#
        ),
        Row(
            name: "a required value missing, and a value of the wrong type in the next element",
            json: #"[{"photoID":"1"},{"photoID":"2","title":["x"]}]"#
        ),
        Row(
            name: "values of the wrong type",
            json: #"[{"photoID":"1","title":"A","taken":"yesterday"},{"photoID":"2","title":["x"]}]"#
        ),
        Row(name: "a required key under another casing", json: #"[{"photo_id":"1","title":"A"}]"#),
        Row(
            name: "a number sent as text it would not come back as",
            json: #"[{"photoID":"1","title":"A","album":{"albumID":"007","title":"T"}}]"#
        ),
        Row(name: "malformed JSON: cut short after a comma", json: #"[{"photoID":"1","title":"A"},"#),
        Row(name: "malformed JSON: cut short after an element", json: #"[{"photoID":"1","title":"A"}"#),
        Row(name: "malformed JSON inside an element", json: #"[{"photoID":"1","title":}]"#),
        // A graph reads a scalar element as a reference by identity: malformed, it is at the element.
        Row(name: "malformed JSON inside a scalar element", json: "[{\"photoID\":\"1\",\"title\":\"A\"},\"a\u{0}\"]"),
        Row(
            name: "an unknown key, rejected",
            json: #"[{"photoID":"1","title":"A","titel":"B"}]"#,
            settings: [.rejectsUnknownKeys]
        ),
        // Every option that changes reading, each with a document where it does.
        Row(
            name: "a number in a string, under strict types",
            json: #"[{"photoID":"1","title":"A","album":{"albumID":"7","title":"T"}}]"#,
            settings: [.strictTypes]
        ),
        Row(name: "null for an optional value", json: #"[{"photoID":"1","title":"A","taken":null}]"#),
        Row(
            name: "null as absent: for an optional and for a required value",
            json: #"[{"photoID":"1","title":"A","taken":null},{"photoID":"2","title":null}]"#,
            settings: [.nullAsAbsent]
        ),
        Row(name: "a null element of a to-many", json: #"[{"photoID":"1","title":"A","tags":[null,{"name":"x"}]}]"#),
        Row(
            name: "a null element of a to-many, skipped",
            json: #"[{"photoID":"1","title":"A","tags":[null,{"name":"x"}]}]"#,
            settings: [.skipsNullElements]
        ),
        Row(
            name: "comments and a trailing comma, under lenient syntax",
            json: "[{\"photoID\":\"1\", /* the title */ \"title\":\"A\",},]",
            settings: [.lenientSyntax]
        ),
        Row(
            name: "a number sent as text it would not come back as, accepted",
            json: #"[{"photoID":"1","title":"A","album":{"albumID":"007","title":"T"}}]"#,
            settings: [.acceptsReformattedNumbers]
        ),
        Row(name: "one object given two titles", json: #"[{"photoID":"1","title":"A"},{"photoID":"1","title":"B"}]"#),
        Row(
            name: "one object given two titles, an error",
            json: #"[{"photoID":"1","title":"A"},{"photoID":"1","title":"B"}]"#,
            settings: [.conflictsAreErrors]
        ),
        Row(
            name: "the photos at a key path",
            json: #"{"meta":{"page":1},"photos":[{"photoID":"1","title":"A"}],"next":null}"#,
            keyPath: "photos"
        ),
        Row(name: "a key path the document does not have", json: #"{"meta":{"page":1},"pics":[]}"#, keyPath: "photos"),
        // Not an object either: a graph merge reads one object as an array of one, as documented.
        Row(name: "a key path to a value that is not an array", json: #"{"photos":"none"}"#, keyPath: "photos"),
        Row(
            name: "more elements than the limit",
            json: #"[{"photoID":"1","title":"A"},{"photoID":"2","title":"B"},{"photoID":"3","title":"C"}]"#,
            settings: [.twoElementsAtMost]
        ),
        Row(
            name: "more members than the limit before the key path",
            json: #"{"a":1,"b":2,"photos":[{"photoID":"1","title":"A"}]}"#,
            settings: [.twoElementsAtMost],
            keyPath: "photos"
        ),
        Row(
            name: "more members than the limit in a value skipped on the way",
            json: #"{"meta":{"a":1,"b":2,"c":3},"photos":[{"photoID":"1","title":"A"}]}"#,
            settings: [.twoElementsAtMost],
            keyPath: "photos"
        ),
        Row(
            name: "a to-many keyed by identity",
            json: #"[{"photoID":"1","title":"A","album":{"albumID":7,"title":"T","covers":{"2":{"title":"B"}}}}]"#
        ),
        Row(
            name: "a to-many keyed by identity, a value giving its identity too",
            json:
                #"[{"photoID":"1","title":"A","album":{"albumID":7,"title":"T","covers":{"2":{"photoID":"3","title":"B"}}}}]"#
        ),
        Row(
            name: "an array where the model declares a map",
            json:
                #"[{"photoID":"1","title":"A","album":{"albumID":7,"title":"T","covers":[{"photoID":"2","title":"B"}]}}]"#
        ),
    ]

    /// The photo every update row starts from.
    public static let updatedPhoto = #"{"photoID":"1","title":"Alps","album":{"albumID":7,"title":"T"}}"#

    /// Documents applied to ``updatedPhoto`` held by the app: the last four are refused.
    public static let updateRows: [Row] = [
        Row(name: "a value changed, the others kept", json: #"{"photoID":"1","title":"Matterhorn"}"#),
        Row(name: "a required value left out: kept", json: #"{"photoID":"1","taken":"2024-05-01T10:00:00Z"}"#),
        Row(name: "an optional to-one cleared by null", json: #"{"photoID":"1","album":null}"#),
        Row(name: "a to-one replaced by reference", json: #"{"photoID":"1","album":{"albumID":8,"title":"U"}}"#),
        Row(name: "a to-one replaced by a placeholder", json: #"{"photoID":"1","album":{"albumID":8}}"#),
        Row(
            name: "null for a required value, read as absent: kept",
            json: #"{"photoID":"1","title":null}"#,
            settings: [.nullAsAbsent]
        ),
        Row(name: "null for a required value", json: #"{"photoID":"1","title":null}"#),
        Row(name: "a value of the wrong type", json: #"{"photoID":"1","taken":"yesterday"}"#),
        Row(name: "an unknown key, rejected", json: #"{"photoID":"1","titel":"B"}"#, settings: [.rejectsUnknownKeys]),
        Row(name: "malformed JSON", json: #"{"photoID":"1","title":}"#),
    ]

    /// The names of the update rows that must be refused.
    public static var updateRefusals: Set<String> { Set(updateRows.suffix(4).map(\.name)) }

    /// What an entry point gave: the objects as JSON, or the errors as text, sorted.
    public enum Outcome: Equatable, CustomStringConvertible {
        case objects(JSONValue)
        case errors([String])

        /// The outcome of `body`: its objects written with sorted keys, or its errors.
        public init(objects body: () throws -> [ModelObject]) {
            self.init { try ModelEncoder(options: .init(outputFormatting: [.sortedKeys])).encodeJSON(try body()) }
        }

        /// The outcome of `body`: its JSON, or its errors.
        public init(_ body: () throws -> JSONValue) {
            do {
                self = .objects(try body())
            } catch let errors as MappingErrors {
                self = .errors(errors.errors.map(\.description).sorted())
            } catch {
                self = .errors(["\(error)"])
            }
        }

        /// The objects' JSON, or the errors a line each.
        public var description: String {
            switch self {
            case .objects(let value): value.jsonText(options: [.sortedKeys])
            case .errors(let lines): lines.joined(separator: "\n")
            }
        }
    }
}
