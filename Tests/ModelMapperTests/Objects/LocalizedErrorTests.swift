import Foundation
import Testing

@testable import ModelMapper
@testable import ModelMapperSchema

/// Every public error reads the same through `localizedDescription` (what apps show, and what
/// Foundation prints) as through its description, instead of "The operation could not be
/// completed. (ModelMapper.MappingError error 1.)".
@Suite("Errors people can read: localizedDescription is the description")
struct LocalizedErrorTests {
    /// One error of each public type, made the way users meet them.
    static func errors() throws -> [any Error] {
        var errors: [any Error] = []
        let model = try ObjectModel(
            xml: #"<model><entity name="Photo"><attribute name="title" attributeType="String"/></entity></model>"#
        )
        let photo = try #require(model.entity(named: "Photo"))
        do {
            _ = try ModelDecoder(model: model).decodeObject(of: photo, from: Data(#"{"title": [7]}"#.utf8))
        } catch {
            errors.append(error)
        }
        errors.append(MappingErrors([MappingError(.missingValue, path: .root, detail: "nothing here")]))
        do {
            _ = try ObjectModel(xml: "<model><entity/></model>")
        } catch {
            errors.append(error)
        }
        do {
            _ = try ModelPredicate(format: "title ==")
        } catch {
            errors.append(error)
        }
        do {
            let object = try ModelDecoder(model: model).decodeObject(of: photo, from: Data(#"{"title": "a"}"#.utf8))
            _ = try ModelPredicate(format: "nmae == 'a'").evaluate(with: object)
        } catch {
            errors.append(error)
        }
        errors.append(ObjectGraphError.alreadyMerged)
        errors.append(TransformerError("expected a Date, found a value of type Int"))
        do {
            _ = try DateFormat.iso8601.date(from: .string("2017-13-01"))
        } catch {
            errors.append(error)
        }
        do {
            _ = try JSONKeyPath(parsing: "a..b")
        } catch {
            errors.append(error)
        }
        return errors
    }

    @Test("every public error type of ModelMapper")
    func everyType() throws {
        let errors = try Self.errors()
        let types = Set(errors.map { String(describing: type(of: $0)) })
        #expect(
            types == [
                "MappingError", "MappingErrors", "ModelLoadingError", "PredicateSyntaxError",
                "PredicateEvaluationError", "ObjectGraphError", "TransformerError", "DateFormatError", "SyntaxError",
            ]
        )
        for error in errors {
            let description = String(describing: error)
            #expect(!description.isEmpty)
            #expect(error.localizedDescription == description, "\(type(of: error))")
            #expect(!error.localizedDescription.contains("The operation could not be completed"))
        }
    }

    @Test("a date that is not one says what was expected and found")
    func dateFormatError() {
        let error = DateFormatError(expected: "an ISO 8601 date string", found: "'2017-13-01'")
        #expect(error.description == "expected an ISO 8601 date string, found '2017-13-01'")
        #expect(error.localizedDescription == error.description)
    }
}
