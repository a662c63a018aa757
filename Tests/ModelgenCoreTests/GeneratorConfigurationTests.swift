import Foundation
@_spi(ModelgenTools) import ModelgenCore
import ModelMapper
import TestSupport
import Testing

private func parse(_ text: String) throws(GeneratorConfigurationError) -> GeneratorConfiguration {
    try GeneratorConfiguration.parse(Data(text.utf8))
}

/// The error `text` is refused with, as modelgen prints it; nil when it is accepted.
private func refusal(_ text: String) -> String? {
    refusal(Data(text.utf8))
}

private func refusal(_ data: Data) -> String? {
    do {
        _ = try GeneratorConfiguration.parse(data)
        return nil
    } catch {
        return error.description(file: "modelgen.json")
    }
}

@Suite("modelgen.json: settings beside a model, for the command line and the plugins")
struct GeneratorConfigurationTests {
    @Test("every setting is read; a model's own settings win over the file's")
    func settings() throws {
        let configuration = try parse(
            """
            {
                "access": "internal", "layout": "single-file", "templates": "Templates", "typeName": "ShopSchema",
                "output": "Generated", "entities": ["Order", "Line"], "trustCustomClassNames": true,
                "classPrefix": "Shop",
                "models": { "Legacy": { "typeName": "LegacySchema", "layout": "split", "entities": [], "classPrefix": "Old" } }
            }
            """
        )
        let shop = configuration.settings(forModel: "Shop")
        #expect(shop.access == .internal)
        #expect(shop.layout == .singleFile)
        #expect(shop.templates == "Templates")
        #expect(shop.typeName == "ShopSchema")
        #expect(shop.output == "Generated")
        #expect(shop.entities == ["Order", "Line"])
        #expect(shop.trustCustomClassNames == true)
        #expect(shop.classPrefix == "Shop")
        let legacy = configuration.settings(forModel: "Legacy")
        #expect(legacy.typeName == "LegacySchema")
        #expect(legacy.layout == .split)
        #expect(legacy.entities == [])
        #expect(legacy.classPrefix == "Old")
        #expect(legacy.access == .internal)  // the file's
        #expect(legacy.output == "Generated")
        // An empty file of settings sets nothing.
        #expect(try parse("{}") == GeneratorConfiguration())
    }

    @Test(
        "what cannot be used is an error saying where and why",
        arguments: [
            (
                "{\"layout\": \"splitt\"}",
                #"modelgen.json: error: $.layout: expected "split" or "single-file", found "splitt""#
            ),
            (
                "{\"access\": \"open\"}",
                #"modelgen.json: error: $.access: expected "public" or "internal", found "open""#
            ),
            ("{\"access\": 1}", "modelgen.json: error: $.access: expected a string, found a number"),
            (
                "{\"acces\": \"public\"}",
                "modelgen.json: error: $.acces: unknown setting 'acces' (settings: access, layout, templates, "
                    + "typeName, output, entities, trustCustomClassNames, classPrefix, models)"
            ),
            (
                "{\"typeName\": \"Shop Model\"}",
                "modelgen.json: error: $.typeName: 'Shop Model' is not a Swift type name"
            ),
            ("{\"typeName\": \"class\"}", "modelgen.json: error: $.typeName: 'class' is not a Swift type name"),
            ("{\"output\": \"\"}", #"modelgen.json: error: $.output: expected the path of a folder, found """#),
            (
                "{\"entities\": \"Order\"}",
                "modelgen.json: error: $.entities: expected an array of entity names, found a string"
            ),
            (
                "{\"entities\": [\"Order\", null]}",
                "modelgen.json: error: $.entities[1]: expected an entity name, found null"
            ),
            (
                "{\"trustCustomClassNames\": \"yes\"}",
                "modelgen.json: error: $.trustCustomClassNames: expected true or false, found a string"
            ),
            (
                "{\"models\": []}",
                "modelgen.json: error: $.models: expected an object of settings by model name, found an array"
            ),
            (
                "{\"models\": {\"Shop\": 1}}",
                "modelgen.json: error: $.models.Shop: expected an object of settings, found a number"
            ),
            (
                "{\"models\": {\"Shop\": {\"models\": {}}}}",
                "modelgen.json: error: $.models.Shop.models: unknown setting 'models' (settings: access, layout, "
                    + "templates, typeName, output, entities, trustCustomClassNames, classPrefix)"
            ),
            (
                "{\"classPrefix\": \"wc\"}",
                "modelgen.json: error: $.classPrefix: 'wc' cannot start a Swift type name: give letters and digits, "
                    + "the first a capital"
            ),
            ("[\"split\"]", "modelgen.json: error: $: expected an object of settings, found an array"),
            (
                "{\"layout\": \"split\",\n \"access\": }",
                "modelgen.json:2:12: error: not valid JSON: expected a value, found '}'"
            ),
            (
                "{\"layout\": \"split\",}",
                "modelgen.json:1:20: error: not valid JSON: expected a member name in double quotes after ',', found "
                    + "'}'"
            ),
            ("", "modelgen.json:1:1: error: not valid JSON: expected a value, found the end of the text"),
        ]
    )
    func errors(text: String, expected: String) {
        #expect(refusal(text) == expected)
    }

    @Test("hostile files are refused with an error, never a crash or a long wait")
    func hostile() {
        let cases: [(String, Data)] = [
            ("deep nesting", Data(String(repeating: "[", count: 200_000).utf8)),
            ("deep objects", Data(String(repeating: "{\"models\":", count: 50_000).utf8)),
            ("invalid UTF-8", Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])),
            ("a lone surrogate", Data(#"{"output": "\uD800"}"#.utf8)),
            ("NUL in a folder", Data(#"{"output": "a\u0000b"}"#.utf8)),
            ("over a megabyte", Data(("{\"output\": \"" + String(repeating: "a", count: 1 << 20) + "\"}").utf8)),
            ("a huge number", Data(("{\"access\": 1" + String(repeating: "0", count: 100_000) + "}").utf8)),
            ("many unknown keys", Data(("{" + (0..<10_000).map { "\"k\($0)\": 0" }.joined(separator: ",") + "}").utf8)),
        ]
        for (name, data) in cases {
            let error = refusal(data)
            #expect(error?.hasPrefix("modelgen.json") == true, "\(name): \(error ?? "accepted")")
        }
    }

    @Test("the file is looked for beside the model bundle, folder or contents file")
    func location() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bundle = try folder.makeFolder("Shop.xcdatamodeld/Shop.xcdatamodel")
        #expect(GeneratorConfiguration.file(besideModel: folder.url.appendingPathComponent("Shop.xcdatamodeld")) == nil)
        let file = try folder.write("{}", to: "modelgen.json")
        for model in [
            folder.url.appendingPathComponent("Shop.xcdatamodeld"), bundle, bundle.appendingPathComponent("contents"),
        ] {
            #expect(GeneratorConfiguration.file(besideModel: model)?.standardizedFileURL == file.standardizedFileURL)
        }
    }

}
