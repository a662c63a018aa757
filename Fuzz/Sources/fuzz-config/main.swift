// The two small JSON files beside a model. modelgen.json, read by modelgen and its plugins:
// any bytes are read or refused with an error that says where (a line and column within the
// text, or a setting's path), never a crash; what is read gives each model the file's settings
// under its own. A model's .conventions.json, read by the library: the same bytes are read or
// refused with one error located in the file, and what is read writes back to itself.
import Foundation
import FuzzSupport
import ModelMapper
@_spi(ModelgenTools) import ModelgenCore

FuzzDriver.run { bytes in
    checkConventions(bytes)
    let configuration: GeneratorConfiguration
    do throws(GeneratorConfigurationError) {
        configuration = try GeneratorConfiguration.parse(Data(bytes))
    } catch {
        if let line = error.line {
            let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            FuzzDriver.check(line >= 1 && line <= lines, "error at line \(line) of a text of \(lines) lines")
            FuzzDriver.check((error.column ?? 0) >= 1, "error at column \(error.column ?? 0)")
        } else {
            FuzzDriver.check(
                error.path != nil || bytes.count > GeneratorConfiguration.maximumSize,
                "an error neither located nor of size"
            )
        }
        FuzzDriver.check(error.description.hasPrefix("modelgen.json"), "an error that does not name the file")
        return
    }
    for (name, own) in configuration.models {
        let merged = configuration.settings(forModel: name)
        FuzzDriver.check(
            merged == configuration.settings.overridden(by: own),
            "model \(name)'s settings are not the file's under its own"
        )
        FuzzDriver.check(
            merged.typeName == (own.typeName ?? configuration.settings.typeName),
            "model \(name)'s type name"
        )
    }
}

func checkConventions(_ bytes: UnsafeRawBufferPointer) {
    let conventions: ModelConventions
    do throws(ModelLoadingError) {
        conventions = try ModelConventions(json: Data(bytes), fileName: "Fuzz.conventions.json")
    } catch {
        FuzzDriver.check(error.diagnostics.count == 1, "\(error.diagnostics.count) diagnostics")
        let location = error.diagnostics.first?.location
        FuzzDriver.check(location?.file == "Fuzz.conventions.json", "an error that does not name the file")
        let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        FuzzDriver.check((location?.line ?? 0) <= lines, "error at line \(location?.line ?? 0) of \(lines) lines")
        return
    }
    let again = try? ModelConventions(json: conventions.jsonText)
    FuzzDriver.check(again == conventions, "\(conventions.jsonText) does not read back as itself")
}
