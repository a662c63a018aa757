/// The author of a status.
struct TwitterUser: Codable, Sendable {
    struct Links: Codable, Sendable {
        var urls: [TwitterEntities.Link]
    }
    struct Entities: Codable, Sendable {
        var description: Links
        var url: Links?
    }
    var id: Int64
    var id_str: String
    var name: String
    var screen_name: String
    var location: String
    var description: String
    var url: String?
    var entities: Entities
    var protected: Bool
    var followers_count: Int
    var friends_count: Int
    var listed_count: Int
    var created_at: String
    var favourites_count: Int
    var utc_offset: Int?
    var time_zone: String?
    var geo_enabled: Bool
    var verified: Bool
    var statuses_count: Int
    var lang: String
    var contributors_enabled: Bool
    var is_translator: Bool
    var is_translation_enabled: Bool
    var profile_background_color: String
    var profile_background_image_url: String
    var profile_background_image_url_https: String
    var profile_background_tile: Bool
    var profile_image_url: String
    var profile_image_url_https: String
    var profile_banner_url: String?
    var profile_link_color: String
    var profile_sidebar_border_color: String
    var profile_sidebar_fill_color: String
    var profile_text_color: String
    var profile_use_background_image: Bool
    var default_profile: Bool
    var default_profile_image: Bool
    var following: Bool
    var follow_request_sent: Bool
    var notifications: Bool
}
