import Foundation
import ModelMapper
import Testing

/// One entity whose attribute `value` carries the given userInfo entries.
private func model(
    attributeUserInfo: [(String, String)],
    attributeXML: String = "attributeType=\"String\"",
    entityUserInfo: [(String, String)] = []
) throws -> ObjectModel {
    func entries(_ pairs: [(String, String)]) -> String {
        guard !pairs.isEmpty else { return "" }
        return "<userInfo>" + pairs.map { "<entry key=\"\($0.0)\" value=\"\($0.1)\"/>" }.joined() + "</userInfo>"
    }
    return try ObjectModel(
        xml: """
            <model>
                <entity name="Thing">
                    <attribute name="value" optional="YES" \(attributeXML)>\(entries(attributeUserInfo))</attribute>
                    <attribute name="id" optional="YES" attributeType="Integer 64"/>
                    \(entries(entityUserInfo))
                </entity>
            </model>
            """
    )
}

private func value(_ model: ObjectModel) throws -> AttributeDescription {
    try #require(model.entitiesByName["Thing"]?.attributesByName["value"])
}

@Suite("Mapping metadata from userInfo")
struct MappingMetadataTests {
    @Test("a property without a key path maps to its own name")
    func defaultKeyPath() throws {
        #expect(try value(model(attributeUserInfo: [])).jsonKeyPath.components == ["value"])
    }

    @Test("every accepted key path alias is read", arguments: MappingKeys.jsonKeyPath)
    func keyPathAliases(key: String) throws {
        #expect(
            try value(model(attributeUserInfo: [(key, "remote.value")])).jsonKeyPath.components == ["remote", "value"]
        )
    }

    @Test("jsonKeyPath wins over the aliases, whatever their order in the file")
    func keyPathPrecedence() throws {
        let attribute = try value(
            model(attributeUserInfo: [("mappedKeyName", "c"), ("sync.remoteKey", "b"), ("jsonKeyPath", "a")])
        )
        #expect(attribute.jsonKeyPath.components == ["a"])
        let aliasesOnly = try value(model(attributeUserInfo: [("mappedKeyName", "c"), ("sync.remoteKey", "b")]))
        #expect(aliasesOnly.jsonKeyPath.components == ["b"])
    }

    @Test("an escaped dot stays inside one JSON key")
    func escapedDot() throws {
        let attribute = try value(model(attributeUserInfo: [("jsonKeyPath", #"links.self\.href"#)]))
        #expect(attribute.jsonKeyPath.components == ["links", "self.href"])
    }

    @Test("the transformer comes from valueTransformerName, then JSONTransformerName, then sync.valueTransformer")
    func transformerPrecedence() throws {
        let own = try value(
            model(
                attributeUserInfo: [("JSONTransformerName", "B")],
                attributeXML: #"attributeType="Transformable" valueTransformerName="A""#
            )
        )
        #expect(own.valueTransformerName == "A")
        let json = try value(model(attributeUserInfo: [("sync.valueTransformer", "C"), ("JSONTransformerName", "B")]))
        #expect(json.valueTransformerName == "B")
        let sync = try value(model(attributeUserInfo: [("sync.valueTransformer", "C")]))
        #expect(sync.valueTransformerName == "C")
        #expect(try value(model(attributeUserInfo: [])).valueTransformerName == nil)
    }

    @Test("identity from the entity's identityAttributes list")
    func identityList() throws {
        let model = try model(attributeUserInfo: [], entityUserInfo: [("identityAttributes", "id, value")])
        let thing = try #require(model.entitiesByName["Thing"])
        #expect(thing.identityAttributes.map(\.name) == ["id", "value"])
        #expect(thing.attributesByName["id"]?.isIdentity == true)
    }

    @Test("identity from an attribute flag", arguments: MappingKeys.attributeIsIdentity)
    func identityFlag(key: String) throws {
        let model = try model(attributeUserInfo: [(key, "YES")])
        #expect(model.entitiesByName["Thing"]?.identityAttributes.map(\.name) == ["value"])
        #expect(try value(model).isIdentity)
    }

    @Test("no identity metadata means no identity attributes")
    func noIdentity() throws {
        let model = try model(attributeUserInfo: [("sync.isPrimaryKey", "NO")])
        #expect(model.entitiesByName["Thing"]?.identityAttributes.isEmpty == true)
        #expect(try !value(model).isIdentity)
    }
}

@Suite("JSON key paths")
struct JSONKeyPathTests {
    @Test("dots separate components")
    func components() throws {
        #expect(try JSONKeyPath(parsing: "pricing.retail_price").components == ["pricing", "retail_price"])
        #expect(try JSONKeyPath(parsing: "id").components == ["id"])
    }

    @Test("backslash escapes a dot or a backslash")
    func escapes() throws {
        #expect(try JSONKeyPath(parsing: #"a\.b.c"#).components == ["a.b", "c"])
        #expect(try JSONKeyPath(parsing: #"a\\.b"#).components == [#"a\"#, "b"])
    }

    @Test("the description parses back to the same path")
    func roundTrip() throws {
        for components in [["a.b", "c"], [#"x\y"#], ["plain"], ["with space", "ünïcode"]] {
            let path = try #require(JSONKeyPath(components: components))
            #expect(try JSONKeyPath(parsing: path.description) == path)
        }
    }

    @Test(
        "malformed paths are rejected with the reason",
        arguments: [
            ("", "it is empty"), ("a..b", "empty component"), (".a", "empty component"), ("a.", "empty component"),
            (#"a\"#, "lone '\\'"), (#"a\b"#, "must be followed by"),
        ]
    )
    func malformed(text: String, reason: String) {
        #expect {
            try JSONKeyPath(parsing: text)
        } throws: { error in
            "\(error)".contains(reason) && "\(error)".contains("invalid JSON key path")
        }
    }

    @Test("a path of one key is taken literally")
    func literalKey() {
        #expect(JSONKeyPath(key: "a.b").components == ["a.b"])
        #expect(JSONKeyPath(components: []) == nil)
        #expect(JSONKeyPath(components: ["a", ""]) == nil)
    }
}
