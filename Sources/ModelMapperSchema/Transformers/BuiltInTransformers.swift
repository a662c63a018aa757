import Foundation

/// The transformers registered before any code runs.
enum BuiltInTransformers {
    /// Their names.
    static let names = Set(all.keys)

    static var all: [ValueTransformer.Name: ValueTransformer] {
        var transformers: [ValueTransformer.Name: ValueTransformer] = [
            "ISO8601Date": DateTransformer(format: .iso8601),
            "YearMonthDayDate": DateTransformer(format: .yearMonthDay),
            "SecondsSince1970Date": DateTransformer(format: .secondsSince1970),
            "MillisecondsSince1970Date": DateTransformer(format: .millisecondsSince1970),
            "MicrosecondsSince1970Date": DateTransformer(format: .microsecondsSince1970),
            "StringArray": CommaSeparatedListTransformer(),
            "CommaSeparatedList": CommaSeparatedListTransformer(),
        ]
        for name in [
            "NSSecureUnarchiveFromData", "NSSecureUnarchiveFromDataTransformer", "NSKeyedUnarchiveFromData",
            "NSUnarchiveFromData",
        ] {
            transformers[ValueTransformer.Name(name)] = IdentityTransformer()
        }
        return transformers
    }
}
