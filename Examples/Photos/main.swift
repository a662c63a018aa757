// The Photos example: decode a photo feed into an object graph through Models/Photos.xcdatamodeld,
// then ask it questions with fetch requests: every photo sorted by the date it was taken, the
// photo with a given id, the model's fetch request templates (through the typed functions
// modelgen generates for them) and a fetched property.
//
//     swift run photos [path/to/feed.json]
//
// The classes (Photo, Photographer) and `PhotosModel` are generated at build time by
// ModelgenPlugin from Photos.xcdatamodeld in this folder (a link to the model in Models/).
import Foundation
import ModelMapper

/// The example's folder, found from this file, so that the example runs from any folder.
let exampleFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let feedURL =
    CommandLine.arguments.dropFirst().first.map(URL.init(fileURLWithPath:))
    ?? exampleFolder.appendingPathComponent("photos.json")

/// A photo as one line: when, what, by whom.
func describe(_ photo: Photo) -> String {
    let day = photo.dateTaken.formatted(.iso8601.year().month().day())
    let by = photo.photographer.map { " by \($0.name ?? $0.username)" } ?? ""
    return "\(day)  \(photo.photoID)  \(photo.title ?? "untitled")\(by), \(photo.likes) likes"
}

do {
    // The model embedded in the generated code, its classes bound to its entities.
    let model = try PhotosModel.load()
    let graph = ObjectGraph(model: model)
    // Photographers come nested in each photo and are made one object by their identity
    // (`username`): Ingrid's second photo joins the first one's photographer.
    // All or nothing: a record with an error throws, and the graph stays as it was.
    let merged = try graph.merge(Data(contentsOf: feedURL), entity: "Photo", at: "photos")
    for warning in merged.warnings { print("warning: \(warning)") }
    print(
        "decoded \(graph.objects(of: "Photo").count) photos by \(graph.objects(of: "Photographer").count) photographers"
    )

    // 1. Every photo, newest first.
    let newestFirst = ModelFetchRequest(
        entityName: "Photo",
        sortDescriptors: [ModelSortDescriptor(keyPath: Photo.Keys.dateTaken, ascending: false)]
    )
    print("\nall photos, newest first:")
    for photo in try graph.fetch(newestFirst, as: Photo.self) { print("  " + describe(photo)) }

    // 2. The photo with a given id: a predicate with a format argument.
    let byID = ModelFetchRequest(
        entityName: "Photo",
        predicate: try ModelPredicate(format: "%K == %@", Photo.Keys.photoID, "p-1003")
    )
    if let photo = try graph.fetch(byID, as: Photo.self).first {
        print("\nphoto p-1003: \(describe(photo)), keywords \(photo.keywords ?? [])")
    }

    // 3. The model's templates, through the functions generated for them:
    //    byPhotographer is `photographer.username ==[c] $username`,
    //    takenWith is `camera BEGINSWITH[cd] $brand AND width >= $minimumWidth`.
    print("\ntemplate byPhotographer(username: \"TOMAS\"):")
    for photo in try Photo.fetchByPhotographer(username: "TOMAS", in: graph) { print("  " + describe(photo)) }
    print("\ntemplate takenWith(brand: \"fuji\", minimumWidth: 6000):")
    for photo in try Photo.fetchTakenWith(brand: "fuji", minimumWidth: 6000, in: graph) {
        print("  " + describe(photo))
    }

    // 4. A fetched property: Ingrid's photos with 100 likes or more ($FETCH_SOURCE is Ingrid).
    if let ingrid = graph.object(of: "Photographer", identity: "ingrid") {
        let popular = try graph.fetchedProperty("popularPhotos", of: ingrid).compactMap { $0 as? Photo }
        print("\nfetched property popularPhotos of ingrid: \(popular.map(\.photoID).sorted().joined(separator: ", "))")
    }

    // 5. A count, and a predicate over a to-many: photographers with a photo of over 1,000 likes.
    var famous = ModelFetchRequest(entityName: "Photographer")
    famous.predicate = try ModelPredicate(format: "ANY photos.likes > %d", 1_000)
    print("photographers with a photo of over 1,000 likes: \(try graph.count(for: famous))")
} catch {
    FileHandle.standardError.write(Data("photos: \(error)\n".utf8))
    exit(1)
}
