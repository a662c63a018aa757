import Foundation

extension ModelConventions {
    /// The largest conventions file read: a few lines in practice.
    static let maximumFileSize = 1 << 20

    /// Reads the text of a conventions file (see ``ModelConventions``): a JSON object, with
    /// comments and trailing commas allowed.
    ///
    /// For example:
    ///
    /// ```swift
    /// let conventions = try ModelConventions(json: #"{"keyCasing": "snakeCase"}"#)
    /// conventions.keyCasing   // .snakeCase
    /// ```
    ///
    /// - Parameters:
    ///   - json: the text of the file.
    ///   - fileName: the name errors give as the file.
    /// - Throws: ``ModelLoadingError``: the text is not JSON, or not an object, or holds an
    ///   unknown key (with the closest known one), a key twice, or a wrong value, each located
    ///   in the file.
    public init(json: String, fileName: String = "<memory>") throws(ModelLoadingError) {
        try self.init(json: Data(json.utf8), fileName: fileName)
    }

    /// Reads the bytes of a conventions file; see ``init(json:fileName:)-(String,_)``.
    ///
    /// - Throws: ``ModelLoadingError``, located in the file.
    public init(json data: Data, fileName: String = "<memory>") throws(ModelLoadingError) {
        guard data.count <= Self.maximumFileSize else {
            throw ModelLoadingError(
                .fileTooLarge(maximumSize: Self.maximumFileSize),
                at: SourceLocation(file: fileName)
            )
        }
        let text: Data
        let value: JSONValue
        do {
            text = try LenientSyntax.blanked(data)
            value = try JSONReader.parse(text, maximumDepth: 64)
        } catch {
            throw ModelLoadingError(
                .conventionsNotJSON(error.message + (error.detail.map { ": " + $0 } ?? "")),
                at: SourceLocation(file: fileName, line: error.line ?? 0, column: error.column ?? 0)
            )
        }
        guard case .object(let object) = value else {
            throw ModelLoadingError(
                .conventionsNotAnObject(found: value.typeDescription),
                at: SourceLocation(file: fileName, line: 1, column: 1)
            )
        }
        self.init()
        var preset: ModelConventions?
        for (key, member) in object {
            // Only for an error: finding a key scans the text.
            var location: SourceLocation {
                Self.locations(ofKey: key, in: text, fileName: fileName).first ?? .init(file: fileName)
            }
            if key == "preset" {
                let names = Self.presets.map(\.name)
                guard case .string(let name) = member, let found = Self.presets.first(where: { $0.name == name }) else {
                    throw ModelLoadingError(
                        .conventionsInvalidValue(
                            key: "preset",
                            expected: "one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))",
                            found: Self.brief(member) + Self.suggestion(for: member, among: names)
                        ),
                        at: location
                    )
                }
                preset = found.conventions
            } else {
                try read(member, at: key, location: location)
            }
            // The reader keeps the last of a key given twice; a file that says two things is
            // refused instead. Only known keys get here, so the scans are few.
            let places = Self.locations(ofKey: key, in: text, fileName: fileName)
            if places.count > 1 { throw ModelLoadingError(.conventionsGivenTwice(key: key), at: places[1]) }
        }
        if identifiesByID != nil, identityAttributes != nil {
            throw ModelLoadingError(
                .conventionsSaidTwice,
                at: Self.locations(ofKey: "identityAttributes", in: text, fileName: fileName).first
                    ?? SourceLocation(file: fileName)
            )
        }
        if let preset { self = over(preset) }
    }

    /// Reads the member `key` of a conventions file into these conventions.
    private mutating func read(
        _ member: JSONValue,
        at key: String,
        location: @autoclosure () -> SourceLocation
    ) throws(ModelLoadingError) {
        switch key {
        case "keyCasing":
            let names = Self.casingsByName.map(\.name)
            guard case .string(let name) = member, let casing = Self.casingsByName.first(where: { $0.name == name })
            else {
                throw ModelLoadingError(
                    .conventionsInvalidValue(
                        key: "keyCasing",
                        expected: "one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))",
                        found: Self.brief(member) + Self.suggestion(for: member, among: names)
                    ),
                    at: location()
                )
            }
            keyCasing = casing.casing
        case "identifiesByID":
            guard case .bool(let flag) = member else {
                throw ModelLoadingError(
                    .conventionsInvalidValue(
                        key: "identifiesByID",
                        expected: "true or false",
                        found: Self.brief(member)
                    ),
                    at: location()
                )
            }
            identifiesByID = flag
        case "identityAttributes", "reservedNames":
            let names = try Self.names(member, key: key, at: location())
            if key == "reservedNames" { reservedNames = names } else { identityAttributes = names }
        case "acceptsModelNames", "transformerFieldReadsJSON", "ignoresTransformablesWithoutTransformer":
            guard case .bool(let flag) = member else {
                throw ModelLoadingError(
                    .conventionsInvalidValue(key: key, expected: "true or false", found: Self.brief(member)),
                    at: location()
                )
            }
            switch key {
            case "acceptsModelNames": acceptsModelNames = flag
            case "transformerFieldReadsJSON": transformerFieldReadsJSON = flag
            default: ignoresTransformablesWithoutTransformer = flag
            }
        case "foreignKeySuffixes":
            foreignKeySuffixes = try Self.foreignKeySuffixes(member, at: location())
        case "identityKey":
            guard case .string(let name) = member, !name.isEmpty else {
                throw ModelLoadingError(
                    .conventionsInvalidValue(
                        key: "identityKey",
                        expected: "a JSON key (a string)",
                        found: Self.brief(member)
                    ),
                    at: location()
                )
            }
            identityKey = name
        default:
            throw ModelLoadingError(
                .conventionsUnknownKey(
                    key: Self.brief(.string(key)),
                    keys: Self.keys.joined(separator: ", "),
                    suggestion: ClosestName.suggestion(for: key, among: Self.keys)
                ),
                at: location()
            )
        }
    }

    /// `{"toOne": "_id", "toMany": "_ids"}`: both suffixes, non-empty strings, and nothing else.
    private static func foreignKeySuffixes(_ member: JSONValue, at location: @autoclosure () -> SourceLocation)
        throws(ModelLoadingError) -> ForeignKeySuffixes
    {
        let shape = #"an object {"toOne": "_id", "toMany": "_ids"}"#
        guard case .object(let object) = member, object.count == 2,
            case .string(let toOne)? = object["toOne"], case .string(let toMany)? = object["toMany"],
            !toOne.isEmpty, !toMany.isEmpty
        else {
            throw ModelLoadingError(
                .conventionsInvalidValue(key: "foreignKeySuffixes", expected: shape, found: brief(member)),
                at: location()
            )
        }
        return ForeignKeySuffixes(toOne: toOne, toMany: toMany)
    }

    /// A list of names: an array of distinct, non-empty strings.
    private static func names(_ member: JSONValue, key: String, at location: @autoclosure () -> SourceLocation)
        throws(ModelLoadingError) -> [String]
    {
        guard case .array(let elements) = member else {
            throw ModelLoadingError(
                .conventionsInvalidValue(key: key, expected: "an array of names", found: member.typeDescription),
                at: location()
            )
        }
        var names: [String] = []
        var seen: Set<String> = []
        for element in elements {
            guard case .string(let name) = element, !name.isEmpty else {
                throw ModelLoadingError(
                    .conventionsNotNames(key: key, found: brief(element)),
                    at: location()
                )
            }
            guard seen.insert(name).inserted else {
                throw ModelLoadingError(.conventionsNameTwice(key: key, name: brief(element)), at: location())
            }
            names.append(name)
        }
        return names
    }

    /// A value as a message shows it: its JSON, cut short past 40 characters.
    private static func brief(_ value: JSONValue) -> String {
        let text = value.jsonText()
        return text.count <= 40 ? text : text.prefix(37) + "..."
    }

    /// The keys a conventions file may have.
    package static let keys = [
        "keyCasing", "identifiesByID", "identityAttributes", "identityKey", "reservedNames", "acceptsModelNames",
        "foreignKeySuffixes", "transformerFieldReadsJSON", "ignoresTransformablesWithoutTransformer", "preset",
    ]

    /// The conventions file beside the model at `url` (see ``fileURL(forModelAt:)``), read; nil
    /// when there is none.
    ///
    /// - Throws: ``ModelLoadingError``: the file is there but cannot be read, or is not a
    ///   conventions file.
    static func load(forModelAt url: URL) throws(ModelLoadingError) -> (conventions: ModelConventions, url: URL)? {
        let file = fileURL(forModelAt: url)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let data = try FileReading.data(at: file, maximumSize: maximumFileSize)
        return (try ModelConventions(json: data, fileName: file.displayPath), file)
    }

    private static func suggestion(for value: JSONValue, among names: [String]) -> String {
        guard case .string(let name) = value else { return "" }
        return ClosestName.suggestion(for: name, among: names)
    }

    /// Where the members `key` start, the first two at most: each `"key"` followed by a colon.
    /// A file of conventions is one flat object, so those are its members (a string value
    /// cannot be followed by a colon); a key written with escapes is not found, and is located
    /// at the file alone.
    private static func locations(ofKey key: String, in text: Data, fileName: String) -> [SourceLocation] {
        let quoted = Array(("\"" + key + "\"").utf8)
        let bytes = [UInt8](text)
        var found: [SourceLocation] = []
        var line = 1
        var lineStart = 0
        var index = 0
        while index + quoted.count <= bytes.count, found.count < 2 {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if bytes[index] == quoted[0], bytes[index..<index + quoted.count].elementsEqual(quoted) {
                var next = index + quoted.count
                while next < bytes.count, [UInt8(ascii: " "), 9, 10, 13].contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: ":") {
                    let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).unicodeScalars.count + 1
                    found.append(SourceLocation(file: fileName, line: line, column: column))
                }
            }
            index += 1
        }
        return found
    }
}
