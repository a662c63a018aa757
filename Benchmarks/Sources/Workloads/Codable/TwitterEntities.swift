/// The hashtags, links, mentions and media of a status.
struct TwitterEntities: Codable, Sendable {
    struct Hashtag: Codable, Sendable {
        var text: String
        var indices: [Int]
    }
    struct Link: Codable, Sendable {
        var url: String
        var expanded_url: String
        var display_url: String
        var indices: [Int]
    }
    struct Mention: Codable, Sendable {
        var screen_name: String
        var name: String
        var id: Int64
        var id_str: String
        var indices: [Int]
    }
    struct Media: Codable, Sendable {
        struct Size: Codable, Sendable {
            var w: Int
            var h: Int
            var resize: String
        }
        struct Sizes: Codable, Sendable {
            var medium: Size
            var small: Size
            var thumb: Size
            var large: Size
        }
        var id: Int64
        var id_str: String
        var indices: [Int]
        var media_url: String
        var media_url_https: String
        var url: String
        var display_url: String
        var expanded_url: String
        var type: String
        var sizes: Sizes
        var source_status_id: Int64?
        var source_status_id_str: String?
    }
    var hashtags: [Hashtag]
    var symbols: [Hashtag]
    var urls: [Link]
    var user_mentions: [Mention]
    var media: [Media]?
}
