/// twitter.json: a page of search results, statuses with their users, entities and retweets.
struct Twitter: Codable, Sendable {
    struct SearchMetadata: Codable, Sendable {
        var completed_in: Double
        var max_id: Int64
        var max_id_str: String
        var next_results: String
        var query: String
        var refresh_url: String
        var count: Int
        var since_id: Int64
        var since_id_str: String
    }
    var statuses: [TwitterStatus]
    var search_metadata: SearchMetadata
}
