import Foundation

/// An array decoded element by element (or one object, as an array of one), with what an
/// ``ObjectGraph`` needs to merge it: what the JSON gave each object, and the objects of the
/// elements left out, which must not stay linked to those that join the graph.
struct DecodedBatch {
    var result: ModelDecoder.PartialResult
    var given = GivenValuesTable()
    var leftBehind: [ModelObject] = []
}
