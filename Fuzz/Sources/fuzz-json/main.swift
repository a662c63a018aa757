// The JSON reader alone: any bytes are read or refused with an error, never a crash; what is
// read, written again in every layout, reads back as the same value, and the compact writing is
// a fixed point.
import Foundation
import FuzzSupport
import ModelMapper

FuzzDriver.run { bytes in
    guard let value = try? JSONValue.parse(Data(bytes)) else { return }
    let compact = value.jsonData()
    for options: JSONValue.WritingOptions in [
        [], [.prettyPrinted], [.withoutEscapingSlashes], [.prettyPrinted, .sortedKeys],
    ] {
        let written = value.jsonData(options: options)
        guard let again = try? JSONValue.parse(written) else {
            FuzzDriver.check(
                false,
                "the writing with options \(options.rawValue) does not read back: "
                    + "\(String(decoding: written, as: UTF8.self))"
            )
            return
        }
        // Sorted keys change the order objects keep, which their equality counts.
        if options.contains(.sortedKeys) { continue }
        FuzzDriver.check(again == value, "the writing with options \(options.rawValue) reads back as another value")
        if options.isEmpty { FuzzDriver.check(again.jsonData() == compact, "the compact writing is not a fixed point") }
    }
}
