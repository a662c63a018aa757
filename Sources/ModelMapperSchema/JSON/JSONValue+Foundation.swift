import Foundation

extension JSONValue {
    /// Converts what `JSONSerialization` produces, or a dictionary built in code, into a
    /// `JSONValue` (the public form, which throws `MappingError`, is
    /// ``init(foundationObject:path:)``).
    ///
    /// - Throws: `JSONError` (`.notRepresentable`) with the path of a value that has no JSON form.
    package init(convertingFoundationObject value: Any?, path: JSONPath = .root) throws(JSONError) {
        // Before anything reads it: a Foundation container that contains itself would be
        // bridged, recursively, by the first cast (see `FoundationContainer`).
        if let problem = FoundationContainer.problem(in: value, maximumDepth: FoundationJSON.maximumDepth) {
            throw JSONError(.notRepresentable, problem, path: path)
        }
        try self.init(foundationObject: value, path: { path }, depth: 0)
    }

    /// `path` is a closure so that the common case, no error, builds no paths.
    private init(foundationObject value: Any?, path: () -> JSONPath, depth: Int) throws(JSONError) {
        guard value == nil || depth < FoundationJSON.maximumDepth else {
            throw JSONError(
                .notRepresentable,
                "values nested more than \(FoundationJSON.maximumDepth) deep",
                path: path()
            )
        }
        switch try FoundationJSON.item(value, path: path) {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .number(let text): self = .number(text)
        case .integer(let value): self = .number(String(value))
        case .decimal(let value): self = .number(value.description)
        case .json(let json): self = json
        case .array(let array):
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(
                    try JSONValue(foundationObject: element, path: { path().appending(index: index) }, depth: depth + 1)
                )
            }
            self = .array(JSONArray(elements))
        case .object(let members):
            var object = JSONObject()
            object.reserveCapacity(members.count)
            for (key, element) in members {
                object[key] = try JSONValue(
                    foundationObject: element,
                    path: { path().appending(key: key) },
                    depth: depth + 1
                )
            }
            self = .object(object)
        }
    }

    /// The value as Foundation objects (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`,
    /// `Decimal`, `Bool`, `NSNull`), ready for `JSONSerialization` or for code that expects
    /// what it produces. A number none of them holds exactly (`1e400`, or more significant
    /// digits than a `Decimal` keeps) stays a `JSONValue` number rather than being rounded.
    /// Built without recursion, however deep the value.
    public var foundationObject: Any {
        /// A container being converted: its members so far.
        struct Frame {
            let array: JSONArray
            let object: JSONObject?
            var next = 1
            var elements: [Any] = []
            var members: [String: Any] = [:]
        }
        var stack: [Frame] = []
        var current = self
        while true {
            var result: Any
            switch current {
            case .null: result = NSNull()
            case .bool(let value): result = value
            case .string(let value): result = value
            case .number(let text): result = Self.foundationNumber(text)
            case .array(let elements):
                guard let first = elements.first else {
                    result = [Any]()
                    break
                }
                stack.append(Frame(array: elements, object: nil))
                stack[stack.count - 1].elements.reserveCapacity(elements.count)
                current = first
                continue
            case .object(let object):
                guard let first = object.keys.first else {
                    result = [String: Any]()
                    break
                }
                stack.append(Frame(array: [], object: object))
                stack[stack.count - 1].members.reserveCapacity(object.count)
                current = object[first] ?? .null
                continue
            }
            // The value completes its container, which may complete the one around it.
            while let top = stack.indices.last {
                let next = stack[top].next
                if let object = stack[top].object {
                    stack[top].members[object.keys[next - 1]] = result
                    if next < object.count {
                        stack[top].next += 1
                        current = object[object.keys[next]] ?? .null
                        break
                    }
                    result = stack.removeLast().members
                } else {
                    stack[top].elements.append(result)
                    if next < stack[top].array.count {
                        stack[top].next += 1
                        current = stack[top].array[next]
                        break
                    }
                    result = stack.removeLast().elements
                }
            }
            if stack.isEmpty { return result }
        }
    }

    /// The Foundation value of a number's text (see ``FoundationNumber``).
    static func foundationNumber(_ text: String) -> Any {
        var text = text
        return text.withUTF8 { FoundationNumber.value(of: $0) }
    }
}
