import ModelMapperSchema

/// What a field becomes: an attribute of a type (with the userInfo that maps it), or a
/// relationship to the entity of its objects.
enum FieldKind: Equatable {
    /// An attribute: its `attributeType`, its `jsonForm` where the JSON sends it as a string,
    /// its `dateFormats`, the `customClassName` of a Transformable, and the
    /// `jsonFractionDigits` a number is written with.
    case attribute(
        type: AttributeType,
        jsonForm: String? = nil,
        dateFormats: String? = nil,
        customClassName: String? = nil,
        fractionDigits: Int? = nil
    )
    case toOne(String)
    case toMany(String)
    /// A to-many sent as an object keyed by its objects' identities (`jsonForm` `map`).
    case identityMap(String)
}

extension ObservedField {
    /// The kind that holds every value the samples gave, and what was seen that says so.
    /// Anything without one type that holds it exactly is `Undefined`, which keeps a value as
    /// the JSON has it.
    func kind(options: ModelInference.Options) -> (kind: FieldKind, evidence: String, isSure: Bool) {
        let count = nonNullCount
        let values = count == 1 ? "1 value" : "\(count) values"
        let undefined = FieldKind.attribute(type: .undefined)
        guard count > 0 else {
            if options.keepsUnknownAsJSON { return (undefined, "only null was seen: kept as the JSON has it", false) }
            return (
                .attribute(type: .string),
                "only null was seen: an optional String (--keep-unknown-as-json keeps any value as the JSON has it)",
                false
            )
        }
        let numbers = integers + bigIntegers + fractions + longFractions + unrepresentableNumbers
        let arrays = objectArrays + emptyArrays + otherArrays + scalarArrays.values.reduce(0, +)
        let maps =
            objectMaps + scalarMaps.values.reduce(0, +) + arrayMaps.values.reduce(0, +) + emptyArrayMaps
            + otherMaps
        // Maps, and objects without keys (empty maps): a map, whatever its values.
        if maps > 0, objects == emptyObjects, maps + objects == count { return mapKind(values: values, maps: maps) }
        if objects == count, emptyObjects == count {
            return (
                undefined,
                "\(values), each an empty object: a record or a map, which the samples cannot tell: kept as the JSON has it",
                false
            )
        }
        if let childEntity, objects == count {
            return (.toOne(childEntity), "\(values), each an object", true)
        }
        if let childEntity, objectArrays > 0, objectArrays + emptyArrays == count {
            return (.toMany(childEntity), "\(values), each an array of objects", true)
        }
        if booleans == count { return (.attribute(type: .boolean), "\(values), each true or false", true) }
        if numbers == count { return numberKind(values: values) }
        if strings == count { return stringKind(values: values, options: options) }
        if arrays == count, objectArrays == 0, otherArrays == 0 {
            return arrayKind(values: values)
        }
        return (undefined, "\(values) of different kinds: kept as the JSON has each", false)
    }

    /// A field whose values are maps (``MapKeys``): a to-many keyed by identity where each is a
    /// map of objects, a dictionary of the one kind of scalars (or arrays of them) the values
    /// have, else the JSON as it is.
    private func mapKind(values: String, maps: Int) -> (kind: FieldKind, evidence: String, isSure: Bool) {
        if objectMaps == maps, let childEntity {
            return (.identityMap(childEntity), "\(values), each an object of objects keyed by identities", true)
        }
        func joined(_ kinds: some Collection<ScalarArrayKind>) -> ScalarArrayKind? {
            var element = kinds.first
            for kind in kinds.dropFirst() { element = element?.joined(with: kind) }
            return element
        }
        func swiftType(_ kind: ScalarArrayKind?) -> String? {
            switch kind {
            case .string: "String"
            case .integer: "Int"
            case .number: "Double"
            case .boolean: "Bool"
            case .inexactNumber, nil: nil
            }
        }
        let scalars = scalarMaps.values.reduce(0, +)
        if scalars == maps, let element = swiftType(joined(scalarMaps.keys)) {
            return (
                .attribute(type: .transformable, customClassName: "[String: \(element)]"),
                "\(values), each an object keyed by identities, of \(element) values", true
            )
        }
        let arrays = arrayMaps.values.reduce(0, +) + emptyArrayMaps
        if arrays == maps, let element = arrayMaps.isEmpty ? "Int" : swiftType(joined(arrayMaps.keys)) {
            return (
                .attribute(type: .transformable, customClassName: "[String: [\(element)]]"),
                "\(values), each an object keyed by identities, of arrays of \(element)"
                    + (arrayMaps.isEmpty ? " (only empty arrays were seen)" : ""),
                !arrayMaps.isEmpty
            )
        }
        return (
            .attribute(type: .undefined),
            "\(values), each an object keyed by identities, of values of different kinds: kept as the JSON has them",
            false
        )
    }

    private func numberKind(values: String) -> (kind: FieldKind, evidence: String, isSure: Bool) {
        // First: a time since 1970 may have more digits than a Double keeps as text.
        let count = nonNullCount
        if epochSeconds == count {
            return (
                .attribute(type: .date, dateFormats: "secondsSince1970"),
                "\(values), each seconds since 1970 (2000 to 2100) at a key named like a date", true
            )
        }
        if epochMilliseconds == count {
            return (
                .attribute(type: .date, dateFormats: "millisecondsSince1970"),
                "\(values), each milliseconds since 1970 (2000 to 2100) at a key named like a date", true
            )
        }
        if epochMicroseconds == count {
            return (
                .attribute(type: .date, dateFormats: "microsecondsSince1970"),
                "\(values), each microseconds since 1970 (2000 to 2100) at a key named like a date", true
            )
        }
        if unrepresentableNumbers > 0 {
            return (.attribute(type: .undefined), "a number no type holds exactly: kept as the JSON has it", false)
        }
        if bigIntegers + longFractions > 0 {
            return (.attribute(type: .decimal), "\(values), some with more digits than Int64 or Double keep", true)
        }
        if fractions > 0 {
            if let digits = sameFractionDigits {
                return (
                    .attribute(type: .double, fractionDigits: digits),
                    "\(values), some with a fraction, each with \(digits) fraction digits", true
                )
            }
            if numbersAlteredAsDouble == 0 {
                // Integral values (586 beside 245.5) are written without `.0` where declared so.
                let hasIntegers = fractionDigitCounts.contains(0)
                return (
                    .attribute(type: .double, fractionDigits: hasIntegers ? 0 : nil),
                    "\(values), some with a fraction" + (hasIntegers ? ", integral ones written without .0" : ""),
                    true
                )
            }
            return (
                .attribute(type: .double),
                "\(values), some with a fraction, of different lengths (\(fractionDigitsList) digits): some will be "
                    + "written with other digits (120 as 120.0, 49.90 as 49.9)",
                false
            )
        }
        return (.attribute(type: .integer64), "\(values), each an integer", true)
    }

    private func stringKind(values: String, options: ModelInference.Options) -> (
        kind: FieldKind, evidence: String, isSure: Bool
    ) {
        let forms = Set(stringForms.keys)
        func every(_ form: StringForm) -> Bool { stringForms[form] == strings }
        if let kind = dateTimeKind(forms, values: values) { return kind }
        if forms.contains(where: \.isDateTime), forms.allSatisfy(\.isDateTime) {
            return (
                .attribute(type: .string),
                "\(values), ISO 8601 dates no date form writes back as sent (different offsets, or fraction digits "
                    + "of different lengths): kept as a String, as sent",
                false
            )
        }
        if every(.rfc1123) {
            return (.attribute(type: .date, dateFormats: "rfc1123"), "\(values), each an RFC 1123 date", true)
        }
        if every(.localDateTime) {
            return (
                .attribute(type: .date, dateFormats: "iso8601 UTC"),
                "\(values), each an ISO 8601 date and time without a zone: read as UTC, which the samples cannot "
                    + "tell (declare the zone the API means: iso8601 Europe/Oslo)",
                false
            )
        }
        if every(.day) {
            return (.attribute(type: .date, dateFormats: "yearMonthDay"), "\(values), each a yyyy-MM-dd day", true)
        }
        if every(.uuid) { return (.attribute(type: .uuid), "\(values), each a UUID", true) }
        if every(.url) { return (.attribute(type: .uri), "\(values), each an http(s) URL", true) }
        if forms.isSubset(of: [.integer, .decimal, .longDecimal]) {
            return numberTextKind(values: values, forms: forms, options: options)
        }
        return (.attribute(type: .string), "\(values), each a string", true)
    }

    /// ISO 8601 dates a date form writes back as they were sent: every sample in UTC (`Z`,
    /// `iso8601`) or at one offset (`iso8601 +02:00`), declaring the fraction digits
    /// (`jsonFractionDigits`) where all have one number of them (`.000Z`), else where the form
    /// alone writes every one back (the fewest digits). Nil where the strings are not such
    /// dates, or some would be written otherwise (the caller keeps them as strings).
    private func dateTimeKind(_ forms: Set<StringForm>, values: String) -> (
        kind: FieldKind, evidence: String, isSure: Bool
    )? {
        var offsets = Set<Int?>()
        var digitCounts = Set<Int>()
        var isWrittenPlainly = true
        for form in forms {
            guard case .dateTime(let offset, let digits, let plainly) = form else { return nil }
            offsets.insert(offset)
            digitCounts.insert(digits)
            isWrittenPlainly = isWrittenPlainly && plainly
        }
        guard offsets.count == 1, let offset = offsets.first else { return nil }
        let format = offset.map { "iso8601 \(DateFormat.offsetText($0))" } ?? "iso8601"
        var evidence = "\(values), each an ISO 8601 date"
        var fractionDigits: Int?
        if digitCounts.count == 1, let digits = digitCounts.first, digits > 0 {
            fractionDigits = digits
            evidence += " with \(digits) fraction digits"
        } else if !isWrittenPlainly {
            return nil
        }
        guard let offset else {
            return (.attribute(type: .date, dateFormats: format, fractionDigits: fractionDigits), evidence, true)
        }
        return (
            .attribute(type: .date, dateFormats: format, fractionDigits: fractionDigits),
            evidence + " at \(DateFormat.offsetText(offset)), written at that offset (one the API sends at "
                + "another, as its zone's daylight saving changes, would be written at this one)",
            false
        )
    }

    /// A field whose every string is a number's text: a `String` unless numbers sent as strings
    /// were asked for, and then a number only where each would be written back as it was sent.
    private func numberTextKind(values: String, forms: Set<StringForm>, options: ModelInference.Options) -> (
        kind: FieldKind, evidence: String, isSure: Bool
    ) {
        guard options.numbersFromStrings || options.decimalStrings else {
            return (
                .attribute(type: .string),
                "\(values), each a number's text: kept as a String, as sent (--numbers-from-strings reads numbers)",
                true
            )
        }
        if forms == [.integer] {
            return (
                .attribute(type: .integer64, jsonForm: "string"), "\(values), each an integer sent as a string", true
            )
        }
        guard !forms.contains(.integer), let digits = sameFractionDigits else {
            return (
                .attribute(type: .string),
                "\(values), numbers' texts with different numbers of fraction digits: kept as a String, as sent, "
                    + "since one number type would write some of them otherwise",
                false
            )
        }
        let type: AttributeType = options.decimalStrings || forms.contains(.longDecimal) ? .decimal : .double
        return (
            .attribute(type: type, jsonForm: "string", fractionDigits: digits),
            "\(values), each a number sent as a string with \(digits) fraction digits", true
        )
    }

    /// The number of fraction digits every number seen had (`24.99`, `9.50`: 2), when they all
    /// had the same one, at least one and at most 18, and none an exponent: what
    /// `jsonFractionDigits` declares, so that `9.50` is written back `9.50`.
    private var sameFractionDigits: Int? {
        guard fractionDigitCounts.count == 1, let digits = fractionDigitCounts.first, (1...18).contains(digits)
        else { return nil }
        return digits
    }

    /// The numbers of fraction digits seen, for a note (`0, 2`).
    private var fractionDigitsList: String {
        fractionDigitCounts.sorted().map { $0 < 0 ? "an exponent" : String($0) }.joined(separator: ", ")
    }

    private func arrayKind(values: String) -> (kind: FieldKind, evidence: String, isSure: Bool) {
        let kinds = Array(scalarArrays.keys)
        var element = kinds.first
        for kind in kinds.dropFirst() { element = element?.joined(with: kind) }
        let swiftType: String
        switch element {
        case .string: swiftType = "[String]"
        case .integer: swiftType = "[Int]"
        case .number: swiftType = "[Double]"
        case .boolean: swiftType = "[Bool]"
        case .inexactNumber, nil:
            let reason =
                kinds.isEmpty
                ? "only empty arrays were seen"
                : element == nil ? "arrays of different kinds" : "arrays of numbers no array type holds exactly"
            return (.attribute(type: .undefined), "\(values): \(reason): kept as the JSON has them", false)
        }
        return (
            .attribute(type: .transformable, customClassName: swiftType), "\(values), each an array of \(swiftType)",
            true
        )
    }
}
