import Foundation
import ModelMapper
import ModelMapperTestingCore
import ModelgenCore
import TestSupport
import Testing

/// The documents of the schema agreement test with the decoder's verdict on each, in the file
/// `.ci/schema-validate` reads.
struct SchemaCases {
    private var schemas: [JSONValue] = []
    private var cases: [JSONValue] = []

    var count: Int { cases.count }

    /// Each document of `source` (and its changed copies) under each reading.
    mutating func add(
        _ source: SchemaAgreementTests.Source,
        readings: [(name: String, apply: @Sendable (inout ModelDecoder.Options) -> Void)]
    ) throws {
        let model = try ObjectModel(contentsOf: source.model)
        model.registerDeclaredDateTransformers()
        var documents = source.documents
        if source.mutates {
            for document in source.documents {
                let parsed = try JSONValue.parse(Data(document.text.utf8))
                documents += DocumentChanges.of(parsed, at: document.name)
                    .map { (name: $0.name, text: $0.value.jsonText()) }
            }
        }
        for reading in readings {
            var options = ModelDecoder.Options()
            reading.apply(&options)
            let schema = try model.jsonSchema(of: source.entity, at: source.keyPath, reading: options)
            schemas.append(try JSONValue.parse(Data(schema.utf8)))
            var roundTrip = RoundTrip(model: model, entity: source.entity, at: source.keyPath)
            roundTrip.decoderOptions = options
            for document in documents {
                let accepted = (try? roundTrip.decodingErrors(in: Data(document.text.utf8)).isEmpty) ?? false
                var entry = JSONObject()
                entry["name"] = .string("\(source.name) (\(reading.name)): \(document.name)")
                entry["schema"] = .number(String(schemas.count - 1))
                entry["document"] = .string(document.text)
                entry["accepted"] = .bool(accepted)
                cases.append(.object(entry))
            }
        }
    }

    var json: JSONValue {
        var file = JSONObject()
        file["schemas"] = .array(JSONArray(schemas))
        file["cases"] = .array(JSONArray(cases))
        return .object(file)
    }
}

/// Documents changed one member at a time: each member removed, given values of other types
/// and out of range, and an unknown key beside the others.
enum DocumentChanges {
    /// The values each member is given in turn.
    static let replacements: [(name: String, value: JSONValue)] = [
        ("a string", .string("x")), ("a fraction", .number("1.5")), ("true", .bool(true)), ("null", JSONValue.null),
        ("an object", .object(JSONObject())), ("an array", .array(JSONArray())), ("40000", .number("40000")),
        ("-1", .number("-1")),
        ("1e400", .number("1e400")), ("a bad date", .string("1999-13-45")), ("\"7\"", .string("7")),
        ("\"007\"", .string("007")), ("\"yes\"", .string("yes")), ("2^63", .number("9223372036854775808")),
        ("\"40000\"", .string("40000")), ("\"4.5\"", .string("4.5")),
    ]

    static func of(_ value: JSONValue, at path: String) -> [(name: String, value: JSONValue)] {
        switch value {
        case .object(let object):
            var result: [(name: String, value: JSONValue)] = []
            var added = object
            added["zz_unknown"] = .number("1")
            result.append(("\(path) with an unknown key", .object(added)))
            for key in object.keys {
                guard let member = object[key] else { continue }
                var removed = object
                removed[key] = nil
                result.append(("\(path).\(key) removed", .object(removed)))
                for replacement in replacements {
                    var changed = object
                    changed[key] = replacement.value
                    result.append(("\(path).\(key) = \(replacement.name)", .object(changed)))
                }
                for inner in of(member, at: "\(path).\(key)") {
                    var changed = object
                    changed[key] = inner.value
                    result.append((inner.name, .object(changed)))
                }
            }
            return result
        case .array(let array):
            // The first two elements: enough for each shape, without a count that grows as a square.
            return array.elements.indices.prefix(2)
                .flatMap { index in
                    of(array.elements[index], at: "\(path)[\(index)]")
                        .map { inner in
                            var elements = array.elements
                            elements[index] = inner.value
                            return (inner.name, JSONValue.array(JSONArray(elements)))
                        }
                }
        default:
            return []
        }
    }
}

/// Python's `jsonschema`, through `.ci/schema-validate`.
enum SchemaValidator {
    static let script = TestPaths.packageRoot.appendingPathComponent(".ci/schema-validate")

    static let isAvailable: Bool = {
        (try? run(["-c", "import jsonschema"]).status) == 0
    }()

    static let missingMessage: Comment =
        "Python 3 with jsonschema is needed to check schemas with a real validator: pip install jsonschema"

    /// The cases the validator and the decoder disagree on, as the validator prints them.
    static func disagreements(in cases: SchemaCases) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schema-cases-\(UUID().uuidString).json"
        )
        try cases.json.jsonData().write(to: file)
        // MODELMAPPER_SCHEMA_CASES=1 keeps the file, to run the validator on it by hand.
        let keeps = ProcessInfo.processInfo.environment["MODELMAPPER_SCHEMA_CASES"] != nil
        if keeps { print("schema cases: \(file.path)") }
        defer { if !keeps { try? FileManager.default.removeItem(at: file) } }
        let result = try run([script.path, file.path])
        guard result.status == 0, case .array(let found) = try JSONValue.parse(Data(result.output.utf8)) else {
            throw ValidatorFailure(output: result.output)
        }
        return found.elements.map { $0.jsonText() }
    }

    struct ValidatorFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { "schema-validate failed: \(output.prefix(3000))" }
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
