import ModelMapper

extension ModelDiffer {
    /// The userInfo key on a String or integer attribute that lists the values its JSON may
    /// hold (`MappingKeys.jsonValues`): what the decoder checks, `modelgen diff` compares and
    /// `modelgen schema` writes as `enum`.
    static let valuesKey = MappingKeys.jsonValues[0]

    /// An attribute's values: their type, JSON form, transformer, date forms, bounds and
    /// declared values.
    mutating func compareValues(
        _ subject: String,
        _ previous: AttributeDescription,
        _ attribute: AttributeDescription,
        _ was: Property,
        _ now: Property
    ) {
        let (before, after) = (previous.location, attribute.location)
        if previous.attributeType != attribute.attributeType {
            compareTypes(subject, previous.attributeType, attribute.attributeType, old: before, new: after)
        }
        if was.jsonForm != now.jsonForm {
            let why = "its JSON form is now \(quoted(now.jsonForm)), was \(quoted(was.jsonForm)) (jsonForm)"
            note(.jsonFormChanged, .read, subject, why + ": values sent as before are refused", old: before, new: after)
            note(
                .jsonFormChanged,
                .write,
                subject,
                why + ": readers of the old model refuse what is written",
                old: before,
                new: after
            )
        }
        if was.transformerName != now.transformerName {
            let why = "its transformer is now \(quoted(now.transformerName)), was \(quoted(was.transformerName))"
            note(.transformerChanged, .read, subject, why + ": its JSON may be read otherwise", old: before, new: after)
            note(
                .transformerChanged,
                .write,
                subject,
                why + ": its JSON may be written otherwise",
                old: before,
                new: after
            )
        }
        if attribute.attributeType == .date, previous.attributeType == .date {
            compareDateForms(subject, was, now, old: before, new: after)
        }
        compareBounds(subject, was, now, old: before, new: after)
        compareDeclaredValues(subject, previous, attribute)
    }

    /// Whether every JSON value of one type reads as another (`Integer 16` as `Integer 32`).
    static func reads(_ type: AttributeType, as other: AttributeType) -> Bool {
        switch (type, other) {
        case (.integer16, .integer32), (.integer16, .integer64), (.integer32, .integer64): true
        case (.integer16, .double), (.integer32, .double), (.integer16, .float): true
        case (.integer16, .decimal), (.integer32, .decimal), (.integer64, .decimal): true
        case (.float, .double), (.float, .decimal): true
        default: type == other
        }
    }

    private mutating func compareTypes(
        _ subject: String,
        _ previous: AttributeType,
        _ type: AttributeType,
        old before: SourceLocation,
        new after: SourceLocation
    ) {
        let why = "its type is now \(type.rawValue), was \(previous.rawValue)"
        switch (Self.reads(previous, as: type), Self.reads(type, as: previous)) {
        case (true, false):
            note(
                .typeWidened,
                .write,
                subject,
                why + ": readers of the old model refuse values it cannot hold",
                old: before,
                new: after
            )
        case (false, true):
            note(
                .typeNarrowed,
                .read,
                subject,
                why + ": values the old model read no longer convert",
                old: before,
                new: after
            )
        default:
            note(
                .typeChanged,
                .read,
                subject,
                why + ": values the old model read no longer convert",
                old: before,
                new: after
            )
            note(
                .typeChanged,
                .write,
                subject,
                why + ": readers of the old model refuse what is written",
                old: before,
                new: after
            )
        }
        note(
            .typeChanged,
            .source,
            subject,
            why + ": the generated property's Swift type changes",
            old: before,
            new: after
        )
        note(
            .needsMappingModel,
            .migration,
            subject,
            "changing an attribute's type: lightweight migration does not infer it",
            old: before,
            new: after
        )
    }

    private mutating func compareDateForms(
        _ subject: String,
        _ was: Property,
        _ now: Property,
        old before: SourceLocation,
        new after: SourceLocation
    ) {
        let oldForms = was.dateFormats.isEmpty ? [oldContract.dateFormat] : was.dateFormats
        let newForms = now.dateFormats.isEmpty ? [newContract.dateFormat] : now.dateFormats
        let lost = oldForms.filter { !newForms.contains($0) }
        if !lost.isEmpty {
            note(
                .dateFormRemoved,
                .read,
                subject,
                "no longer reads dates as \(lost.map(\.expectation).joined(separator: ", or ")): dates sent so are refused",
                old: before,
                new: after
            )
        }
        if oldForms.first != newForms.first, let written = newForms.first {
            note(
                .dateFormWrittenChanged,
                .write,
                subject,
                "dates are now written as \(written.expectation): readers of the old model may not read them",
                old: before,
                new: after
            )
        }
        let gained = newForms.filter { !oldForms.contains($0) }
        if !gained.isEmpty, lost.isEmpty {
            note(
                .dateFormAdded,
                .read,
                subject,
                "also reads dates as \(gained.map(\.expectation).joined(separator: ", or ")): documents of the old model "
                    + "are read as before",
                old: before,
                new: after,
                severity: .note
            )
        }
    }

    private mutating func compareBounds(
        _ subject: String,
        _ was: Property,
        _ now: Property,
        old before: SourceLocation,
        new after: SourceLocation
    ) {
        func tighter(_ old: Double?, _ new: Double?, below: Bool) -> Bool {
            guard let new else { return false }
            guard let old else { return true }
            return below ? new > old : new < old
        }
        let minimums = (
            was.minimum ?? was.minimumLength.map(Double.init), now.minimum ?? now.minimumLength.map(Double.init)
        )
        let maximums = (
            was.maximum ?? was.maximumLength.map(Double.init), now.maximum ?? now.maximumLength.map(Double.init)
        )
        let tightened =
            tighter(minimums.0, minimums.1, below: true) || tighter(maximums.0, maximums.1, below: false)
        let loosened =
            tighter(minimums.1, minimums.0, below: true) || tighter(maximums.1, maximums.0, below: false)
        let range = "\(bound(minimums.1))...\(bound(maximums.1)), was \(bound(minimums.0))...\(bound(maximums.0))"
        if tightened {
            note(
                .boundsTightened,
                .read,
                subject,
                "its bounds are now \(range): values the old model accepted may be refused (checksBounds)",
                old: before,
                new: after
            )
        }
        if loosened {
            note(
                .boundsLoosened,
                .write,
                subject,
                "its bounds are now \(range): the new model may write values readers of the old model refuse",
                old: before,
                new: after
            )
        }
    }

    private func bound(_ value: Double?) -> String {
        value.map(SchemaValue.numberText) ?? ""
    }

    /// The values an attribute declares (``valuesKey``); a Swift type alone cannot be compared.
    private mutating func compareDeclaredValues(
        _ subject: String,
        _ previous: AttributeDescription,
        _ attribute: AttributeDescription
    ) {
        let (before, after) = (previous.location, attribute.location)
        let oldValues = Self.declaredValues(previous)
        let newValues = Self.declaredValues(attribute)
        guard let oldValues, let newValues else {
            if previous.swiftTypeName != attribute.swiftTypeName || (oldValues == nil) != (newValues == nil) {
                note(
                    .valuesUnknown,
                    .read,
                    subject,
                    "its values (Swift type \(quoted(attribute.swiftTypeName)), was \(quoted(previous.swiftTypeName))) "
                        + "cannot be compared: declare them with the userInfo key '\(Self.valuesKey)'",
                    old: before,
                    new: after,
                    severity: .note
                )
            }
            return
        }
        let removed = oldValues.filter { !newValues.contains($0) }
        let added = newValues.filter { !oldValues.contains($0) }
        if !removed.isEmpty {
            note(
                .valuesRemoved,
                .read,
                subject,
                "no longer accepts \(list(removed)): documents that send them are refused",
                old: before,
                new: after
            )
        }
        if !added.isEmpty {
            note(
                .valuesAdded,
                .write,
                subject,
                "may now hold \(list(added)), which readers of the old model refuse",
                old: before,
                new: after
            )
        }
    }

    /// The values an attribute lists, as the loader read them (and the decoder checks them).
    static func declaredValues(_ attribute: AttributeDescription) -> [String]? {
        attribute.listedValues?.texts
    }
}
