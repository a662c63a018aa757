import Foundation
@_spi(Engine) import ModelMapperSchema

/// Rails' nested attributes (``ModelEncoder/Options/writesNestedAttributes``): a relationship's
/// key with `_attributes`, and a to-many's objects keyed by position.
extension ObjectEncoder {
    /// Writes the key of the relationship `step` of `object`: its own, or with the nested
    /// attributes suffix.
    mutating func relationshipMember(
        _ step: WriteProgram.Step,
        program: WriteProgram,
        frame top: Int,
        of object: ModelObject
    ) {
        guard options.writesNestedAttributes else { return member(step, program: program, frame: top) }
        let quoted = program.quotedKeys.quoted(Int(step.key), escapingSlashes: writer.escapesSlashes)
        // `"key":` less its closing quote and colon, then the suffix, quote and colon again.
        let key = Array(quoted.dropLast(2)) + nestedAttributesSuffix(for: object.model)
        var isEmpty = stack.frames[top].isEmpty
        key.withUnsafeBufferPointer { writer.member(quoted: $0, isEmpty: &isEmpty) }
        stack.frames[top].isEmpty = isEmpty
    }

    /// Writes `"<index>":` before an object of a to-many written as nested attributes.
    mutating func positionMember(_ index: Int, isEmpty: inout Bool) {
        let key = Array("\"\(index)\":".utf8)
        key.withUnsafeBufferPointer { writer.member(quoted: $0, isEmpty: &isEmpty) }
    }

    /// `_attributes":` in the key casing in effect for `model`: the casing's key for
    /// `xAttributes`, less the `x` (`_attributes` for snake_case, `Attributes` for camelCase).
    private mutating func nestedAttributesSuffix(for model: ObjectModel) -> [UInt8] {
        if let suffix = nestedAttributesSuffixes[ObjectIdentifier(model)] { return suffix }
        let casing = options.conventions(for: model).keyCasing
        let suffix = Array(casing.key(for: "xAttributes").dropFirst().utf8) + Array("\":".utf8)
        nestedAttributesSuffixes[ObjectIdentifier(model)] = suffix
        return suffix
    }
}
