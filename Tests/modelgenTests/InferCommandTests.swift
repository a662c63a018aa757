import Foundation
import TestSupport
import Testing

@Suite("modelgen infer")
struct InferCommandTests {
    static let sample = """
        {"total_count": 2, "updated_at": "2024-05-01T09:30:00Z",
         "authors": [{"id": 1, "name": "Ann", "homepage": "https://ann.example.com/"}, {"id": 2, "name": "Bob", "homepage": null}],
         "books": [
           {"id": 10, "title": "Emma", "author_id": 1, "price": "24.99", "tags": ["novel"], "published_on": "1815-12-23",
            "reviews": [{"stars": 5, "text": "Fine", "class": "a"}]},
           {"id": 11, "title": "Persuasion", "author_id": 2, "price": "9.50", "tags": [], "published_on": "1817-12-20",
            "reviews": []}
         ]}
        """

    @Test("infer writes a model that validates with no warning, round-trips its sample and reads every key")
    func inferredModelRoundTrips() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write(Self.sample, to: "shelf.json")
        let model = folder.url.appendingPathComponent("Shelf.xcdatamodeld").path
        let inferred = try Modelgen.run(["infer", file.path, "--output", model])
        #expect(inferred.status == 0, "\(inferred.standardError)")
        #expect(inferred.standardOutput.contains("note: Book.author: to-one Author by the foreign key 'author_id'"))
        #expect(inferred.standardOutput.contains("the samples' objects are Shelf"))
        let conventions = try String(
            contentsOf: folder.url.appendingPathComponent("Shelf.conventions.json"),
            encoding: .utf8
        )
        #expect(conventions == "{ \"keyCasing\": \"snakeCase\", \"identifiesByID\": false }\n")

        let validated = try Modelgen.run(["validate", model])
        #expect(validated.standardOutput == "1 model checked: 0 error(s), 0 warning(s)\n", "\(validated.standardError)")
        let roundTripped = try Modelgen.run(["roundtrip", model, file.path])
        #expect(roundTripped.status == 0, "\(roundTripped.standardError)")
        #expect(roundTripped.standardOutput == "1 file round-tripped: 0 problems\n")
        let checked = try Modelgen.run(["check-json", "--unmapped", "error", model, file.path])
        #expect(checked.status == 0, "\(checked.standardError)")
        #expect(checked.standardOutput == "1 file checked: 0 problems\n")
    }

    @Test("infer refuses to replace a model unless --force; a sample that is not objects is a clear error")
    func refusals() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write(#"[{"a": 1}]"#, to: "a.json")
        let model = folder.url.appendingPathComponent("A.xcdatamodeld").path
        #expect(try Modelgen.run(["infer", file.path, "--output", model]).status == 0)
        let again = try Modelgen.run(["infer", file.path, "--output", model])
        #expect(again.status != 0)
        #expect(again.standardError.contains("exists already; give --force to replace it"))
        #expect(try Modelgen.run(["infer", file.path, "--output", model, "--force"]).status == 0)
        let scalar = try folder.write("[1, 2]", to: "scalar.json")
        let failed = try Modelgen.run(["infer", scalar.path, "--output", model, "--force"])
        #expect(failed.status != 0)
        #expect(failed.standardError.contains("expected JSON objects"))
        let wrongOutput = try Modelgen.run(["infer", file.path, "--output", "A.xcdatamodel"])
        #expect(wrongOutput.standardError.contains("--output must name a .xcdatamodeld bundle"))
    }
    @Test("the key path and entity infer found are stored, and check-json, roundtrip and decode use them")
    func storedRoot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let orders = try folder.write(
            #"{"data": [{"id": 1, "total": "5.00"}], "meta": {"page": 1}}"#,
            to: "orders.json"
        )
        let model = folder.url.appendingPathComponent("Orders.xcdatamodeld").path
        let inferred = try Modelgen.run(["infer", orders.path, "--at", "data", "--entity", "Order", "--output", model])
        #expect(inferred.status == 0, "\(inferred.standardError)")
        for command in ["check-json", "roundtrip"] {
            let result = try Modelgen.run([command, model, orders.path])
            #expect(result.status == 0, "\(command): \(result.standardError)")
        }
        let decoded = try Modelgen.run(["decode", model, orders.path])
        #expect(
            decoded.standardOutput.contains("\"total\" : \"5.00\"")
                || decoded.standardOutput.contains("\"total\": \"5.00\"")
        )
        // --at still wins: the document itself is then not an array of orders.
        let elsewhere = try Modelgen.run(["check-json", model, orders.path, "--at", "meta"])
        #expect(elsewhere.status != 0)
        // A key with a dot in it, escaped as the decoder reads key paths.
        let dotted = try folder.write(#"{"api.v1": {"items": [{"id": 1, "name": "A"}]}}"#, to: "dotted.json")
        let dottedModel = folder.url.appendingPathComponent("Dotted.xcdatamodeld").path
        let dottedInferred = try Modelgen.run([
            "infer", dotted.path, "--at", #"api\.v1.items"#, "--output", dottedModel,
        ])
        #expect(dottedInferred.status == 0, "\(dottedInferred.standardError)")
        for command in ["check-json", "roundtrip"] {
            let result = try Modelgen.run([command, dottedModel, dotted.path])
            #expect(result.status == 0, "\(command): \(result.standardError)")
        }
    }
    @Test("samples of different endpoints: refused as one entity, each given its own with FILE=ENTITY")
    func endpoints() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let orders = try folder.write(#"[{"id": 1, "status": "paid", "total": "5.00"}]"#, to: "orders.json")
        let products = try folder.write(#"[{"id": 9, "name": "Mug", "sku": "M-1", "stock": 3}]"#, to: "products.json")
        let model = folder.url.appendingPathComponent("Shop.xcdatamodeld").path
        let refused = try Modelgen.run(["infer", orders.path, products.path, "--output", model])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("--entity orders.json=Order"), "\(refused.standardError)")
        let named = try Modelgen.run([
            "infer", orders.path, products.path, "--entity", "products.json=Product", "--output", model,
        ])
        #expect(named.status == 0, "\(named.standardError)")
        #expect(named.standardOutput.hasSuffix("the samples' objects are Order, Product\n"), "\(named.standardOutput)")
        // Two declared roots: check-json asks which.
        let ask = try Modelgen.run(["check-json", model, products.path])
        #expect(ask.standardError.contains("say which with --entity (Order, Product)"), "\(ask.standardError)")
        #expect(try Modelgen.run(["check-json", model, products.path, "--entity", "Product"]).status == 0)
    }
}
