import Foundation

/// How the decoder reads one slot's value when nothing unusual happens: a plain type read
/// straight from the token's bytes. A plain value, so that the hot path reads it without
/// touching a reference count.
struct SlotReading {
    enum Kind: UInt8 {
        case integer16, integer32, integer64, double, float, decimal, string, boolean
        /// Types read from a string: a UUID, a URL, base64 data, a date in the run's format.
        case uuid, uri, binaryData, date
        /// An attribute with a value transformer: the built-in ones read from a string.
        case transformed
        /// Anything else (other types, relationships): the general path.
        case general
        /// A String or integer attribute whose values must be raw values of a Swift type
        /// (``RawValueCheck``): the general path, then the check.
        case rawValue
        /// A Transformable, Undefined or Object ID attribute without a transformer: its value is
        /// the JSON as Foundation values (`FoundationJSON`), read straight from the bytes.
        case rawJSON
        /// A Transformable attribute without a transformer whose `customClassName` declares the
        /// JSON it holds (``/ModelMapperSchema/JSONShape``): read as ``rawJSON``, then checked.
        case shapedJSON
        /// An Integer 16, 32 or 64 attribute sent as a string (a `jsonForm` of `string`: an id
        /// APIs quote): read by the plain path as an integer is, quoted or not; written by the
        /// general path, which writes the string.
        case quotedInteger
    }

    private(set) var kind: Kind
    /// The property, unretained (its mapping keeps it alive): reading it through an array of
    /// the mapping's would count a reference to the array for every value.
    let property: Unmanaged<PropertyMapping>
    /// For a relationship: its destination entity, whether it is to-many, and the slot of its
    /// inverse in the destination (-1: none).
    let destination: Int
    let isToMany: Bool
    /// For a to-many: whether its JSON is an object keyed by identity (`jsonForm` `map`).
    let isMap: Bool
    let inverseSlot: Int
    /// For an attribute: its type.
    let attributeType: AttributeType

    /// The same reading for an attribute whose values are checked against a raw value type.
    func checkingRawValues() -> SlotReading {
        var reading = self
        reading.kind = .rawValue
        return reading
    }

    init(_ property: PropertyMapping) {
        self.property = .passUnretained(property)
        attributeType = property.attributeType
        destination = property.destination
        isToMany = property.isToMany
        isMap = property.jsonForm?.isMap == true
        inverseSlot = property.inverseSlot ?? -1
        guard !property.isRelationship else {
            kind = .general
            return
        }
        guard property.transformerName == nil else {
            kind = .transformed
            return
        }
        // A date with formats of its own: the careful path, which tries each; so does a value
        // with a JSON form of its own (but an integer sent as a string), or fraction digits to
        // write.
        guard property.dateFormats.isEmpty, property.fractionDigits == nil else {
            kind = .general
            return
        }
        if let form = property.jsonForm {
            let isInteger = [.integer16, .integer32, .integer64].contains(property.attributeType)
            kind = form == .string && isInteger ? .quotedInteger : .general
            return
        }
        switch property.attributeType {
        case .integer16: kind = .integer16
        case .integer32: kind = .integer32
        case .integer64: kind = .integer64
        case .double: kind = .double
        case .float: kind = .float
        case .decimal: kind = .decimal
        case .string: kind = .string
        case .boolean: kind = .boolean
        case .uuid: kind = .uuid
        case .uri: kind = .uri
        case .binaryData: kind = .binaryData
        case .date: kind = .date
        case _ where property.attributeType.isRawJSON: kind = property.jsonShape == nil ? .rawJSON : .shapedJSON
        default: kind = .general
        }
    }
}

extension AttributeType {
    /// Whether a value of the type, without a transformer, is JSON kept as Foundation values
    /// (Transformable, Undefined, Object ID): read and written as it is.
    var isRawJSON: Bool { self == .transformable || self == .undefined || self == .objectID }
}
