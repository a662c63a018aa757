import Foundation
import Testing
import TestSupport

@testable import ModelMapper

/// Relationship changes made in a batch (`DeferredUnlinks`): the links other objects' lists
/// hold back to objects that left go when the batch ends, in one pass per list; a list read or
/// linked again within the batch first loses what it lost, so both sides of each relationship
/// agree once the batch ends, whatever the order of the changes.
@Suite("Deferred unlinks: relationship changes in a batch")
struct DeferredUnlinksTests {
    let model: ObjectModel

    init() throws {
        model = try ObjectModel(contentsOf: TestPaths.model("Bands"))
    }

    func make(_ entity: String, _ name: String) throws -> ModelObject {
        let description = try #require(model.entitiesByName[entity])
        let object = ModelObject(entity: description)
        try object.setValue(name, forKey: "name")
        return object
    }

    func names(_ object: ModelObject, _ key: String) -> [String] {
        let value = object.value(forKey: key)
        let objects = (value as? [ModelObject]) ?? (value as? ModelObject).map { [$0] } ?? []
        return objects.map { ($0.value(forKey: "name") as? String) ?? "?" }
    }

    func slot(_ object: ModelObject, _ key: String) throws -> Int {
        try #require(object.layout.properties.firstIndex { $0.name == key })
    }

    @Test("An album leaving a band and coming back in one batch is in the band's list once")
    func leaveAndComeBack() throws {
        let japan = try make("Band", "Japan")
        let can = try make("Band", "Can")
        let album = try make("Album", "Tin Drum")
        try album.set(modelObject: japan, forKey: "band")
        let unlinks = DeferredUnlinks()
        let band = try slot(album, "band")
        try album.replaceRelationship(atSlot: band, with: [can], null: false, deferring: unlinks)
        // Japan's list still holds the album until the batch ends, or until it links again.
        try album.replaceRelationship(atSlot: band, with: [japan], null: false, deferring: unlinks)
        unlinks.applyAll()
        #expect(names(album, "band") == ["Japan"])
        #expect(names(japan, "albums") == ["Tin Drum"])
        #expect(names(can, "albums") == [])
    }

    @Test("A list that lost objects in the batch is replaced from what it holds now")
    func listReplacedAfterLosing() throws {
        let japan = try make("Band", "Japan")
        let can = try make("Band", "Can")
        let albums = try ["Tin Drum", "Quiet Life", "Gentlemen Take Polaroids"].map { try make("Album", $0) }
        try japan.add(modelObjects: albums, forKey: "albums")
        let unlinks = DeferredUnlinks()
        // Two albums move to Can (Japan's list keeps them for now), then Japan's list is given
        // again with one of them back, and Can's with all three.
        try albums[0].replaceRelationship(atSlot: slot(albums[0], "band"), with: [can], null: false, deferring: unlinks)
        try albums[1].replaceRelationship(atSlot: slot(albums[1], "band"), with: [can], null: false, deferring: unlinks)
        try japan.replaceRelationship(
            atSlot: slot(japan, "albums"),
            with: [albums[1], albums[2]],
            null: false,
            deferring: unlinks
        )
        try can.replaceRelationship(atSlot: slot(can, "albums"), with: albums, null: false, deferring: unlinks)
        unlinks.applyAll()
        #expect(names(can, "albums") == ["Tin Drum", "Quiet Life", "Gentlemen Take Polaroids"])
        #expect(names(japan, "albums") == [])
        for album in albums { #expect(names(album, "band") == ["Can"]) }
    }

    @Test("A band dropping an album that then joins it again through the album's side")
    func droppedThenJoinedFromTheOtherSide() throws {
        let japan = try make("Band", "Japan")
        let can = try make("Band", "Can")
        let album = try make("Album", "Tin Drum")
        try japan.add(modelObject: album, forKey: "albums")
        let unlinks = DeferredUnlinks()
        // Japan drops the album (its `band` still says Japan until the batch ends) ...
        try japan.replaceRelationship(atSlot: slot(japan, "albums"), with: [], null: false, deferring: unlinks)
        // ... Can takes it (the album's stale `band` must not send a removal that loses Can) ...
        try can.replaceRelationship(atSlot: slot(can, "albums"), with: [album], null: false, deferring: unlinks)
        // ... and Japan takes it back through its list.
        try japan.replaceRelationship(atSlot: slot(japan, "albums"), with: [album], null: false, deferring: unlinks)
        unlinks.applyAll()
        #expect(names(album, "band") == ["Japan"])
        #expect(names(japan, "albums") == ["Tin Drum"])
        #expect(names(can, "albums") == [])
    }

    @Test("Without a batch, the same changes give the same objects")
    func sameWithoutBatch() throws {
        let japan = try make("Band", "Japan")
        let can = try make("Band", "Can")
        let album = try make("Album", "Tin Drum")
        try album.set(modelObject: japan, forKey: "band")
        try album.set(modelObject: can, forKey: "band")
        try album.set(modelObject: japan, forKey: "band")
        #expect(names(japan, "albums") == ["Tin Drum"])
        #expect(names(can, "albums") == [])
    }
}
