/// Letting go of JSON values without recursion.
///
/// A container that is freed frees its members from inside its own `deinit`; a member that is a
/// container does the same, one stack frame deeper each level. Instead, the containers' storage
/// hands its values here, and a container met in the list whose only reference is the list's
/// gives its members to the list before it is freed: each is then freed with nothing nested left
/// in it, and the stack stays flat however deep the value was.
enum JSONTreeRelease {
    static func release(_ values: inout [JSONValue]) {
        while let value = values.popLast() {
            // Moved, not copied (in debug builds too): a copy would keep the container shared.
            dismantle(consume value, into: &values)
        }
    }

    /// Takes a container's members into `pending`, if nothing else holds the container. The
    /// payload is taken out of the enum in functions of their own, so that the enum is gone by
    /// the time uniqueness is checked.
    private static func dismantle(_ value: consuming JSONValue, into pending: inout [JSONValue]) {
        if case .array = value {
            guard var array = arrayPayload(consume value) else { return }
            array.giveElements(to: &pending)
        } else if case .object = value {
            guard var object = objectPayload(consume value) else { return }
            object.giveValues(to: &pending)
        }
    }

    private static func arrayPayload(_ value: consuming JSONValue) -> JSONArray? {
        guard case .array(let array) = value else { return nil }
        return array
    }

    private static func objectPayload(_ value: consuming JSONValue) -> JSONObject? {
        guard case .object(let object) = value else { return nil }
        return object
    }
}
