// Model loading benchmark: a generated model of 1,000 entities with 20 properties each
// (14 attributes, 6 relationships with inverses), loaded by ModelMapper and, side by side
// in the same run, parsed into a DOM by Foundation's XMLDocument (also libxml2 underneath).
//
//     swift run -c release model-loading-benchmark [entities] [repetitions]
//
// Reports the median of the repetitions and the ratio ModelMapper / XMLDocument: the price
// of validation, key path parsing and building the description tables over a bare parse.
import Foundation
import FoundationXML
import ModelMapper

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let entityCount = arguments.first ?? 1_000
let repetitions = arguments.dropFirst().first ?? 15

/// Xcode-style XML for `count` entities, each with 14 attributes and 6 relationships.
func generatedModel(entities count: Int) -> String {
    let types = ["Integer 16", "Integer 32", "Integer 64", "Decimal", "Double", "Float", "String", "Boolean", "Date", "Binary", "UUID", "URI", "String", "Transformable"]
    var xml = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
    xml += #"<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23231" minimumToolsVersion="Automatic" sourceLanguage="Swift">"# + "\n"
    for index in 0..<count {
        xml += "    <entity name=\"Entity\(index)\" representedClassName=\"Entity\(index)\" syncable=\"YES\">\n"
        for (slot, type) in types.enumerated() {
            let defaultValue = type.hasPrefix("Integer") ? #" defaultValueString="0""# : ""
            let transformer = type == "Transformable" ? #" valueTransformerName="StringArray" customClassName="[String]""# : ""
            if slot % 3 == 0 {
                xml += "        <attribute name=\"attribute\(slot)\" optional=\"YES\" attributeType=\"\(type)\"\(defaultValue)\(transformer)>\n"
                xml += "            <userInfo>\n                <entry key=\"jsonKeyPath\" value=\"payload.attribute_\(slot)\"/>\n            </userInfo>\n"
                xml += "        </attribute>\n"
            } else {
                xml += "        <attribute name=\"attribute\(slot)\" optional=\"YES\" attributeType=\"\(type)\"\(defaultValue)\(transformer)/>\n"
            }
        }
        for link in 0..<3 {
            let destination = (index + link + 1) % count
            let source = (index - link - 1 + count) % count
            xml += "        <relationship name=\"out\(link)\" optional=\"YES\" toMany=\"YES\" deletionRule=\"Nullify\" destinationEntity=\"Entity\(destination)\" inverseName=\"in\(link)\" inverseEntity=\"Entity\(destination)\"/>\n"
            xml += "        <relationship name=\"in\(link)\" optional=\"YES\" maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"Entity\(source)\" inverseName=\"out\(link)\" inverseEntity=\"Entity\(source)\"/>\n"
        }
        xml += "    </entity>\n"
    }
    return xml + "</model>\n"
}

func median(_ body: () throws -> Void) rethrows -> Duration {
    var samples: [Duration] = []
    for _ in 0..<repetitions {
        let start = ContinuousClock.now
        try body()
        samples.append(ContinuousClock.now - start)
    }
    return samples.sorted()[samples.count / 2]
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

let xml = Data(generatedModel(entities: entityCount).utf8)
// Check once that the generated model is what it claims to be.
let model = try ObjectModel(xml: xml, fileName: "Generated.xml")
let propertyCount = model.entities.reduce(0) { $0 + $1.properties.count }
guard model.entities.count == entityCount, propertyCount == entityCount * 20 else {
    fatalError("the generated model has \(model.entities.count) entities and \(propertyCount) properties")
}

let modelMapper = try median { _ = try ObjectModel(xml: xml, fileName: "Generated.xml") }
let foundationXML = try median { _ = try XMLDocument(data: xml) }

print("model: \(entityCount) entities, \(propertyCount) properties, \(xml.count / 1024) KiB of XML; median of \(repetitions) runs")
print(String(format: "ObjectModel(xml:)                 %8.1f ms", milliseconds(modelMapper)))
print(String(format: "FoundationXML XMLDocument(data:)  %8.1f ms", milliseconds(foundationXML)))
print(String(format: "ratio ObjectModel / XMLDocument   %8.2f", milliseconds(modelMapper) / milliseconds(foundationXML)))
