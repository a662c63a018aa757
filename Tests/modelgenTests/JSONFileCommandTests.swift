import Foundation
import TestSupport
import Testing

/// `modelgen check-json` and `modelgen roundtrip`: every error of a JSON file at its line and
/// column, what a round trip changes, exit statuses, and JSON for tools.
@Suite("modelgen check-json and roundtrip")
struct JSONFileCommandTests {
    static let authors = ["Models/Authors.xcdatamodeld"]
    static let options = ["--entity", "Author", "--at", "authors", "--date-transformer", "Date=yearMonthDay"]

    @Test("check-json warns of keys the model never reads, at their place, with the key meant; --unmapped decides")
    func unmappedKeys() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write(
            """
            {"authors": [
              {"author_id": 1, "lastName": "Twain", "firstNme": "Mark",
               "books": [{"book_id": 7, "title": "Tom", "isbn": "x"}]}
            ]}
            """,
            to: "unmapped.json"
        )
        let warned = try Modelgen.run(["check-json"] + Self.authors + [file.path] + Self.options)
        #expect(warned.status == 0, "\(warned.standardError)")
        #expect(warned.standardOutput == "1 file checked: 0 problems, 2 warnings\n")
        #expect(
            warned.standardError == """
                \(file.path):2:41: warning: $.authors[0].firstNme: Author: no property named 'firstNme': did you mean 'firstName'?
                \(file.path):3:45: warning: $.authors[0].books[0].isbn: Book: no property named 'isbn'

                """
        )
        let failed = try Modelgen.run(
            ["check-json"] + Self.authors + [file.path] + Self.options + ["--unmapped", "error"]
        )
        #expect(failed.status == 1)
        #expect(failed.standardOutput == "1 file checked: 2 problems\n")
        #expect(failed.standardError.contains("2:41: error: $.authors[0].firstNme"))
        let ignored = try Modelgen.run(
            ["check-json"] + Self.authors + [file.path] + Self.options + ["--unmapped", "ignore"]
        )
        #expect(ignored.status == 0)
        #expect(ignored.standardOutput == "1 file checked: 0 problems\n")
        #expect(ignored.standardError.isEmpty)
    }

    @Test("a date transformer the model declares needs no --date-transformer, and the command line's wins")
    func declaredDateTransformer() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write(
            #"{"authors": [{"author_id": 1, "lastName": "Twain", "born": "1835-11-30"}]}"#,
            to: "a.json"
        )
        // The Authors model declares `Date` as yyyy-MM-dd (dateFormat on Author.dateOfBirth).
        let declared = try Modelgen.run(
            ["roundtrip"] + Self.authors + [file.path, "--entity", "Author", "--at", "authors"]
        )
        #expect(declared.status == 0, "\(declared.standardError)")
        // Told otherwise on the command line, the same text is no date in that format.
        let overridden = try Modelgen.run(
            ["check-json"] + Self.authors
                + [file.path, "--entity", "Author", "--at", "authors", "--date-transformer", "Date=secondsSince1970"]
        )
        #expect(overridden.status == 1)
        #expect(overridden.standardError.contains("$.authors[0].born"), "\(overridden.standardError)")
    }

    @Test("check-json --report-unseen lists, at each in the model, the properties none of the files holds")
    func unseenProperties() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try folder.write(
            #"{"authors": [{"author_id": 1, "lastName": "Twain", "books": [{"book_id": 7, "title": "Tom"}]}]}"#,
            to: "first.json"
        )
        let second = try folder.write(
            #"{"authors": [{"author_id": 2, "lastName": "Eliot", "firstName": null}]}"#,
            to: "second.json"
        )
        let result = try Modelgen.run(
            ["check-json"] + Self.authors + [first.path, second.path] + Self.options + ["--report-unseen"]
        )
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "2 files checked: 0 problems\n")
        let model = "Models/Authors.xcdatamodeld/Authors 3.xcdatamodel/contents"
        #expect(
            result.standardError.contains("\(model):9:9: note: property 'Author.dateOfBirth' is in none of the files")
        )
        #expect(result.standardError.contains("\(model):37:9: note: property 'Book.year' is in none of the files"))
        #expect(result.standardError.contains("\(model):44:5: note: entity 'Pricing' has no object in the files"))
        // A null is a value the file holds; a key in either file counts.
        #expect(!result.standardError.contains("Author.firstName"), "\(result.standardError)")
        #expect(!result.standardError.contains("Book.title"), "\(result.standardError)")
        let plain = try Modelgen.run(["check-json"] + Self.authors + [first.path] + Self.options)
        #expect(!plain.standardError.contains("note:"))
    }

    @Test("decode prints what ModelMapper reads from a file; errors at their place")
    func decode() throws {
        let arguments = Self.authors + ["Examples/Authors/Authors.json"] + Self.options
        let decoded = try Modelgen.run(["decode"] + arguments)
        #expect(decoded.status == 0, "\(decoded.standardError)")
        #expect(decoded.standardOutput.contains(#""title": "The Adventures of Tom Sawyer""#))

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bad = try folder.write(#"{"authors": [{"author_id": "one", "lastName": 7}]}"#, to: "bad.json")
        let failed = try Modelgen.run(
            ["decode"] + Self.authors + [bad.path] + Self.options + ["--strict", "--all-errors"]
        )
        #expect(failed.status == 1)
        #expect(failed.standardOutput == "1 file decoded: 2 problems\n")
        #expect(failed.standardError.contains("\(bad.path):1:15: error: $.authors[0].author_id: Author.authorID:"))
        #expect(failed.standardError.contains("\(bad.path):1:35: error: $.authors[0].lastName: Author.lastName:"))
        let two = try Modelgen.run(["decode"] + Self.authors + [bad.path, bad.path] + Self.options)
        #expect(two.status != 0)
        #expect(two.standardError.contains("Give one JSON file to decode."))
    }

    @Test("check-json prints each error at its line and column in the file, and exits 1")
    func checkJSON() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bad = try folder.write(
            """
            {"authors": [
              {"author_id": 1, "lastName": "Twain",
               "books": [{"book_id": "x", "title": "Tom", "year": 99999}]},
              {"author_id": 2}
            ]}
            """,
            to: "bad.json"
        )
        let result = try Modelgen.run(
            ["check-json"] + Self.authors + [bad.path, "Tests/Fixtures/Authors/authors-v3.json"] + Self.options
        )
        #expect(result.status == 1)
        #expect(result.standardOutput == "2 files checked: 3 problems\n")
        // A value that does not convert is not also reported missing.
        #expect(
            result.standardError == """
                \(bad.path):3:15: error: $.authors[0].books[0].book_id: Book.bookID: expected a number, found "x"
                \(bad.path):3:47: error: $.authors[0].books[0].year: Book.year: expected Integer 16 (-32768...32767), found 99999
                \(bad.path):4:19: error: $.authors[1].lastName: Author.lastName: a value (String) is required, but the JSON has none and the model gives no default

                """
        )

        let json = try Modelgen.run(["check-json"] + Self.authors + [bad.path] + Self.options + ["--format", "json"])
        #expect(json.status == 1)
        let problems = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        )
        #expect(problems.count == 3)
        #expect(problems.first?["line"] as? Int == 3)
        #expect(problems.first?["column"] as? Int == 15)
        #expect(problems.first?["path"] as? String == "$.authors[0].books[0].book_id")
        #expect(problems.first?["severity"] as? String == "error")

        let clean = try Modelgen.run(
            ["check-json"] + Self.authors + ["Tests/Fixtures/Authors/authors-v3.json"] + Self.options
        )
        #expect(clean.status == 0)
        #expect(clean.standardOutput == "1 file checked: 0 problems\n")
        #expect(clean.standardError.isEmpty)
    }

    @Test("roundtrip reports what does not come back, by path; a faithful file passes")
    func roundtrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The same author twice with different names: one object, written with the last name.
        let twice = try folder.write(
            #"{"authors": [{"author_id": 1, "lastName": "Twain"}, {"author_id": 1, "lastName": "Clemens"}]}"#,
            to: "twice.json"
        )
        let result = try Modelgen.run(["roundtrip"] + Self.authors + [twice.path] + Self.options)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                #"\#(twice.path):1:43: error: round trip: $.authors[0].lastName: expected "Twain", found "Clemens""#
            )
        )

        let faithful = try Modelgen.run(
            ["roundtrip"] + Self.authors + ["Tests/Fixtures/Authors/authors-v3.json"] + Self.options
        )
        #expect(faithful.status == 0)
        #expect(faithful.standardOutput == "1 file round-tripped: 0 problems\n")
    }

    @Test("usage errors and missing files say what is wrong")
    func problems() throws {
        let unknown = try Modelgen.run(
            ["roundtrip"] + Self.authors + ["x.json", "--normalize", "spaces"] + Self.options
        )
        #expect(unknown.status == 64)
        #expect(
            unknown.standardError.contains(
                "Unknown normalization 'spaces': use numbers, absent-null or all."
            )
        )
        // Authors has one top-level entity (ObjectModel.topLevelEntities): Author, which owns the rest.
        let chosen = try Modelgen.run(["check-json"] + Self.authors + ["x.json"])
        #expect(chosen.standardError == "x.json: error: no such file or folder\n")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let twoRoots = try folder.write(
            """
            <model><entity name="Shelf"><attribute name="a" attributeType="String"/></entity>
            <entity name="Tray"><attribute name="b" attributeType="String"/></entity></model>
            """,
            to: "contents"
        )
        let ambiguous = try Modelgen.run(["check-json", twoRoots.path, "x.json"])
        #expect(ambiguous.status == 64)
        #expect(
            ambiguous.standardError.contains(
                "2 entities a document may hold at its top level: say which with --entity (Shelf, Tray)"
            )
        )
        let missing = try Modelgen.run(["check-json"] + Self.authors + ["missing.json"] + Self.options)
        #expect(missing.status == 1)
        #expect(missing.standardError == "missing.json: error: no such file or folder\n")
    }
}
