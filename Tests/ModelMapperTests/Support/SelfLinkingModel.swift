import ModelMapper

/// A model whose entities link to themselves with no inverse, for the tests of cycles: people
/// with an identity (one friend, many friends), and nodes without one (the next node).
enum SelfLinkingModel {
    static func load() throws -> ObjectModel { try ObjectModel(xml: xml) }

    static let xml = """
        <model>
          <entity name="Person">
            <attribute name="id" attributeType="Integer 64"/>
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="friend" optional="YES" maxCount="1" destinationEntity="Person"/>
            <relationship name="friends" optional="YES" toMany="YES" destinationEntity="Person"/>
            <userInfo><entry key="identityAttributes" value="id"/></userInfo>
          </entity>
          <entity name="Node">
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="next" optional="YES" maxCount="1" destinationEntity="Node"/>
          </entity>
        </model>
        """
}
