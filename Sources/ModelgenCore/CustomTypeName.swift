import ModelMapperSchema

/// Reads an attribute's `customClassName` as a Swift type the generated code can use.
///
/// Model files name Swift types (`[String]`, `Date`), Objective-C classes (`NSArray`,
/// `UIColor`) or the app's own types (`Address`). The generated code must compile anywhere
/// ModelMapper does, so only types of the standard library and Foundation (and arrays,
/// dictionaries, sets and optionals of them) are used as written or translated
/// (`NSArray` -> `[Any]`); others become `Any` unless the caller trusts them.
enum CustomTypeName {
    /// Swift and Foundation types usable as they are.
    static let knownTypes: Set<String> = [
        "String", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64",
        "Double", "Float", "Decimal", "Date", "Data", "UUID", "URL", "Any", "AnyHashable", "NSNumber", "TimeInterval",
    ]

    /// Objective-C class names and their Swift counterparts.
    static let bridgedTypes: [String: String] = [
        "NSString": "String", "NSMutableString": "String", "NSDate": "Date", "NSData": "Data", "NSMutableData": "Data",
        "NSURL": "URL", "NSUUID": "UUID", "NSDecimalNumber": "Decimal", "NSArray": "[Any]", "NSMutableArray": "[Any]",
        "NSDictionary": "[String: Any]", "NSMutableDictionary": "[String: Any]", "NSSet": "Set<AnyHashable>",
        "NSMutableSet": "Set<AnyHashable>", "NSOrderedSet": "[Any]", "NSMutableOrderedSet": "[Any]",
    ]

    /// The Swift type for `name`, or nil when it is not a standard type.
    static func swiftType(for name: String) -> String? {
        var parser = Parser(text: Array(name.unicodeScalars))
        guard let type = parser.parseType(), parser.atEnd else { return nil }
        return type
    }

    /// A tiny parser for `Name`, `[T]`, `[K: V]`, `Set<T>`, `Array<T>`, `Dictionary<K, V>`, `T?`.
    private struct Parser {
        var scanner: TypeNameScanner

        init(text: [Unicode.Scalar]) { scanner = TypeNameScanner(text: text) }

        var atEnd: Bool { mutating get { scanner.atEnd } }

        mutating func parseType(depth: Int = 0) -> String? {
            guard depth < TypeNameScanner.maximumDepth else { return nil }
            var type: String
            if scanner.take("[") {
                guard let element = parseType(depth: depth + 1) else { return nil }
                if scanner.take(":") {
                    guard let value = parseType(depth: depth + 1), scanner.take("]") else { return nil }
                    type = "[\(element): \(value)]"
                } else {
                    guard scanner.take("]") else { return nil }
                    type = "[\(element)]"
                }
            } else {
                guard let name = scanner.typeName() else { return nil }
                if scanner.take("<") {
                    var arguments: [String] = []
                    repeat {
                        guard let argument = parseType(depth: depth + 1) else { return nil }
                        arguments.append(argument)
                    } while scanner.take(",")
                    guard scanner.take(">") else { return nil }
                    switch (name, arguments.count) {
                    case ("Array", 1): type = "[\(arguments[0])]"
                    case ("Set", 1): type = "Set<\(arguments[0])>"
                    case ("Dictionary", 2): type = "[\(arguments[0]): \(arguments[1])]"
                    case ("Optional", 1): type = "\(arguments[0])?"
                    default: return nil
                    }
                } else if let known = CustomTypeName.bridgedTypes[name] {
                    type = known
                } else if CustomTypeName.knownTypes.contains(name) {
                    type = name
                } else {
                    return nil
                }
            }
            while scanner.take("?") { type += "?" }
            return type
        }
    }
}
