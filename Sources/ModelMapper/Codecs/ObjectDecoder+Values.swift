import Foundation
@_spi(Engine) import ModelMapperSchema

/// Attribute values: converted from their bytes into typed slots (the common cases without a
/// detour through a token), the spellings the encoder would not write noted, transformers run.
extension ObjectDecoder {
    /// The value at the reading position when it is of the very type a plain attribute of
    /// `kind` reads, read and converted in one pass: a string for a String, an integer in
    /// range for an Integer. Nil, having read nothing but whitespace, for anything else.
    @inline(__always)
    mutating func readPlainValue(_ reading: SlotReading, slot: Int, entity: Int) throws(MappingError) -> Slot? {
        scanner.skipWhitespace()
        let kind = reading.kind
        switch kind {
        case .string:
            guard scanner.peek() == UInt8(ascii: "\"") else { return nil }
            return .string(try scanner.readStringValue())
        case .integer64: return readPlainInteger(in: Int64.min...Int64.max, slot: slot, entity: entity)
        case .integer32: return readPlainInteger(in: Int64(Int32.min)...Int64(Int32.max), slot: slot, entity: entity)
        case .integer16: return readPlainInteger(in: Int64(Int16.min)...Int64(Int16.max), slot: slot, entity: entity)
        case .quotedInteger:
            switch reading.attributeType {
            case .integer16:
                return readPlainInteger(in: Int64(Int16.min)...Int64(Int16.max), slot: slot, entity: entity)
            case .integer32:
                return readPlainInteger(in: Int64(Int32.min)...Int64(Int32.max), slot: slot, entity: entity)
            default: return readPlainInteger(in: Int64.min...Int64.max, slot: slot, entity: entity)
            }
        case .boolean: return scanner.readPlainBoolean().map { .boolean($0) }
        case .double, .float, .decimal:
            let first = scanner.peek()
            guard first == UInt8(ascii: "-") || JSONBytes.isDigit(first) else { return nil }
            let start = scanner.index
            let value = ValueConversion.plainValue(.number(try scanner.readNumber()), kind: kind)
            // Anything `plainValue` declines (out of range, not representable) is read again
            // on the general path, which says why.
            if value == nil { scanner.index = start }
            return value
        case .uuid, .uri, .binaryData, .date, .transformed:
            guard scanner.peek() == UInt8(ascii: "\"") else { return nil }
            let start = scanner.index
            let text = try scanner.readString()
            if let value = stringValue(text.buffer, reading: reading, slot: slot, entity: entity) { return value }
            // Anything else (other forms, invalid values) is read again the careful way.
            scanner.index = start
            return nil
        case .general, .rawValue, .rawJSON, .shapedJSON: return nil
        }
    }

    /// An integer in `range` in its plain form, or sent as a string in that form where a string
    /// may stand for a number (not strict, or a declared JSON form): what the careful path
    /// (``ValueConversion``'s `numberBytes`, ``NumberText/rewrites(_:as:)``) reads from either.
    @inline(__always)
    mutating func readPlainInteger(in range: ClosedRange<Int64>, slot: Int, entity: Int) -> Slot? {
        if let value = scanner.readPlainInteger(in: range) { return .integer(value) }
        guard scanner.peek() == UInt8(ascii: "\""),
            !run.strict || run.mappingRefs[entity]._withUnsafeGuaranteedRef({ $0.properties[slot].jsonForm != nil })
        else { return nil }
        return scanner.readQuotedPlainInteger(in: range).map { .integer($0) }
    }

    /// The value of a string for an attribute of a kind read from strings, when it has the
    /// usual form: what the careful path (``ValueConversion/decode(_:for:strict:dateFormat:model:)``,
    /// the transformers' shortcuts) gives for it, without a token between; nil otherwise.
    @inline(__always)
    func stringValue(_ text: UnsafeBufferPointer<UInt8>, reading: SlotReading, slot: Int, entity: Int) -> Slot? {
        // Unwrapped rather than mapped: `map` copies the value (a retain for each reference
        // it holds) where unwrapping moves it.
        switch reading.kind {
        case .uuid: return UUIDText.uuid(from: text).map { .uuid($0) }
        case .uri:
            guard let url = run.urls.value(text, read: { URL(string: $1) }) else { return nil }
            return .url(url)
        case .binaryData:
            guard let data = Base64Text.data(from: text) else { return nil }
            return .data(data)
        case .date: return settings.dateFormat.civilDate(from: text).map { .date($0) }
        case .transformed:
            switch run.transformers._withUnsafeGuaranteedRef({ $0.shortcut(entity: entity, slot: slot) }) {
            case .commaSeparatedList where Self.keepsListUnboxed(reading.attributeType):
                return run.lists.value(text, read: { bytes, _ in Self.commaSeparated(bytes) }).map { .strings($0) }
            case .date(let format) where Self.keepsDateUnboxed(reading.attributeType):
                return format.civilDate(from: text).map { .date($0) }
            default: return nil
            }
        default: return nil
        }
    }

    /// Notes the token's spelling when the encoder would write the value read from it
    /// differently (see ``DecodedSource``).
    mutating func noteSpelling(
        _ token: JSONToken,
        value: Slot,
        property: PropertyMapping,
        slot: Int,
        frame target: Int
    ) {
        let isPlain = property.transformerName == nil
        // The usual cases, told without writing anything.
        if isPlain {
            switch (property.attributeType, token) {
            case (.string, .string), (.boolean, .bool): return
            case (.integer16, .number(let text)), (.integer32, .number(let text)), (.integer64, .number(let text)):
                if Self.isPlainInteger(text) { return }
            default: break
            }
        }
        let plan =
            isPlain
            ? nil : run.transformers._withUnsafeGuaranteedRef { $0.plan(entity: frames[target].entity, slot: slot) }
        var canonical = run.spellingWriters.canonical
        canonical.truncate(to: 0)
        let canWrite: Bool
        do {
            try canonical.attribute(
                value,
                property: property,
                plan: plan,
                dateFormat: run.options.dateFormat
            ) { run.model }
            canWrite = true
        } catch {
            canWrite = false
        }
        let spelled = token.jsonValue
        var original = run.spellingWriters.original
        original.truncate(to: 0)
        original.value(spelled)
        if canWrite, canonical.count == original.count, canonical.bytes == original.bytes { return }
        var isDate = false
        if isPlain, case .date = value { isDate = true }
        // A value that compares only by its writing keeps that writing.
        let written = canWrite && value.isIdentical(to: value) == nil ? canonical.bytes : nil
        sources[target].spellings
            .append(
                Spelling(
                    slot: slot,
                    value: value,
                    token: spelled,
                    dateFormat: isDate ? run.options.dateFormat : nil,
                    written: written
                )
            )
    }

    /// Whether a number is written as the encoder writes integers: digits, no sign but a
    /// minus, no leading zero, not `-0`.
    static func isPlainInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = text[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard let first = digits.first, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return false
        }
        return first != UInt8(ascii: "0") || (digits.count == 1 && text.count == 1)
    }

    /// Reports an attribute's conversion error at `path`, with its entity and property.
    func reportConversion(_ error: MappingError, at path: JSONPath, slot: Int, frame target: Int)
        throws(MappingError)
    {
        var error = error
        error.path = path.appending(error.path)
        error.entityName = run.model.entityRecords[frames[target].entity].name
        error.propertyName = frames[target].mapping.properties[slot].name
        try report(error)
    }

    /// The slot value of a token for an attribute, through its transformer if it names one.
    static func convert(_ token: JSONToken, property: PropertyMapping, entity: Int, slot: Int, run: DecodingRun)
        throws(MappingError) -> Slot
    {
        let options = run.options
        guard property.transformerName != nil else {
            return try ValueConversion.decode(
                token,
                for: property,
                strict: run.strict,
                acceptsReformattedNumbers: options.acceptsReformattedNumbers,
                dateFormat: options.dateFormat,
                model: run.model
            )
        }
        let plan = run.transformers._withUnsafeGuaranteedRef { $0.plan(entity: entity, slot: slot) }
        let result: Any
        switch plan.shortcut {
        case .date(let format):
            do {
                let date = try format.date(from: token)
                if Self.keepsDateUnboxed(property.attributeType) { return .date(date) }
                result = date
            } catch {
                throw MappingError(
                    .transformerFailed(plan.name),
                    found: ValueConversion.describe(token),
                    underlyingError: TransformerError("expected \(error.expected), found \(error.found)")
                )
            }
        case .commaSeparatedList:
            guard case .string(let bytes) = token else { fallthrough }
            let list = Self.commaSeparated(bytes)
            if Self.keepsListUnboxed(property.attributeType) { return .strings(list) }
            result = list
        case .none:
            result = try Self.transformToModel(token, plan: plan)
        }
        switch property.attributeType {
        case .transformable, .undefined, .objectID:
            // Dates from the built-in date transformer stay unboxed.
            if let date = result as? Date { return .date(date) }
            return .value(result)
        default:
            return Slot(
                attributeValue: try property.attributeType.modelValue(result),
                type: property.attributeType
            )
        }
    }

    /// Whether the built-in list transformer's list goes into a slot of an attribute of this
    /// type as it is (`.strings`); other types convert it to the attribute's type.
    static func keepsListUnboxed(_ type: AttributeType) -> Bool {
        type == .transformable || type == .undefined || type == .objectID
    }

    /// Whether the built-in date transformer's date goes into a slot of an attribute of this
    /// type as it is (`.date`).
    static func keepsDateUnboxed(_ type: AttributeType) -> Bool { type == .date || type == .transformable }

    /// `"a, b,c"` as `["a", "b", "c"]` (items trimmed), `""` as `[]`: what
    /// `CommaSeparatedListTransformer` reads, from the bytes.
    static func commaSeparated(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        guard !bytes.isEmpty else { return [] }
        var list: [String] = []
        // Sized first: growing an array of strings one item at a time costs more than the
        // items. (`reserveCapacity` is specialized here; `Array(unsafeUninitializedCapacity:)`
        // and `Array(repeating:count:)` look up the storage's type generically on every call.)
        var commas = 0
        for byte in bytes where byte == UInt8(ascii: ",") { commas += 1 }
        // Items of an ASCII list are ASCII; of another, each is looked at.
        let isASCII: Bool? = UTF8Validation.isASCII(bytes) ? true : nil
        func item(_ start: Int, _ end: Int) -> String {
            let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end]).trimmingSpaces()
            return UTF8Validation.string(ofValid: trimmed, isASCII: isASCII)
        }
        // Short lists (the usual tags) as array literals, which allocate their storage at
        // once at its size; `reserveCapacity` takes the general path of growing an array.
        if commas <= 2 {
            let first = bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
            if commas == 0 { return [item(0, bytes.count)] }
            let second = bytes[(first + 1)...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
            if commas == 1 { return [item(0, first), item(first + 1, bytes.count)] }
            return [item(0, first), item(first + 1, second), item(second + 1, bytes.count)]
        }
        list.reserveCapacity(commas + 1)
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
            list.append(item(start, index))
            start = index + 1
        }
        return list
    }

    /// A JSON value (as Foundation values) through its attribute's transformer towards the
    /// model: `reverseTransformedValue(_:)`, or `transformedValue(_:)` for a transformer named
    /// in userInfo (see ``/ModelMapperSchema/ValueTransformer/Direction``).
    static func transformToModel(_ token: JSONToken, plan: TransformerPlan) throws(MappingError) -> Any {
        let name = plan.name
        let transformer = try plan.registered()
        guard plan.canTransform(transformer, towardsJSON: false) else {
            throw MappingError(
                .transformerFailed(name),
                found: ValueConversion.describe(token),
                detail: plan.cannotTransformDetail(towardsJSON: false)
            )
        }
        let result: Any?
        do {
            result = try plan.transform(token.jsonValue.foundationObject, with: transformer, towardsJSON: false)
        } catch {
            throw MappingError(.transformerFailed(name), found: ValueConversion.describe(token), underlyingError: error)
        }
        guard let result else {
            throw MappingError(
                .transformerFailed(name),
                found: ValueConversion.describe(token),
                detail: "it returned nil"
            )
        }
        if let problem = FoundationContainer.problem(in: result, maximumDepth: FoundationJSON.maximumDepth) {
            throw MappingError(
                .transformerFailed(name),
                found: ValueConversion.describe(token),
                detail: "it returned \(problem)"
            )
        }
        return result
    }
}
