import Foundation
@_spi(Engine) import ModelMapperSchema

extension JSONWriter {
    /// Writes an attribute's value as the encoder writes it: numbers, Booleans and strings
    /// directly, decimals from their parts, dates in `dateFormat` (or the format of the
    /// attribute's date transformer), other values through their transformer or as JSON.
    ///
    /// The decoder uses it too, to tell whether a value read would be written back as it
    /// was spelled (see ``DecodedSource``).
    ///
    /// `model` is asked for only by a value held in another type than its attribute's (rare):
    /// reading an object's model for every value written would cost more than the value.
    ///
    /// - Throws: ``MappingError`` `.notRepresentable` for a value JSON cannot hold exactly
    ///   (an infinite number, a date outside years 1–9999), `.transformerFailed` when the
    ///   transformer fails.
    @inline(__always)
    mutating func attribute(
        _ value: Slot,
        property: PropertyMapping,
        plan: TransformerPlan?,
        dateFormat: DateFormat,
        model: () -> ObjectModel
    ) throws(MappingError) {
        if let plan, property.transformerName != nil {
            try transformed(value, property: property, plan: plan)
            return
        }
        switch value {
        case .integer(let integer):
            self.integer(integer)
        case .floatingPoint(let number):
            guard number.isFinite else {
                throw MappingError(.notRepresentable, found: "\(number)", detail: "JSON numbers are finite")
            }
            let start = count
            if property.attributeType == .float { float(Float(number)) } else { double(number) }
            if let digits = property.fractionDigits { padFraction(from: start, to: digits) }
        case .boolean(let flag):
            append(flag ? "true" : "false")
        case .string(let text):
            string(text)
        case .decimal(let decimal):
            guard !decimal.isNaN else { throw MappingError(.notRepresentable, found: "NaN") }
            let start = count
            self.decimal(decimal)
            if let digits = property.fractionDigits { padFraction(from: start, to: digits) }
        case .date(let date):
            let start = count
            let format = property.dateFormats.first ?? dateFormat
            try self.date(date, format: format)
            if let digits = property.fractionDigits { padDateFraction(from: start, to: digits, format: format) }
        case .uuid(let uuid) where property.attributeType == .uuid:
            self.uuid(uuid)
        case .url(let url) where property.attributeType == .uri:
            string(url.absoluteString)
        case .data(let data) where property.attributeType == .binaryData:
            base64(data)
        case .boxed(let box) where property.attributeType.isRawJSON:
            try rawJSON(box.value)
        case .uuid, .url, .data, .strings, .boxed:
            let attributeValue = value.attributeValue(type: property.attributeType) as Any
            self.value(
                try ValueConversion.encode(attributeValue, for: property, dateFormat: dateFormat, model: model())
            )
        case .absent, .null, .object, .objects:
            append("null")
        }
    }

    /// Writes a raw JSON attribute's Foundation value as it is, without a ``JSONValue``
    /// between: the text and the errors of ``ValueConversion/encode(_:for:dateFormat:model:)``,
    /// which converts it to a tree first (encoding canada.json's coordinates spent 94% of its
    /// instructions there). Nothing is left written when it throws.
    mutating func rawJSON(_ value: Any) throws(MappingError) {
        if let problem = FoundationContainer.problem(in: value, maximumDepth: FoundationJSON.maximumDepth) {
            throw MappingError(JSONError(.notRepresentable, problem))
        }
        let start = count
        do {
            try FoundationJSON.write(value, to: &self)
        } catch {
            truncate(to: start)
            throw MappingError(error)
        }
    }

    /// Gives the date written from `start` in `format` at least `digits` fraction digits of its
    /// seconds (``/ModelMapperSchema/MappingKeys/jsonFractionDigits``): a number of seconds or
    /// milliseconds as `padFraction(from:to:)` pads numbers, ISO 8601 text as
    /// `DateFormat.paddingSecondsFraction(_:to:)` pads it; a pattern's text is left as it is.
    mutating func padDateFraction(from start: Int, to digits: Int, format: DateFormat) {
        if format.isNumberSince1970 {
            return padFraction(from: start, to: digits)
        }
        guard let padded = format.paddingSecondsFraction(bytes(from: start), to: digits) else { return }
        truncate(to: start)
        append(padded)
    }

    /// Bytes as a Base64 string (standard alphabet, padded, no line breaks), as
    /// `base64EncodedString()` writes them; its `/` escaped as `\/` unless the writer leaves
    /// slashes alone, as in every other string.
    mutating func base64(_ data: Data) {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        let table = alphabet.utf8Start
        let escapes = escapesSlashes
        data.withUnsafeBytes { bytes in
            let groups = bytes.count / 3
            let characters = (groups + (bytes.count % 3 == 0 ? 0 : 1)) * 4
            append(reserving: (escapes ? 2 * characters : characters) + 2) { text in
                text[0] = UInt8(ascii: "\"")
                var position = 1
                @inline(__always) func put(_ sextet: UInt32) {
                    let character = table[Int(sextet & 0x3F)]
                    if escapes, character == UInt8(ascii: "/") {
                        text[position] = UInt8(ascii: "\\")
                        position += 1
                    }
                    text[position] = character
                    position += 1
                }
                var index = 0
                for _ in 0..<groups {
                    let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                    put(value >> 18)
                    put(value >> 12)
                    put(value >> 6)
                    put(value)
                    index += 3
                }
                switch bytes.count - index {
                case 1:
                    let value = UInt32(bytes[index]) << 16
                    put(value >> 18)
                    put(value >> 12)
                    text[position] = UInt8(ascii: "=")
                    text[position + 1] = UInt8(ascii: "=")
                    position += 2
                case 2:
                    let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
                    put(value >> 18)
                    put(value >> 12)
                    put(value >> 6)
                    text[position] = UInt8(ascii: "=")
                    position += 1
                default: break
                }
                text[position] = UInt8(ascii: "\"")
                return position + 1
            }
        }
    }

    /// A UUID as `uuidString` writes it (upper-case hexadecimal, 8-4-4-4-12), from its bytes.
    mutating func uuid(_ uuid: UUID) {
        let digits: StaticString = "0123456789ABCDEF"
        let hex = digits.utf8Start
        withUnsafeBytes(of: uuid.uuid) { bytes in
            append(reserving: 38) { text in
                text[0] = UInt8(ascii: "\"")
                var position = 1
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    let byte = bytes[index]
                    text[position] = hex[Int(byte >> 4)]
                    text[position + 1] = hex[Int(byte & 0x0F)]
                    position += 2
                }
                text[position] = UInt8(ascii: "\"")
                return position + 1
            }
        }
    }

    /// A date in `format`: the ISO 8601 and `yyyy-MM-dd` forms from calendar fields.
    mutating func date(_ date: Date, format: DateFormat) throws(MappingError) {
        switch format {
        case .iso8601 where CivilTime.write(date, withTime: true, to: &self): return
        case .yearMonthDay where CivilTime.write(date, withTime: false, to: &self): return
        default:
            value(try MappingError.mappingJSONErrors { () throws(JSONError) in try format.checkedJSONValue(for: date) })
        }
    }

    /// Writes a value the way a built-in transformer (`shortcut`) would, when it holds what
    /// that transformer takes (a date, a list of strings): true; false, having written
    /// nothing, otherwise.
    @inline(__always)
    mutating func shortcut(_ value: Slot, _ shortcut: TransformerPlan.Shortcut) throws(MappingError) -> Bool {
        switch (shortcut, value) {
        case (.date(let format), .date(let date)):
            try self.date(date, format: format)
        case (.commaSeparatedList, .strings(let list)):
            joinedString(list, separator: UInt8(ascii: ","))
        default:
            return false
        }
        return true
    }

    /// A value through its attribute's transformer: the built-in ones written directly.
    private mutating func transformed(_ value: Slot, property: PropertyMapping, plan: TransformerPlan)
        throws(MappingError)
    {
        if try shortcut(value, plan.shortcut) { return }
        let attributeValue = value.attributeValue(type: property.attributeType)
        switch plan.shortcut {
        case .date(let format):
            if let date = attributeValue as? Date {
                try self.date(date, format: format)
                return
            }
        case .commaSeparatedList:
            if let list = attributeValue as? [String] {
                joinedString(list, separator: UInt8(ascii: ","))
                return
            }
        case .none:
            break
        }
        let name = plan.name
        let transformer = try plan.registered()
        guard plan.canTransform(transformer, towardsJSON: true) else {
            throw MappingError(
                .transformerFailed(name),
                found: "\(attributeValue ?? "nil")",
                detail: plan.cannotTransformDetail(towardsJSON: true)
            )
        }
        let result: Any?
        do {
            result = try plan.transform(attributeValue, with: transformer, towardsJSON: true)
        } catch {
            throw MappingError(.transformerFailed(name), found: "\(attributeValue ?? "nil")", underlyingError: error)
        }
        guard let result else {
            throw MappingError(.transformerFailed(name), found: "\(attributeValue ?? "nil")", detail: "it returned nil")
        }
        if let problem = FoundationContainer.problem(in: result, maximumDepth: FoundationJSON.maximumDepth) {
            throw MappingError(
                .transformerFailed(name),
                found: "\(attributeValue ?? "nil")",
                detail: "it returned \(problem)"
            )
        }
        self.value(try JSONValue(foundationObject: result))
    }
}
