import Foundation

extension JSONWriter {
    /// Writes an attribute's value as the encoder writes it: numbers, Booleans and strings
    /// directly, decimals from their parts, dates in `dateFormat` (or the format of the
    /// attribute's date transformer), other values through their transformer or as JSON.
    ///
    /// The decoder uses it too, to tell whether a value read would be written back as it
    /// was spelled (see ``DecodedSource``).
    ///
    /// - Throws: ``MappingError`` `.notRepresentable` for a value JSON cannot hold exactly
    ///   (an infinite number, a date outside years 1–9999), `.transformerFailed` when the
    ///   transformer fails.
    @inline(__always)
    mutating func attribute(
        _ value: Slot, property: PropertyMapping, plan: TransformerPlan?, dateFormat: DateFormat, model: ObjectModel
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
            if property.attributeType == .float { float(Float(number)) } else { double(number) }
        case .boolean(let flag):
            append(flag ? "true" : "false")
        case .string(let text):
            string(text)
        case .decimal(let decimal):
            guard !decimal.isNaN else { throw MappingError(.notRepresentable, found: "NaN") }
            self.decimal(decimal)
        case .date(let date):
            try self.date(date, format: dateFormat)
        case .boxed(let box):
            // The usual boxed types written directly, as `ValueConversion.encode` would.
            switch (property.attributeType, box.value) {
            case (.uuid, let uuid as UUID):
                self.uuid(uuid)
                return
            case (.uri, let url as URL):
                string(url.absoluteString)
                return
            case (.binaryData, let data as Data):
                string(data.base64EncodedString())
                return
            default: break
            }
            self.value(try ValueConversion.encode(box.value, for: property, dateFormat: dateFormat, model: model))
        case .absent, .null, .object, .objects:
            append("null")
        }
    }

    /// A UUID as `uuidString` writes it (upper-case hexadecimal, 8-4-4-4-12), from its bytes.
    mutating func uuid(_ uuid: UUID) {
        let digits: StaticString = "0123456789ABCDEF"
        withUnsafeBytes(of: uuid.uuid) { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { text in
                var position = 0
                text[position] = UInt8(ascii: "\"")
                position += 1
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    text[position] = digits.utf8Start[Int(byte >> 4)]
                    text[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    position += 2
                }
                text[position] = UInt8(ascii: "\"")
                append(UnsafeBufferPointer(start: text.baseAddress, count: position + 1))
            }
        }
    }

    /// A date in `format`: the ISO 8601 and `yyyy-MM-dd` forms from calendar fields.
    mutating func date(_ date: Date, format: DateFormat) throws(MappingError) {
        switch format {
        case .iso8601 where CivilTime.write(date, withTime: true, to: &self): return
        case .yearMonthDay where CivilTime.write(date, withTime: false, to: &self): return
        default: value(try format.checkedJSONValue(for: date))
        }
    }

    /// A value through its attribute's transformer: the built-in ones written directly.
    private mutating func transformed(_ value: Slot, property: PropertyMapping, plan: TransformerPlan) throws(MappingError) {
        if case .date(let format) = plan.shortcut, case .date(let date) = value {
            try self.date(date, format: format)
            return
        }
        let attributeValue = value.attributeValue(type: property.attributeType)
        switch plan.shortcut {
        case .date(let format):
            if let date = attributeValue as? Date {
                try self.date(date, format: format)
                return
            }
        case .commaSeparatedList:
            if case .boxed(let box) = value, let list = box.strings {
                joinedString(list, separator: UInt8(ascii: ","))
                return
            }
            if let list = attributeValue as? [String] {
                joinedString(list, separator: UInt8(ascii: ","))
                return
            }
        case .none:
            break
        }
        let name = plan.name
        let transformer = try plan.registered()
        let result: Any?
        do {
            result = try transformer.transformedValue(attributeValue)
        } catch {
            throw MappingError(.transformerFailed(name), found: "\(attributeValue ?? "nil")", underlyingError: error)
        }
        guard let result else {
            throw MappingError(.transformerFailed(name), found: "\(attributeValue ?? "nil")", detail: "it returned nil")
        }
        self.value(try JSONValue(foundationObject: result))
    }
}
