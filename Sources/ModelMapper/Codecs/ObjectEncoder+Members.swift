import Foundation
@_spi(Engine) import ModelMapperSchema

/// An object's members: each key written, then its attribute's value, in the spelling it was
/// read with when the object keeps one, through its transformer when it has one.
extension ObjectEncoder {
    /// A step's member key, in the top frame.
    mutating func member(_ step: WriteProgram.Step, program: WriteProgram, frame top: Int) {
        var isEmpty = stack.frames[top].isEmpty
        writer.member(
            quoted: program.quotedKeys.quoted(Int(step.key), escapingSlashes: writer.escapesSlashes),
            isEmpty: &isEmpty
        )
        stack.frames[top].isEmpty = isEmpty
    }

    /// The steps of an owner's program (see ``WriteProgram/ownerPrograms``): the owner's
    /// flattened attributes, in the object it links to.
    mutating func writeOwnerSteps(
        _ program: Unmanaged<WriteProgram>,
        of owner: ModelObject,
        path: PathSource,
        isEmpty: inout Bool
    ) throws(MappingError) {
        let (steps, count, keys) = program._withUnsafeGuaranteedRef { ($0.stepBuffer, $0.steps.count, $0.quotedKeys) }
        let escapesSlashes = writer.escapesSlashes
        // Where each open nested object started, and whether the level around it was empty
        // (nil until one opens: most owner programs open none).
        var opened: [(mark: Int, outerIsEmpty: Bool)]?
        for index in 0..<count {
            let step = steps[index]
            let key = keys.quoted(Int(step.key), escapingSlashes: escapesSlashes)
            switch step.kind {
            case .ownerAttribute:
                try writeAttribute(Int(step.slot), of: owner, key: key, path: path, isEmpty: &isEmpty)
            case .open:
                if opened == nil { opened = [] }
                opened?.append((writer.count, isEmpty))
                writer.member(quoted: key, isEmpty: &isEmpty)
                writer.open(UInt8(ascii: "{"))
                isEmpty = true
            case .close:
                guard let nesting = opened?.popLast() else { continue }
                isEmpty = writer.closeNested(from: nesting.mark, isEmpty: isEmpty) ? false : nesting.outerIsEmpty
            default:
                continue
            }
        }
    }

    /// Writes an attribute's member under a key given as a ``QuotedKey``.
    mutating func writeAttribute(
        _ slot: Int,
        of object: ModelObject,
        key: QuotedKey,
        path: PathSource,
        isEmpty: inout Bool
    ) throws(MappingError) {
        var failure: MappingError?
        (writer.escapesSlashes ? key.escapingSlashes : key.plain)
            .withUnsafeBufferPointer { quoted in
                do throws(MappingError) {
                    try writeAttribute(slot, of: object, key: quoted, path: path, isEmpty: &isEmpty)
                } catch {
                    failure = error
                }
            }
        if let failure { throw failure }
    }

    /// Writes an attribute's member (`key` is its quoted bytes), or nothing when its state is
    /// not written.
    mutating func writeAttribute(
        _ slot: Int,
        of object: ModelObject,
        key: UnsafeBufferPointer<UInt8>,
        path: PathSource,
        isEmpty: inout Bool
    ) throws(MappingError) {
        if object.decodedSource == nil,
            Self.writePlain(
                object.withStoredValues { $0 },
                slot,
                kind: baseMapping(of: object)._withUnsafeGuaranteedRef { $0.readings[slot].kind },
                key: key,
                isEmpty: &isEmpty,
                to: &writer
            )
        {
            return
        }
        try writeGeneralAttribute(slot, of: object, key: key, path: path, isEmpty: &isEmpty)
    }

    /// Writes an attribute's member through the general path: states, spellings kept from a
    /// source, transformers and every type (what ``writePlain(_:_:kind:key:isEmpty:to:)`` declines).
    mutating func writeGeneralAttribute(
        _ slot: Int,
        of object: ModelObject,
        key: UnsafeBufferPointer<UInt8>,
        path: PathSource,
        isEmpty: inout Bool
    ) throws(MappingError) {
        // Lent, not copied: the object's mapping keeps its properties alive, and a copy would
        // count a reference to a property every thread shares, once per value (issue 50).
        let propertyRef = baseMapping(of: object)._withUnsafeGuaranteedRef { $0.readings[slot].property }
        let value = object[stored: slot]
        switch value {
        case .absent:
            guard nulls.attributeRule(propertyRef).writesAbsent else { return }
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.append("null")
        case .null:
            guard nulls.attributeRule(propertyRef).writesNull else { return }
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.append("null")
        default:
            let mark = writer.count
            let wasEmpty = isEmpty
            writer.member(quoted: key, isEmpty: &isEmpty)
            do {
                try propertyRef.withGuaranteedInstance { property throws(MappingError) in
                    if let source = object.decodedSource, options.layout == .asDecoded, !source.spellings.isEmpty {
                        try writeSpelled(value, source: source, property: property, slot: slot, of: object)
                    } else {
                        try writeValue(value, property: property, slot: slot, of: object)
                    }
                }
            } catch var error {
                writer.truncate(to: mark)
                isEmpty = wasEmpty
                if skipsFailures { return }
                let property = propertyRef.takeUnretainedValue()
                error.path = self.path(of: path).appending(keys: property.keyPath)
                error.entityName = object.entity.name
                error.propertyName = property.name
                throw error
            }
        }
    }

    /// Writes a plain attribute's member straight from slot `slot` of `slots` (its kind says
    /// its type), read in place; false, having written nothing, for anything else (other kinds,
    /// absent and null values, values that cannot be written), which the general path handles.
    @inline(__always)
    static func writePlain(
        _ slots: SlotPointer,
        _ slot: Int,
        kind: SlotReading.Kind,
        key: UnsafeBufferPointer<UInt8>,
        isEmpty: inout Bool,
        to writer: inout JSONWriter
    ) -> Bool {
        switch (kind, slots.tag(slot)) {
        case (.string, .string):
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.string(slots.payload(slot, as: String.self).pointee)
        case (.integer16, .integer), (.integer32, .integer), (.integer64, .integer):
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.integer(slots.payload(slot, as: Int64.self).pointee)
        case (.double, .floatingPoint):
            let number = slots.payload(slot, as: Double.self).pointee
            guard number.isFinite else { return false }
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.double(number)
        case (.float, .floatingPoint):
            let number = slots.payload(slot, as: Double.self).pointee
            guard number.isFinite else { return false }
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.float(Float(number))
        case (.boolean, .boolean):
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.append(slots.payload(slot, as: Bool.self).pointee ? "true" : "false")
        case (.decimal, .decimal), (.decimal, .wideDecimal):
            guard case .decimal(let decimal) = slots[slot], !decimal.isNaN else { return false }
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.decimal(decimal)
        default:
            return false
        }
        return true
    }

    /// An attribute value of an object that kept its source: as the JSON spelled it, while
    /// the value is the one read.
    @inline(never)
    mutating func writeSpelled(
        _ value: Slot,
        source: DecodedSource,
        property: PropertyMapping,
        slot: Int,
        of object: ModelObject
    ) throws(MappingError) {
        guard let spelling = source.spelling(slot: slot, dateFormat: options.dateFormat) else {
            try writeValue(value, property: property, slot: slot, of: object)
            return
        }
        let spells = spelling.spells(value)
        if spells == true {
            writer.value(spelling.token)
            return
        }
        let start = writer.count
        try writeValue(value, property: property, slot: slot, of: object)
        // A value only its writing compares: the same writing means the same value.
        if spells == nil, let written = spelling.written, writer.bytes(from: start) == written {
            writer.truncate(to: start)
            writer.value(spelling.token)
        }
    }

    /// The JSON of an attribute value.
    mutating func writeValue(_ value: Slot, property: PropertyMapping, slot: Int, of object: ModelObject)
        throws(MappingError)
    {
        if let form = property.jsonForm {
            try writeValue(value, inForm: form, property: property, of: object)
            return
        }
        guard property.transformerName != nil else {
            try writePlainAttribute(value, property: property, of: object)
            return
        }
        let plans = transformerPlans(of: object.lentModel)
        // The built-in transformers' own values, written without copying the plan.
        let shortcut = plans._withUnsafeGuaranteedRef { $0.shortcut(entity: object.layout.entityIndex, slot: slot) }
        if try writer.shortcut(value, shortcut) { return }
        let plan = plans._withUnsafeGuaranteedRef { $0.plan(entity: object.layout.entityIndex, slot: slot) }
        try writer.attribute(value, property: property, plan: plan, dateFormat: options.dateFormat) { object.model }
    }
}

extension ObjectEncoder {
    /// An attribute value without a transformer, in its type's own JSON form.
    mutating func writePlainAttribute(_ value: Slot, property: PropertyMapping, of object: ModelObject)
        throws(MappingError)
    {
        try writer.attribute(value, property: property, plan: nil, dateFormat: options.dateFormat) { object.model }
    }

    /// Writes an attribute value in its declared JSON form (``/ModelMapperSchema/MappingKeys/jsonForm``): a number
    /// or Boolean as a string of its JSON text (`"24.99"`), text as the number it spells.
    mutating func writeValue(
        _ value: Slot,
        inForm form: PropertyMapping.JSONForm,
        property: PropertyMapping,
        of object: ModelObject
    ) throws(MappingError) {
        switch form {
        case .string:
            // A number's or Boolean's text has nothing to escape: quoting it is enough.
            writer.append("\"")
            try writePlainAttribute(value, property: property, of: object)
            writer.append("\"")
        case .number:
            guard case .string(let text) = value else {
                try writePlainAttribute(value, property: property, of: object)
                return
            }
            // The reader's own grammar: written bare, it reads back as the same text.
            var utf8 = text
            let isNumber = utf8.withUTF8 { JSONWriter.isJSONNumber($0) }
            guard isNumber else {
                throw MappingError(
                    .notRepresentable,
                    expected: "text that is a JSON number (jsonForm = number)",
                    found: "\"\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))\""
                )
            }
            writer.append(Array(text.utf8))
        case .map, .mapOmittingIdentity:
            // A relationship's form: an attribute never has it.
            try writePlainAttribute(value, property: property, of: object)
        }
    }
}
