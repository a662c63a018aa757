@_spi(Engine) import ModelMapperSchema

/// What the samples showed at one key of one entity's JSON objects: how often it was there, and
/// how many values of each kind it held. Counts only, so that inference runs in one pass over
/// the samples and in memory that grows with the model, not with the documents.
struct ObservedField {
    /// The JSON key, as the samples spell it.
    let key: String
    /// The objects that had the key (`null` included).
    var presentCount = 0
    /// Of those, the ones where it was `null`.
    var nullCount = 0
    /// `true` or `false`.
    var booleans = 0
    /// Integer literals an `Int64` holds.
    var integers = 0
    /// Integer literals beyond `Int64`, with at most `Decimal`'s 38 digits.
    var bigIntegers = 0
    /// Literals with a fraction or an exponent, with at most 15 significant digits (a `Double`
    /// gives them back as written).
    var fractions = 0
    /// Literals with a fraction or an exponent and more digits than a `Double` keeps, that a
    /// `Decimal` holds.
    var longFractions = 0
    /// Number literals no attribute type holds exactly (over 38 digits, or beyond `Decimal`'s
    /// exponent).
    var unrepresentableNumbers = 0
    /// The numbers of fraction digits of the numbers seen, literals and numeric strings
    /// (`9.50`: 2, `7`: 0; -1 for one with an exponent): at most a few different ones.
    var fractionDigitCounts: Set<Int> = []
    /// Number literals a `Double` with `jsonFractionDigits` 0 would write otherwise (`49.90`
    /// written `49.9`; see ``NumberWriteBack``).
    var numbersAlteredAsDouble = 0
    /// Strings, by the one form each has.
    var strings = 0
    var stringForms: [StringForm: Int] = [:]
    /// JSON objects, each an object of ``childEntity`` (the empty ones counted again in
    /// ``emptyObjects``: an empty map as well as an object without keys).
    var objects = 0
    var emptyObjects = 0
    /// Maps (``MapKeys``): of objects, each value an object of ``childEntity``; of scalars of
    /// one kind, or arrays of them, by that kind; of anything else.
    var objectMaps = 0
    var scalarMaps: [ScalarArrayKind: Int] = [:]
    var arrayMaps: [ScalarArrayKind: Int] = [:]
    var emptyArrayMaps = 0
    var otherMaps = 0
    /// Of the maps of objects: the keys of the values that repeat their entry's key in every
    /// entry seen (nil before the first), and whether every key was an integer (else a UUID).
    var mapIdentityKeys: Set<String>?
    var mapKeysAreIntegers = true
    /// Arrays of JSON objects (at least one), each element an object of ``childEntity``.
    var objectArrays = 0
    /// Empty arrays.
    var emptyArrays = 0
    /// Arrays of scalars of one kind, by that kind.
    var scalarArrays: [ScalarArrayKind: Int] = [:]
    /// Arrays of anything else: mixed kinds, arrays, `null`s.
    var otherArrays = 0
    /// The entity the objects here belong to.
    var childEntity: String?
    /// Scalar values of a key that may be a foreign key (`author_id`, `tag_ids`), as
    /// ``IdentityValue``s; nil for a key not named like one (so that the values of other keys
    /// are not kept), and once a value cannot be one.
    var referencedValues: Set<IdentityValue>?
    /// Whether the key is named like a date (``InferredNames/isDateName(_:)``): only then are its
    /// numbers looked at as times since 1970.
    let isDateNamed: Bool
    /// Of the numbers, those that are seconds, milliseconds or microseconds since 1970
    /// between 2000 and 2100, and that the date form writes back as they were.
    var epochSeconds = 0
    var epochMilliseconds = 0
    var epochMicroseconds = 0

    init(key: String) {
        self.key = key
        referencedValues = ModelPlanner.foreignKeyStem(key) == nil ? nil : []
        isDateNamed = InferredNames.isDateName(key)
    }

    /// The values that were not `null`.
    var nonNullCount: Int { presentCount - nullCount }

    /// Whether some of `count` objects lacked the key or gave it `null`.
    func isOptional(amongObjects count: Int) -> Bool { presentCount < count || nullCount > 0 }

    /// Notes one value.
    mutating func note(_ value: JSONValue) {
        presentCount += 1
        switch value {
        case .null:
            nullCount += 1
        case .bool:
            booleans += 1
            referencedValues = nil
        case .number(let text):
            noteNumber(text)
            noteFractionDigits(text)
            if !NumberWriteBack.double(text) { numbersAlteredAsDouble += 1 }
            if isDateNamed { noteEpoch(text) }
            noteReference(IdentityValue(value))
        case .string(let text):
            strings += 1
            let form = StringForm(text)
            stringForms[form, default: 0] += 1
            if form == .integer || form == .decimal || form == .longDecimal { noteFractionDigits(text) }
            noteReference(IdentityValue(value))
        case .object(let object):
            referencedValues = nil
            if MapKeys.isMap(object) {
                noteMap(object)
            } else {
                objects += 1
                if object.isEmpty { emptyObjects += 1 }
            }
        case .array(let elements):
            noteArray(elements)
        }
    }

    private mutating func noteNumber(_ text: String) {
        switch NumberLiteral(text) {
        case .integer: integers += 1
        case .bigInteger: bigIntegers += 1
        case .fraction: fractions += 1
        case .longFraction: longFractions += 1
        case .unrepresentable: unrepresentableNumbers += 1
        }
    }

    /// Counts `text` as seconds, milliseconds or microseconds since 1970 when it is one in the
    /// range dates APIs send fall in, and the form writes it back as it was (a fraction a
    /// `Date` does not keep exactly would come back changed).
    private mutating func noteEpoch(_ text: String) {
        guard let number = Double(text) else { return }
        let seconds = 946_684_800.0...4_102_444_800.0  // 2000-01-01 to 2100-01-01
        if seconds.contains(number), DateFormat.secondsSince1970.writesBack(.number(text)) {
            epochSeconds += 1
        } else if seconds.contains(number / 1000), DateFormat.millisecondsSince1970.writesBack(.number(text)) {
            epochMilliseconds += 1
        } else if seconds.contains(number / 1_000_000), DateFormat.microsecondsSince1970.writesBack(.number(text)) {
            epochMicroseconds += 1
        }
    }

    private mutating func noteFractionDigits(_ text: String) {
        // A few counts at most matter: past three, no one count is shared.
        guard fractionDigitCounts.count < 3 else { return }
        let utf8 = text.utf8
        if utf8.contains(UInt8(ascii: "e")) || utf8.contains(UInt8(ascii: "E")) {
            fractionDigitCounts.insert(-1)
        } else if let dot = utf8.firstIndex(of: UInt8(ascii: ".")) {
            fractionDigitCounts.insert(utf8.distance(from: dot, to: utf8.endIndex) - 1)
        } else {
            fractionDigitCounts.insert(0)
        }
    }

    private mutating func noteReference(_ value: IdentityValue?) {
        guard let value else {
            referencedValues = nil
            return
        }
        referencedValues?.insert(value)
    }

    /// Notes a map (``MapKeys``) by what its values are.
    private mutating func noteMap(_ map: JSONObject) {
        var objectValues = 0
        var scalar: ScalarArrayKind?
        var array: ScalarArrayKind?
        var arrays = 0
        var isOther = false
        /// `kind` joined with what was seen before (`seen`), or nil (something else) when
        /// they have no kind in common.
        func join(_ seen: ScalarArrayKind?, _ kind: ScalarArrayKind?) -> ScalarArrayKind? {
            guard let kind else { return nil }
            guard let seen else { return kind }
            return seen.joined(with: kind)
        }
        for (key, value) in map {
            if !MapKeys.isIntegerKey(key) { mapKeysAreIntegers = false }
            switch value {
            case .object(let object):
                objectValues += 1
                let repeating = MapKeys.keysRepeating(key, in: object)
                mapIdentityKeys = mapIdentityKeys.map { $0.intersection(repeating) } ?? repeating
            case .array(let elements):
                arrays += 1
                // An empty array is one of any kind.
                guard let first = elements.first else { continue }
                var kind = ScalarArrayKind(first)
                for element in elements.dropFirst() { kind = kind?.joined(with: ScalarArrayKind(element)) }
                array = join(array, kind)
                if array == nil { isOther = true }
            default:
                scalar = join(scalar, ScalarArrayKind(value))
                if scalar == nil { isOther = true }
            }
        }
        if objectValues == map.count {
            objectMaps += 1
        } else if !isOther, objectValues == 0, arrays == 0, let scalar {
            scalarMaps[scalar, default: 0] += 1
        } else if !isOther, objectValues == 0, arrays == map.count {
            // Arrays that were all empty say nothing of their elements.
            if let array { arrayMaps[array, default: 0] += 1 } else { emptyArrayMaps += 1 }
        } else {
            otherMaps += 1
        }
    }

    private mutating func noteArray(_ elements: JSONArray) {
        guard let first = elements.first else {
            emptyArrays += 1
            return
        }
        if case .object = first, elements.allSatisfy({ if case .object = $0 { true } else { false } }) {
            objectArrays += 1
            referencedValues = nil
            return
        }
        // Integers and other numbers in one array are numbers.
        var kind = ScalarArrayKind(first)
        for element in elements.dropFirst() {
            guard let current = kind else { break }
            kind = current.joined(with: ScalarArrayKind(element))
        }
        if let kind {
            scalarArrays[kind, default: 0] += 1
            for element in elements { noteReference(IdentityValue(element)) }
        } else {
            otherArrays += 1
            referencedValues = nil
        }
    }
}
