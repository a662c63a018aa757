/// citm_catalog.json: a catalogue of events and their performances, with names keyed by id.
struct CitmCatalog: Codable, Sendable {
    struct Event: Codable, Sendable {
        var description: String?
        var id: Int
        var logo: String?
        var name: String
        var subTopicIds: [Int]
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int]
    }
    struct Performance: Codable, Sendable {
        struct Price: Codable, Sendable {
            var amount: Int
            var audienceSubCategoryId: Int
            var seatCategoryId: Int
        }
        struct SeatCategory: Codable, Sendable {
            struct Area: Codable, Sendable {
                var areaId: Int
                var blockIds: [Int]
            }
            var areas: [Area]
            var seatCategoryId: Int
        }
        var eventId: Int
        var id: Int
        var logo: String?
        var name: String?
        var prices: [Price]
        var seatCategories: [SeatCategory]
        var seatMapImage: String?
        var start: Int
        var venueCode: String
    }
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var blockNames: [String: String]
    var events: [String: Event]
    var performances: [Performance]
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var subjectNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]
}
