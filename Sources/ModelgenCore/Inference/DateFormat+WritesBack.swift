import ModelMapper

extension DateFormat {
    /// Whether this format reads `value` and writes the date back as the same JSON: inference
    /// declares a date form only where every sample passes, so that nothing read is altered.
    func writesBack(_ value: JSONValue) -> Bool {
        guard let date = try? date(from: value) else { return false }
        return jsonValue(for: date) == value
    }
}
