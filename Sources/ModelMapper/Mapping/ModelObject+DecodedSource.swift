import Foundation

extension ModelObject {
    /// JSON the object was decoded from that no property reads, kept when the decoder's
    /// ``ModelDecoder/Options/unknownKeys`` option is `.keep`; the encoder writes it back.
    /// Members under the keys of flattened key paths are nested under those keys.
    public var unknownJSON: JSONObject? { decodedSource?.unknownJSON }

    /// How the object was written in the JSON it was decoded from (members in order, unknown
    /// ones, spellings), kept with the same option so that encoding gives the same tokens back.
    /// Stored opaquely by the object, which sits in a lower layer; only this accessor stores
    /// it, so the cast needs no check.
    var decodedSource: DecodedSource? {
        get { sourceRecord.map { unsafeDowncast($0, to: DecodedSource.self) } }
        set { sourceRecord = newValue }
    }
}
