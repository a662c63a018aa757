// The predicate parser: any format string is parsed or refused with a located error, never a
// crash or a hang; what parses prints as a format that parses back into the same tree, and
// printing that is a fixed point.
import Foundation
import FuzzSupport
import ModelMapper

FuzzDriver.run { bytes in
    let format = String(decoding: bytes, as: UTF8.self)
    let predicate: ModelPredicate
    do throws(PredicateSyntaxError) {
        predicate = try ModelPredicate(format: format)
    } catch {
        FuzzDriver.check(error.column >= 1 && error.column <= format.count + 1, "an error outside the format: \(error)")
        return
    }
    let written = predicate.description
    guard let again = try? ModelPredicate(format: written) else {
        FuzzDriver.check(false, "the description does not parse: \(written)")
        return
    }
    FuzzDriver.check(again == predicate, "the description parses into another tree: \(written)")
    FuzzDriver.check(again.description == written, "the description is not a fixed point: \(written)")
}
