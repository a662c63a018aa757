import ModelMapper

/// JSON values nested deeper than any stack would allow recursion over.
public enum DeepJSONValue {
    /// Arrays and objects alternating, `depth` levels, with a string at the bottom.
    public static func make(depth: Int, leaf: String = "bottom") -> JSONValue {
        var value = JSONValue.string(leaf)
        for level in 0..<depth {
            if level % 2 == 0 {
                value = .array([value, .number("\(level)")])
            } else {
                var object = JSONObject()
                object["level"] = .number("\(level)")
                object["next"] = value
                value = .object(object)
            }
        }
        return value
    }
}
