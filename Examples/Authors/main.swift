// The Authors example: loads Models/Authors.xcdatamodeld and prints what it declares.
// Run it from the package folder: swift run authors
import Foundation
import ModelMapper

let modelURL = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "Models/Authors.xcdatamodeld")
do {
    let bundle = try ModelBundle(contentsOf: modelURL)
    print("versions: \(bundle.versionNames.joined(separator: ", ")) (current: \(bundle.currentVersionName ?? "none"))")
    let model = try bundle.loadModel()
    for entity in model.entities {
        print(entity.name)
        for attribute in entity.attributes {
            print("  \(attribute.name): \(attribute.attributeType.rawValue) <- \"\(attribute.jsonKeyPath)\"")
        }
        for relationship in entity.relationships {
            let destination = relationship.destinationEntity.name
            print("  \(relationship.name): \(relationship.isToMany ? "[\(destination)]" : destination) <- \"\(relationship.jsonKeyPath)\"")
        }
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
