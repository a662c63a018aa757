import Foundation
import ModelMapper
import TestSupport
import Testing

@Suite("Inheritance and relationships")
struct RelationshipAndInheritanceTests {
    let model: ObjectModel

    init() throws {
        model = try ObjectModel(contentsOf: TestPaths.model("Media"))
    }

    @Test("superentity, subentities, abstract and isKind(of:)")
    func inheritance() throws {
        let item = try #require(model.entitiesByName["MediaItem"])
        let movie = try #require(model.entitiesByName["Movie"])
        let album = try #require(model.entitiesByName["Album"])
        #expect(item.isAbstract)
        #expect(!movie.isAbstract)
        #expect(movie.superentity == item)
        #expect(item.subentities.map(\.name) == ["Album", "Movie"])
        #expect(item.subentitiesByName["Movie"] == movie)
        #expect(movie.isKind(of: item))
        #expect(!item.isKind(of: movie))
        #expect(!album.isKind(of: movie))
    }

    @Test("inherited properties come first, in declaration order, and resolve by name")
    func inheritedProperties() throws {
        let movie = try #require(model.entitiesByName["Movie"])
        #expect(
            movie.properties.map(\.name) == [
                "itemID", "rating", "releaseDate", "title", "creator", "genres", "runtimeMinutes", "website",
            ]
        )
        #expect(
            movie.attributes.map(\.name) == ["itemID", "rating", "releaseDate", "title", "runtimeMinutes", "website"]
        )
        #expect(movie.relationships.map(\.name) == ["creator", "genres"])
        let title = try #require(movie.attributesByName["title"])
        #expect(title.entity.name == "MediaItem")
        #expect(title == model.entitiesByName["MediaItem"]?.attributesByName["title"])
        #expect(movie.propertyIndex(named: "runtimeMinutes") == 6)
        #expect(movie.propertiesByName["genres"]?.relationship?.isToMany == true)
        // Each view holds only its kind of property.
        #expect(movie.attributesByName["genres"] == nil)
        #expect(movie.relationshipsByName["title"] == nil)
        #expect(movie.relationshipsByName["creator"]?.name == "creator")
        #expect(movie.attributesByName.keys == movie.attributes.map(\.name))
        #expect(movie.relationshipsByName.values == movie.relationships)
        #expect(movie.propertiesByName.count == 8)
        // Identity comes from the superentity's flagged attribute.
        #expect(movie.identityAttributes.map(\.name) == ["itemID"])
    }

    @Test("to-one, to-many, ordered, many-to-many and inverses")
    func relationships() throws {
        let album = try #require(model.entitiesByName["Album"])
        let tracks = try #require(album.relationshipsByName["tracks"])
        #expect(tracks.isToMany && tracks.isOrdered)
        #expect(tracks.deletionRule == .cascade)
        #expect(tracks.destinationEntity.name == "Track")
        #expect(tracks.inverseRelationship?.name == "album")
        #expect(tracks.isInverseReciprocal)

        let genres = try #require(model.entitiesByName["MediaItem"]?.relationshipsByName["genres"])
        let items = try #require(genres.inverseRelationship)
        #expect(genres.isToMany && items.isToMany)
        #expect(!genres.isOrdered)
        #expect(items.inverseRelationship == genres)

        // An inherited relationship's inverse leads to the abstract superentity.
        let works = try #require(model.entitiesByName["Person"]?.relationshipsByName["works"])
        #expect(works.destinationEntity.name == "MediaItem")
        #expect(works.inverseRelationship?.entity.name == "MediaItem")
        #expect(
            album.relationships(forDestination: try #require(model.entitiesByName["Person"])).map(\.name) == ["creator"]
        )
    }

    @Test("counts, deletion rules and the default rule")
    func countsAndRules() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                    <entity name="A">
                        <relationship name="bs" toMany="YES" minCount="1" maxCount="5" deletionRule="Deny" destinationEntity="B"/>
                        <relationship name="c" maxCount="1" destinationEntity="B" deletionRule="No Action"/>
                        <relationship name="d" optional="YES" maxCount="1" destinationEntity="B"/>
                    </entity>
                    <entity name="B"/>
                </model>
                """
        )
        let a = try #require(model.entitiesByName["A"])
        let bs = try #require(a.relationshipsByName["bs"])
        #expect(bs.minCount == 1 && bs.maxCount == 5)
        #expect(bs.deletionRule == .deny)
        #expect(bs.isOptional == false)
        #expect(bs.inverseRelationship == nil)
        #expect(a.relationshipsByName["c"]?.deletionRule == DeletionRule.noAction)
        #expect(a.relationshipsByName["d"]?.deletionRule == DeletionRule.nullify)
        #expect(a.relationshipsByName["d"]?.isOptional == true)
    }

    @Test("a one-sided inverse loads with a located warning and is marked not reciprocal")
    func oneSidedInverse() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                    <entity name="Artist">
                        <relationship name="thumbnail" maxCount="1" destinationEntity="Image" inverseName="thumbnail" inverseEntity="Image"/>
                    </entity>
                    <entity name="Image">
                        <relationship name="artist" maxCount="1" destinationEntity="Artist" inverseName="thumbnail" inverseEntity="Artist"/>
                        <relationship name="thumbnail" maxCount="1" destinationEntity="Artist" inverseName="thumbnail" inverseEntity="Artist"/>
                    </entity>
                </model>
                """,
            fileName: "Artsy.xml"
        )
        let artist = try #require(model.entitiesByName["Image"]?.relationshipsByName["artist"])
        #expect(artist.inverseRelationship?.name == "thumbnail")
        #expect(!artist.isInverseReciprocal)
        #expect(model.entitiesByName["Image"]?.relationshipsByName["thumbnail"]?.isInverseReciprocal == true)
        #expect(
            model.warnings.map(\.description) == [
                "Artsy.xml:6:77: warning: relationship 'Image.artist' names inverse 'Artist.thumbnail', whose own "
                    + "inverse is 'Image.thumbnail'; this inverse is not maintained automatically"
            ]
        )
    }
}
