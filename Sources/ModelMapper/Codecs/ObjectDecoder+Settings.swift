import Foundation
@_spi(Engine) import ModelMapperSchema

extension ObjectDecoder {
    /// What the options say for every object or value, read out of them once when the reader is
    /// made: reading a field of the options through the run copies them whole (and their date
    /// format's string with them).
    struct Settings {
        /// Where errors in this text are: none for text written from a tree (lines would mislead).
        let locatesByLine: Bool
        /// Whether objects keep how their JSON was written (``DecodedSource``): with unknown keys kept.
        let keepsSource: Bool
        /// Whether a key no property reads is an error (``ModelDecoder/Options/UnknownKeys/reject``).
        let rejectsUnknownKeys: Bool
        /// How deep objects may nest (``ModelDecoder/Options/maximumDepth``).
        let maximumDepth: Int
        /// Whether a `null` value is kept as such rather than read as absent.
        let keepsNull: Bool
        /// Whether a `null` element of a to-many array is left out (else it is an error).
        let skipsNullElements: Bool
        let uniquesObjectsByIdentity: Bool
        let requiresNonOptionalValues: Bool
        let dateFormat: DateFormat
        /// The run's learned key order (``KeyOrder``), which the run keeps alive.
        let orderEntries: UnsafeMutablePointer<Int32>

        init(_ options: borrowing ModelDecoder.Options, locatesByLine: Bool, orderEntries: UnsafeMutablePointer<Int32>)
        {
            self.locatesByLine = locatesByLine
            keepsSource = options.unknownKeys == .keep
            rejectsUnknownKeys = options.unknownKeys == .reject
            maximumDepth = options.maximumDepth
            keepsNull = options.nullHandling == .keepNull
            skipsNullElements = options.nullElements == .skip
            uniquesObjectsByIdentity = options.uniquesObjectsByIdentity
            requiresNonOptionalValues = options.requiresNonOptionalValues
            dateFormat = options.dateFormat
            self.orderEntries = orderEntries
        }
    }
}
