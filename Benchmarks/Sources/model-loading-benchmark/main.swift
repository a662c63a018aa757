// Model loading benchmark: a generated model of 1,000 entities with 20 properties each
// (14 attributes, 6 relationships with inverses), loaded by ModelMapper and, side by side
// in the same run, parsed by libxml2 alone: into its DOM (xmlReadMemory + xmlFreeDoc, what
// ModelMapper's loader starts from), with its streaming reader (xmlTextReader, every node
// visited), and into Foundation's XMLDocument.
//
//     swift run -c release model-loading-benchmark [entities] [repetitions] [--only model|dom|reader|xmldocument]
//
// `--only` runs one contender alone, `repetitions` times, for counting its instructions (and
// nothing of the setup) with callgrind, which unlike the clock is not moved by what the
// allocator was left holding by the run before:
//
//     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
//         .build/release/model-loading-benchmark 1000 1 --only model
//
// The rounds are interleaved (one of each per round) and the medians reported, with the
// ratios to the libxml2 parses: the price of validation, key path parsing and building the
// description tables over a bare parse.
import BenchmarkSupport
import CLibXML2Reader
import Foundation
import FoundationXML
import ModelMapper
import Workloads

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let only = CommandLine.arguments.firstIndex(of: "--only").flatMap { CommandLine.arguments.dropFirst($0 + 1).first }
let entityCount = arguments.first ?? 1_000
let repetitions = arguments.dropFirst().first ?? 15

func interleavedMedians(_ bodies: [() throws -> Void]) throws -> [Duration] {
    try InterleavedRounds.medians(rounds: repetitions, bodies)
}

func milliseconds(_ duration: Duration) -> Double {
    duration.milliseconds
}

let xml = Data(GeneratedModel.xml(entities: entityCount).utf8)
// Check once that the generated model is what it claims to be.
let model = try ObjectModel(xml: xml, fileName: "Generated.xml")
let propertyCount = model.entities.reduce(0) { $0 + $1.properties.count }
guard model.entities.count == entityCount, propertyCount == entityCount * 20 else {
    fatalError("the generated model has \(model.entities.count) entities and \(propertyCount) properties")
}

/// libxml2's DOM parse of the bytes, freed again: the floor for a loader built on it.
func libxml2DOM() {
    xml.withUnsafeBytes { buffer in
        let document = xmlReadMemory(
            buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
            Int32(buffer.count),
            "Generated.xml",
            nil,
            Int32(XML_PARSE_NONET.rawValue)
        )
        xmlFreeDoc(document)
    }
}

/// libxml2's streaming reader over every node, building no tree.
func libxml2Reader() {
    xml.withUnsafeBytes { buffer in
        guard
            let reader = xmlReaderForMemory(
                buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                Int32(buffer.count),
                "Generated.xml",
                nil,
                Int32(XML_PARSE_NONET.rawValue)
            )
        else { return }
        while xmlTextReaderRead(reader) == 1 {}
        xmlFreeTextReader(reader)
    }
}

let contenders: [(name: String, body: () throws -> Void)] = [
    ("model", { _ = try ObjectModel(xml: xml, fileName: "Generated.xml") }),
    ("dom", libxml2DOM),
    ("reader", libxml2Reader),
    ("xmldocument", { _ = try XMLDocument(data: xml) }),
]
if let only {
    guard let contender = contenders.first(where: { $0.name == only }) else {
        print("--only takes one of: \(contenders.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    try measuredRun { for _ in 0..<repetitions { try contender.body() } }
    exit(0)
}
let medians = try interleavedMedians(contenders.map(\.body))
let (modelMapper, dom, reader, foundationXML) = (medians[0], medians[1], medians[2], medians[3])

print(
    "model: \(entityCount) entities, \(propertyCount) properties, \(xml.count / 1024) KiB of XML; medians of "
        + "\(repetitions) interleaved rounds"
)
print(String(format: "ObjectModel(xml:)                   %8.1f ms", milliseconds(modelMapper)))
print(String(format: "libxml2 DOM (xmlReadMemory, free)   %8.1f ms", milliseconds(dom)))
print(String(format: "libxml2 streaming (xmlTextReader)   %8.1f ms", milliseconds(reader)))
print(String(format: "FoundationXML XMLDocument(data:)    %8.1f ms", milliseconds(foundationXML)))
print(String(format: "ratio ObjectModel / libxml2 DOM     %8.2f", milliseconds(modelMapper) / milliseconds(dom)))
print(String(format: "ratio ObjectModel / streaming       %8.2f", milliseconds(modelMapper) / milliseconds(reader)))
print(
    String(format: "ratio ObjectModel / XMLDocument     %8.2f", milliseconds(modelMapper) / milliseconds(foundationXML))
)
