import Foundation
import Testing

@testable import ModelMapper

/// Keys read as other spellings of a property's key: the model's name beside the cased key,
/// and a relationship's foreign-key keys (`company_id`, `notes_ids`), as Sync reads them.
@Suite("Conventions: both casings, and foreign keys at <relationship>_id and _ids")
struct ConventionAliasTests {
    static let xml = """
        <model>
          <entity name="User">
            <attribute name="remoteID" attributeType="Integer 64"/>
            <attribute name="fullName" optional="YES" attributeType="String"/>
            <relationship name="company" optional="YES" maxCount="1" destinationEntity="Company" inverseName="users" inverseEntity="Company"/>
            <relationship name="notes" optional="YES" toMany="YES" destinationEntity="Note" inverseName="user" inverseEntity="Note"/>
          </entity>
          <entity name="Company">
            <attribute name="remoteID" attributeType="Integer 64"/>
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="users" optional="YES" toMany="YES" destinationEntity="User" inverseName="company" inverseEntity="User"/>
          </entity>
          <entity name="Note">
            <attribute name="remoteID" attributeType="Integer 64"/>
            <attribute name="text" optional="YES" attributeType="String"/>
            <relationship name="user" optional="YES" maxCount="1" destinationEntity="User" inverseName="notes" inverseEntity="User"/>
          </entity>
        </model>
        """

    static let conventions = ModelConventions(
        keyCasing: .snakeCase,
        identityAttributes: ["id", "remoteID"],
        identityKey: "id",
        acceptsModelNames: true,
        foreignKeySuffixes: .init(toOne: "_id", toMany: "_ids")
    )

    private func model() throws -> ObjectModel { try ObjectModel(xml: Self.xml, conventions: Self.conventions) }

    @Test("fullName and full_name both read the attribute; the cased key is written")
    func bothCasings() throws {
        let model = try model()
        let user = try #require(model.entity(named: "User"))
        let document = Data(#"[{"id": 1, "fullName": "Ada"}, {"id": 2, "full_name": "Bea"}]"#.utf8)
        let users = try ModelDecoder(model: model).decodeObjects(of: user, from: document)
        #expect(users.map { $0.value(forKey: "fullName") as? String } == ["Ada", "Bea"])
        #expect(String(decoding: try ModelEncoder().encode(users[0]), as: UTF8.self) == #"{"id":1,"full_name":"Ada"}"#)

        // With the source kept, each key is written as it was read, once.
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        let kept = try ModelDecoder(model: model, options: options).decodeObjects(of: user, from: document)
        #expect(
            String(decoding: try ModelEncoder().encode(kept), as: UTF8.self)
                == #"[{"id":1,"fullName":"Ada"},{"id":2,"full_name":"Bea"}]"#
        )
    }

    @Test("company_id and notes_ids link the graph's objects; null clears")
    func foreignKeys() throws {
        let graph = ObjectGraph(model: try model())
        try graph.merge(Data(#"[{"id": 5, "name": "Acme"}]"#.utf8), entity: "Company")
        try graph.merge(Data(#"[{"id": 10, "text": "a"}, {"id": 11, "text": "b"}]"#.utf8), entity: "Note")
        try graph.merge(
            Data(#"[{"id": 1, "full_name": "Ada", "company_id": 5, "notes_ids": [11, 10]}]"#.utf8),
            entity: "User"
        )
        let ada = try #require(graph.object(of: "User", identity: 1))
        let acme = try #require(graph.object(of: "Company", identity: 5))
        #expect(ada.value(forKey: "company") as? ModelObject === acme)
        let notes = try #require(ada.value(forKey: "notes") as? [ModelObject])
        #expect(notes.map { $0.value(forKey: "text") as? String } == ["b", "a"])
        #expect((acme.value(forKey: "users") as? [ModelObject])?.first === ada, "the inverse is set")

        try graph.merge(Data(#"[{"id": 1, "company_id": null}]"#.utf8), entity: "User")
        #expect(ada.value(forKey: "company") == nil)
        #expect(ada.value(forKey: "fullName") as? String == "Ada", "an update leaves absent keys alone")
    }

    @Test("an alias never takes a key a property has, and declared key paths get none")
    func collisions() throws {
        let xml = """
            <model>
              <entity name="Order">
                <attribute name="id" attributeType="Integer 64"/>
                <attribute name="customerID" optional="YES" attributeType="Integer 64"/>
                <relationship name="customer" optional="YES" maxCount="1" destinationEntity="Customer"/>
              </entity>
              <entity name="Customer">
                <attribute name="id" attributeType="Integer 64"/>
              </entity>
            </model>
            """
        let model = try ObjectModel(xml: xml, conventions: Self.conventions)
        let order = try ModelDecoder(model: model)
            .decodeObject(
                of: try #require(model.entity(named: "Order")),
                from: Data(#"{"id": 1, "customer_id": 7}"#.utf8)
            )
        // `customer_id` is the attribute's own key: the attribute reads it, not the relationship.
        #expect(order.value(forKey: "customerID") as? Int64 == 7)
        #expect(order.value(forKey: "customer") == nil)
        // The model says so when it loads, at the relationship.
        let warning = try #require(model.warnings.first { $0.message.contains("Order.customer:") })
        #expect(
            warning.message
                == "Order.customer: the conventions also read it at 'customer_id', which is the key of "
                + "Order.customerID; that key stays customerID's"
        )
        #expect(warning.location.line == 5)

        // A reserved name the entity has as a property of its own.
        let reserved = try ObjectModel(
            xml: """
                <model>
                  <entity name="User">
                    <attribute name="type" optional="YES" attributeType="String"/>
                    <attribute name="userType" optional="YES" attributeType="String"/>
                  </entity>
                </model>
                """,
            conventions: .sync
        )
        #expect(
            reserved.warnings.map(\.message) == [
                "User.userType: 'type' is a reserved name, but User has a property named 'type': userType keeps the key 'user_type'"
            ]
        )
        #expect(try ObjectModel(xml: Self.xml, conventions: Self.conventions).warnings.isEmpty)
    }

    @Test("exporting as Sync does: sync.nonExportable is read, never written; relationships may be left out")
    func export() throws {
        let xml = """
            <model>
              <entity name="User">
                <attribute name="remoteID" attributeType="Integer 64"/>
                <attribute name="token" optional="YES" attributeType="String">
                  <userInfo><entry key="sync.nonExportable" value="YES"/></userInfo>
                </attribute>
                <relationship name="notes" optional="YES" toMany="YES" destinationEntity="Note" inverseName="user" inverseEntity="Note"/>
              </entity>
              <entity name="Note">
                <attribute name="remoteID" attributeType="Integer 64"/>
                <relationship name="user" optional="YES" maxCount="1" destinationEntity="User" inverseName="notes" inverseEntity="User"/>
              </entity>
            </model>
            """
        let model = try ObjectModel(xml: xml, conventions: .sync)
        let user = try ModelDecoder(model: model)
            .decodeObject(
                of: try #require(model.entity(named: "User")),
                from: Data(#"{"id": 1, "token": "secret", "notes": [{"id": 2}]}"#.utf8)
            )
        #expect(user.value(forKey: "token") as? String == "secret", "read")
        #expect(String(decoding: try ModelEncoder().encode(user), as: UTF8.self) == #"{"id":1,"notes":[{"id":2}]}"#)
        var options = ModelEncoder.Options()
        options.writesRelationships = false
        #expect(String(decoding: try ModelEncoder(options: options).encode(user), as: UTF8.self) == #"{"id":1}"#)
        // Nor with the source kept.
        var keeping = ModelDecoder.Options()
        keeping.unknownKeys = .keep
        let kept = try ModelDecoder(model: model, options: keeping)
            .decodeObject(
                of: try #require(model.entity(named: "User")),
                from: Data(#"{"token": "secret", "id": 1}"#.utf8)
            )
        #expect(String(decoding: try ModelEncoder().encode(kept), as: UTF8.self) == #"{"id":1}"#)
    }

    @Test("the conventions file reads both")
    func file() throws {
        let conventions = try ModelConventions(
            json: #"{"acceptsModelNames": true, "foreignKeySuffixes": {"toOne": "_id", "toMany": "_ids"}}"#
        )
        #expect(conventions.acceptsModelNames == true)
        #expect(conventions.foreignKeySuffixes == .init(toOne: "_id", toMany: "_ids"))
        #expect(try ModelConventions(json: Self.conventions.jsonText) == Self.conventions)
        let error = #expect(throws: ModelLoadingError.self) {
            try ModelConventions(json: #"{"foreignKeySuffixes": {"toOne": "_id"}}"#)
        }
        #expect(error?.diagnostics.first?.message.contains(#"'foreignKeySuffixes' is an object {"toOne""#) == true)
    }
}
