// Codable types of the standard documents, for JSONDecoder and JSONEncoder beside ModelMapper in
// `mapping-benchmark --documents`: every member the documents have, each of the type it holds
// (an optional where the document has null), as a Swift developer would write them.

/// canada.json: a GeoJSON feature collection whose polygons' coordinates are arrays of rings of
/// [longitude, latitude] pairs.
struct Canada: Codable, Sendable {
    struct Feature: Codable, Sendable {
        struct Properties: Codable, Sendable {
            var name: String
        }
        struct Geometry: Codable, Sendable {
            var type: String
            var coordinates: [[[Double]]]
        }
        var type: String
        var properties: Properties
        var geometry: Geometry
    }
    var type: String
    var features: [Feature]
}
