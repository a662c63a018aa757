import Foundation
import ModelMapper
import Testing
import TestSupport

/// Property: merging a random sequence of documents into a graph gives the same graph as
/// merging, once, their union — one record per identity, folded in document order (keys
/// present overwrite, keys absent keep, `null` clears). The documents are drawn from small
/// pools of identities, so that records update each other, refer to objects of later
/// documents or of none, and change or clear those references.
///
/// Cases come from a seeded generator (no dependency): a failure names its seed, and
/// `GraphMergePropertyTests.documents(seed:)` gives the case again.
@Suite("Object graph: merging a sequence of documents = merging their union")
struct GraphMergePropertyTests {
    /// A record: its keys in order, each with its JSON text.
    typealias Record = [(key: String, json: String)]
    /// A document: its arrays (JSON key, records), in a random order.
    typealias Document = [(key: String, records: [Record])]

    /// The arrays of a document, their entities and their identity keys.
    static let arrays: [(key: String, entity: String, identity: String)] = [
        ("bands", "Band", "name"), ("musicians", "Musician", "name"), ("band_members", "BandMember", "id"),
        ("albums", "Album", "name"),
    ]

    static let bandNames = ["Japan", "Can", "Talk Talk", "Wire"]
    static let musicianNames = ["David Sylvian", "Mick Karn", "Holger Czukay", "Mark Hollis"]

    /// A foreign key to one of `names` (one more than exists is never merged: as a scalar, it
    /// stays pending), as a scalar or as an object of the identity (an object, inserted or
    /// updated); or null.
    static func reference(_ names: [String], using generator: inout SplitMix64) -> String {
        if Int.random(in: 0..<6, using: &generator) == 0 { return "null" }
        let name = (names + ["Nobody"]).randomElement(using: &generator) ?? "Nobody"
        return Bool.random(using: &generator) ? "\"\(name)\"" : #"{"name": "\#(name)"}"#
    }

    /// The keys a record of `key`'s array may have beside its identity, each with a random value.
    static func values(for key: String, using generator: inout SplitMix64) -> Record {
        func number(_ range: ClosedRange<Int>) -> String { String(Int.random(in: range, using: &generator)) }
        func text(_ choices: [String]) -> String { "\"\(choices.randomElement(using: &generator) ?? "")\"" }
        func orNull(_ value: String) -> String { Int.random(in: 0..<5, using: &generator) == 0 ? "null" : value }
        switch key {
        case "bands":
            return [
                ("formed", orNull(number(1960...1990))),
                ("description", orNull(text(["new wave", "krautrock", "art pop"]))),
                ("other_names", orNull(text(["Rain Tree Crow", "The Can", "TT"]))),
            ]
        case "musicians":
            return [
                ("born", orNull(number(1940...1960))), ("instruments", orNull(text(["bass", "vocals", "guitar"]))),
            ]
        case "band_members":
            return [
                ("band", reference(bandNames, using: &generator)),
                ("musician", reference(musicianNames, using: &generator)),
                ("joined", orNull(number(1970...1980))), ("left", orNull(number(1981...1991))),
            ]
        default:
            return [
                ("band", reference(bandNames, using: &generator)),
                ("released", orNull(text(["1981-11-13T00:00:00Z", "19801024T000000Z", "1979-05-01T12:30:00.5Z"]))),
            ]
        }
    }

    static func identities(for key: String) -> [String] {
        switch key {
        case "bands": bandNames
        case "musicians": musicianNames
        case "band_members": ["m1", "m2", "m3", "m4", "m5"]
        default: ["Tin Drum", "Tago Mago", "Spirit of Eden", "Pink Flag", "Quiet Life", "Ege Bamyasi"]
        }
    }

    /// One to five documents; each has some of the arrays, in a random order, each with
    /// records of distinct identities and a random subset of the other keys.
    static func documents(seed: UInt64) -> [Document] {
        var generator = SplitMix64(state: seed)
        return (0..<Int.random(in: 1...5, using: &generator))
            .map { _ in
                arrays.shuffled(using: &generator)
                    .compactMap { array -> (key: String, records: [Record])? in
                        guard Int.random(in: 0..<3, using: &generator) > 0 else { return nil }
                        let names = identities(for: array.key).shuffled(using: &generator)
                        let records = names.prefix(Int.random(in: 0...3, using: &generator))
                            .map { name -> Record in
                                let others = values(for: array.key, using: &generator)
                                    .filter { _ in Bool.random(using: &generator)
                                    }
                                return [(array.identity, "\"\(name)\"")] + others
                            }
                        return (array.key, records)
                    }
            }
    }

    /// The union of `documents`: one record per identity and array, keys folded in order. A
    /// nested object (`"band": {"name": "Can"}`) is a record of its entity's array too.
    static func union(_ documents: [Document]) -> Document {
        arrays.map { array in
            var order: [String] = []
            var folded: [String: Record] = [:]
            for document in documents {
                for (key, records) in document {
                    let nested = nestedRecords(records, of: array.key)
                    guard key == array.key || !nested.isEmpty else { continue }
                    for record in key == array.key ? records : nested {
                        guard let identity = record.first?.json else { continue }
                        if folded[identity] == nil { order.append(identity) }
                        var merged = folded[identity] ?? []
                        for (key, json) in record {
                            if let position = merged.firstIndex(where: { $0.key == key }) {
                                merged[position].json = json
                            } else {
                                merged.append((key, json))
                            }
                        }
                        folded[identity] = merged
                    }
                }
            }
            return (array.key, order.compactMap { folded[$0] })
        }
    }

    /// The records that the nested objects of `records` give to the array `arrayKey`.
    static func nestedRecords(_ records: [Record], of arrayKey: String) -> [Record] {
        let nestingKey = ["bands": "band", "musicians": "musician"][arrayKey]
        return records.flatMap { record in
            record.compactMap { key, json -> Record? in
                guard key == nestingKey, json.hasPrefix(#"{"name": "#) else { return nil }
                return [("name", String(json.dropFirst(#"{"name": "#.count).dropLast()))]
            }
        }
    }

    static func json(_ document: Document) -> Data {
        let arrays = document.map { key, records in
            let objects = records.map { record in
                "{" + record.map { "\"\($0.key)\": \($0.json)" }.joined(separator: ", ") + "}"
            }
            return "\"\(key)\": [" + objects.joined(separator: ", ") + "]"
        }
        return Data(("{" + arrays.joined(separator: ", ") + "}").utf8)
    }

    /// Merges each document's arrays, in the document's order.
    static func merge(_ documents: [Document], into graph: ObjectGraph) throws {
        for document in documents {
            let data = json(document)
            for (key, _) in document {
                guard let entity = arrays.first(where: { $0.key == key })?.entity else { continue }
                let result = try graph.merge(data, entity: entity, at: key)
                #expect(result.errors.isEmpty, "\(result.errors)")
            }
        }
    }

    /// The graph and what waits in it, as text that compares.
    static func state(of graph: ObjectGraph) -> String {
        let waiting = graph.unresolvedReferences.map {
            "\($0.owner.value(forKey: "name") ?? $0.owner.value(forKey: "id") ?? "?") \($0)"
        }
        return ObjectGraphTests.snapshot(graph) + "\nwaiting: " + waiting.sorted().joined(separator: "; ")
    }

    /// The links of `graph` whose inverse does not lead back (each relationship of the Bands
    /// model has one): both sides of a relationship must always agree.
    static func inverseMismatches(in graph: ObjectGraph) -> [String] {
        func linked(_ object: ModelObject, _ name: String) -> [ModelObject] {
            let value = object.value(forKey: name)
            return (value as? [ModelObject]) ?? (value as? ModelObject).map { [$0] } ?? []
        }
        func label(_ object: ModelObject) -> String {
            "\(object.entity.name) \(object.value(forKey: "name") ?? object.value(forKey: "id") ?? "?")"
        }
        var mismatches: [String] = []
        for entity in graph.model.entities {
            for object in graph.objects(of: entity, includingSubentities: false) {
                for relationship in entity.relationships {
                    guard let inverse = relationship.inverseRelationship else { continue }
                    let destinations = linked(object, relationship.name)
                    if Set(destinations.map(ObjectIdentifier.init)).count != destinations.count {
                        mismatches.append("\(label(object)).\(relationship.name) holds an object twice")
                    }
                    for destination in destinations
                    where !linked(destination, inverse.name).contains(where: { $0 === object }) {
                        mismatches.append(
                            "\(label(object)).\(relationship.name) holds \(label(destination)), whose "
                                + "\(inverse.name) does not hold it"
                        )
                    }
                }
            }
        }
        return mismatches
    }

    /// The objects the arrays of `document` give (`Band:Japan`), as opposed to those only
    /// nested objects give.
    static func listedIdentities(_ document: Document) -> Set<String> {
        var listed = Set<String>()
        for (key, records) in document {
            guard let entity = arrays.first(where: { $0.key == key })?.entity else { continue }
            for record in records {
                guard let identity = record.first?.json else { continue }
                listed.insert("\(entity):" + identity.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            }
        }
        return listed
    }

    /// Whether no relationship of `object` holds anything (every relationship of the Bands model
    /// has an inverse, so nothing links to it either).
    static func isUnlinked(_ object: ModelObject) -> Bool {
        object.entity.relationships.allSatisfy { relationship in
            let value = object.value(forKey: relationship.name)
            return value == nil || (value as? [ModelObject])?.isEmpty == true
        }
    }

    @Test(
        "A random sequence of documents and their union give one graph",
        arguments: [ObjectGraph.UnresolvedReferencePolicy.pending, .placeholder]
    )
    func sequenceEqualsUnion(policy: ObjectGraph.UnresolvedReferencePolicy) throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Bands"))
        var updates = 0
        for seed in UInt64(1)...300 {
            let documents = Self.documents(seed: seed)
            let sequence = ObjectGraph(model: model, options: ObjectGraph.Options(unresolvedReferences: policy))
            try Self.merge(documents, into: sequence)
            let union = ObjectGraph(model: model, options: ObjectGraph.Options(unresolvedReferences: policy))
            let unionDocument = Self.union(documents)
            try Self.merge([unionDocument], into: union)
            // An object a nested JSON object (or a placeholder) made stays when the record that
            // gave it changes its reference (it is an object of the graph, as any other); those
            // that no array gives and nothing links to any more are not compared.
            let listed = Self.listedIdentities(unionDocument)
            for graph in [sequence, union] {
                for entity in graph.model.entities {
                    let identity = Self.arrays.first { $0.entity == entity.name }?.identity ?? "name"
                    for object in graph.objects(of: entity, includingSubentities: false)
                    where Self.isUnlinked(object)
                        && !listed.contains("\(entity.name):\(object.value(forKey: identity) ?? "")")
                    {
                        graph.remove(object)
                    }
                }
            }
            for graph in [sequence, union] {
                let mismatches = Self.inverseMismatches(in: graph)
                #expect(mismatches.isEmpty, "seed \(seed): \(mismatches)")
            }
            let expected = Self.state(of: union)
            #expect(
                Self.state(of: sequence) == expected,
                "seed \(seed): \(documents.map { String(decoding: Self.json($0), as: UTF8.self) })"
            )
            let records = documents.joined().map(\.records.count).reduce(0, +)
            if unionDocument.map(\.records.count).reduce(0, +) < records { updates += 1 }
        }
        // The property is only worth its cases if many of them update records of earlier documents.
        #expect(updates > 150)
    }

    /// Both sides of the relationships given in one document and across documents (a band's
    /// albums, and albums' band; a record twice in one array, with different references): the
    /// graph's two sides of each relationship agree after each merge.
    @Test("Relationships given from both sides, and records given twice, keep inverses in agreement")
    func bothSidesAgree() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Bands"))
        let albums = Self.identities(for: "albums")
        for seed in UInt64(1)...300 {
            var generator = SplitMix64(state: seed)
            let graph = ObjectGraph(model: model)
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                let bands = Self.bandNames.shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator))
                    .map { name -> String in
                        let names = albums.shuffled(using: &generator).prefix(Int.random(in: 0...4, using: &generator))
                        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
                        return Bool.random(using: &generator)
                            ? #"{"name": "\#(name)", "albums": [\#(list)]}"# : #"{"name": "\#(name)"}"#
                    }
                // Records may repeat an identity within the array.
                let albumRecords = (0..<Int.random(in: 0...6, using: &generator))
                    .map { _ -> String in
                        let name = albums.randomElement(using: &generator) ?? ""
                        return #"{"name": "\#(name)", "band": \#(Self.reference(Self.bandNames, using: &generator))}"#
                    }
                let document =
                    #"{"albums": [\#(albumRecords.joined(separator: ", "))], "bands": [\#(bands.joined(separator: ", "))]}"#
                for (entity, key) in [("Album", "albums"), ("Band", "bands")].shuffled(using: &generator) {
                    _ = try graph.merge(Data(document.utf8), entity: entity, at: key)
                    let mismatches = Self.inverseMismatches(in: graph)
                    #expect(mismatches.isEmpty, "seed \(seed): \(document): \(mismatches)")
                }
            }
        }
    }
}
