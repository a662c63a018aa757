/// A status of twitter.json; a class, since a retweet holds the status it retweets.
final class TwitterStatus: Codable, Sendable {
    struct Metadata: Codable, Sendable {
        var result_type: String
        var iso_language_code: String
    }
    let metadata: Metadata
    let created_at: String
    let id: Int64
    let id_str: String
    let text: String
    let source: String
    let truncated: Bool
    let in_reply_to_status_id: Int64?
    let in_reply_to_status_id_str: String?
    let in_reply_to_user_id: Int64?
    let in_reply_to_user_id_str: String?
    let in_reply_to_screen_name: String?
    let user: TwitterUser
    let geo: String?
    let coordinates: String?
    let place: String?
    let contributors: String?
    let retweeted_status: TwitterStatus?
    let retweet_count: Int
    let favorite_count: Int
    let entities: TwitterEntities
    let favorited: Bool
    let retweeted: Bool
    let possibly_sensitive: Bool?
    let lang: String
}
