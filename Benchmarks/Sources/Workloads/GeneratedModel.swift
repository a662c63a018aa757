import Foundation

/// A model for loading: Xcode-style XML of as many entities as asked, each with 20 properties
/// (14 attributes of every type, a third with a `jsonKeyPath`, and 6 relationships with inverses).
package enum GeneratedModel {
    /// Xcode-style XML for `count` entities, each with 14 attributes and 6 relationships.
    package static func xml(entities count: Int) -> String {
        let types = [
            "Integer 16", "Integer 32", "Integer 64", "Decimal", "Double", "Float", "String", "Boolean", "Date",
            "Binary",
            "UUID", "URI", "String", "Transformable",
        ]
        var xml = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
        xml +=
            #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23231" minimumToolsVersion="Automatic" sourceLanguage="Swift">"#
            + "\n"
        for index in 0..<count {
            xml += "    <entity name=\"Entity\(index)\" representedClassName=\"Entity\(index)\" syncable=\"YES\">\n"
            for (slot, type) in types.enumerated() {
                let defaultValue = type.hasPrefix("Integer") ? #" defaultValueString="0""# : ""
                let transformer =
                    type == "Transformable" ? #" valueTransformerName="StringArray" customClassName="[String]""# : ""
                if slot % 3 == 0 {
                    xml +=
                        "        <attribute name=\"attribute\(slot)\" optional=\"YES\" "
                        + "attributeType=\"\(type)\"\(defaultValue)\(transformer)>\n"
                    xml +=
                        "            <userInfo>\n                <entry key=\"jsonKeyPath\" "
                        + "value=\"payload.attribute_\(slot)\"/>\n            </userInfo>\n"
                    xml += "        </attribute>\n"
                } else {
                    xml +=
                        "        <attribute name=\"attribute\(slot)\" optional=\"YES\" "
                        + "attributeType=\"\(type)\"\(defaultValue)\(transformer)/>\n"
                }
            }
            for link in 0..<3 {
                let destination = (index + link + 1) % count
                let source = (index - link - 1 + count) % count
                xml +=
                    "        <relationship name=\"out\(link)\" optional=\"YES\" toMany=\"YES\" deletionRule=\"Nullify\" "
                    + "destinationEntity=\"Entity\(destination)\" inverseName=\"in\(link)\" "
                    + "inverseEntity=\"Entity\(destination)\"/>\n"
                xml +=
                    "        <relationship name=\"in\(link)\" optional=\"YES\" maxCount=\"1\" deletionRule=\"Nullify\" "
                    + "destinationEntity=\"Entity\(source)\" inverseName=\"out\(link)\" "
                    + "inverseEntity=\"Entity\(source)\"/>\n"
            }
            xml += "    </entity>\n"
        }
        return xml + "</model>\n"
    }
}
