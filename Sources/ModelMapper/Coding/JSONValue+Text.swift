import Foundation

extension JSONValue {
    /// Options for writing JSON text.
    public struct WritingOptions: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Newlines and two-space indentation.
        public static let prettyPrinted = WritingOptions(rawValue: 1 << 0)
        /// Object keys in ascending (code point) order instead of insertion order.
        public static let sortedKeys = WritingOptions(rawValue: 1 << 1)
        /// Write `/` as is rather than `\/`.
        public static let withoutEscapingSlashes = WritingOptions(rawValue: 1 << 2)
    }

    /// The value as JSON text.
    public func jsonText(options: WritingOptions = []) -> String {
        var output = ""
        write(to: &output, options: options, indent: 0)
        return output
    }

    /// The value as UTF-8 JSON data.
    public func jsonData(options: WritingOptions = []) -> Data {
        Data(jsonText(options: options).utf8)
    }

    private func write(to output: inout String, options: WritingOptions, indent: Int) {
        let pretty = options.contains(.prettyPrinted)
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, to: &output, escapingSlashes: !options.contains(.withoutEscapingSlashes))
        case .array(let elements):
            guard !elements.isEmpty else { output += "[]"; return }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                if pretty { Self.newline(&output, indent + 1) }
                element.write(to: &output, options: options, indent: indent + 1)
            }
            if pretty { Self.newline(&output, indent) }
            output += "]"
        case .object(let object):
            guard !object.isEmpty else { output += "{}"; return }
            output += "{"
            let keys = options.contains(.sortedKeys) ? object.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) } : object.keys
            for (index, key) in keys.enumerated() {
                if index > 0 { output += "," }
                if pretty { Self.newline(&output, indent + 1) }
                Self.writeString(key, to: &output, escapingSlashes: !options.contains(.withoutEscapingSlashes))
                output += pretty ? ": " : ":"
                (object[key] ?? .null).write(to: &output, options: options, indent: indent + 1)
            }
            if pretty { Self.newline(&output, indent) }
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int) {
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    private static func writeString(_ text: String, to output: inout String, escapingSlashes: Bool) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/" where escapingSlashes: output += "\\/"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{8}": output += "\\b"
            case "\u{C}": output += "\\f"
            case _ where scalar.value < 0x20:
                output += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
