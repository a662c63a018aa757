import AuthorsClasses
import Foundation
import ModelMapper

/// Documents of a music API (Models/Bands.xcdatamodeld) for merging into one ``ObjectGraph``.
///
/// A set is ten documents. A document has a tenth of the bands, musicians, band members and
/// albums (1 : 3 : 3 : 3); members and albums refer to bands and musicians by key, half of them
/// to records of a later document (so references wait, then link); and each document after the
/// first also updates a twentieth as many records of earlier documents as it brings.
package enum GraphDocuments {
    /// Ten documents of `count` new objects in all.
    package static func documents(count: Int) -> [Data] {
        let parts = 10
        let bands = max(1, count / 10)
        let others = (count - bands) / 3
        func band(_ index: Int) -> String { "band \(index % bands)" }
        func musician(_ index: Int) -> String { "musician \(index % others)" }
        /// The records `index` of `total` fall in document `part`: a contiguous tenth.
        func range(_ part: Int, of total: Int) -> Range<Int> { (total * part / parts)..<(total * (part + 1) / parts) }
        /// A record of another document for a reference: the next document's for odd indexes.
        func referenced(_ index: Int, part: Int, total: Int) -> Int {
            let target = index % 2 == 1 ? (part + 1) % parts : part
            let targetRange = range(target, of: total)
            return targetRange.lowerBound + (index &* 7_919) % max(1, targetRange.count)
        }
        return (0..<parts)
            .map { part in
                var arrays: [String] = []
                var records: [String] = []
                for index in range(part, of: bands) {
                    records.append(
                        #"{"name": "\#(band(index))", "formed": \#(1960 + index % 40), "other_names": "b\#(index)"}"#
                    )
                }
                // Updates: a twentieth as many records of earlier documents.
                if part > 0 {
                    for index in stride(from: 0, to: range(part - 1, of: bands).upperBound, by: 20) {
                        records.append(#"{"name": "\#(band(index))", "description": "update \#(part)"}"#)
                    }
                }
                arrays.append(#""bands": ["# + records.joined(separator: ",") + "]")
                records = []
                for index in range(part, of: others) {
                    records.append(
                        #"{"name": "\#(musician(index))", "born": \#(1940 + index % 50), "instruments": "bass"}"#
                    )
                }
                arrays.append(#""musicians": ["# + records.joined(separator: ",") + "]")
                records = []
                for index in range(part, of: others) {
                    let bandIndex = referenced(index, part: part, total: bands)
                    let musicianIndex = referenced(index &+ 1, part: part, total: others)
                    records.append(
                        #"{"id": "member \#(index)", "band": "\#(band(bandIndex))", "musician": "\#(musician(musicianIndex))", "joined": 1980}"#
                    )
                }
                arrays.append(#""band_members": ["# + records.joined(separator: ",") + "]")
                records = []
                for index in range(part, of: others) {
                    let bandIndex = referenced(index, part: part, total: bands)
                    records.append(
                        #"{"name": "album \#(index)", "band": {"name": "\#(band(bandIndex))"}, "released": "1981-11-13T00:00:00Z"}"#
                    )
                }
                arrays.append(#""albums": ["# + records.joined(separator: ",") + "]")
                return Data(("{" + arrays.joined(separator: ",\n") + "}").utf8)
            }
    }

    static let arrays = [
        ("bands", "Band"), ("musicians", "Musician"), ("band_members", "BandMember"), ("albums", "Album"),
    ]

    /// Merges `documents` into a new graph of `model`.
    package static func merge(_ documents: [Data], model: ObjectModel) throws -> ObjectGraph {
        let graph = ObjectGraph(model: model)
        try merge(documents, into: graph)
        return graph
    }

    /// Merges the documents into `graph`: into a graph that has their objects, an upsert of
    /// records it has (what a server's repeated `POST` of the same records does).
    package static func merge(_ documents: [Data], into graph: ObjectGraph) throws {
        for document in documents {
            for (key, entity) in arrays {
                let result = try graph.merge(document, entity: entity, at: key)
                guard result.errors.isEmpty else { throw result.errors[0] }
            }
        }
    }

    /// The model the documents are of.
    package static let modelURL = ModelFolder.url.appendingPathComponent("Bands.xcdatamodeld")
}
