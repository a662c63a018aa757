import Foundation
import ModelMapper

/// The date transformers a model declares, for its model type's `registerTransformers()`.
extension GenerationRun {
    /// Each transformer name that an attribute gives a date format for (`dateFormat` in its
    /// userInfo beside a transformer that is not built in), once, in model order. A name given
    /// two different formats is registered with the first, with a warning; so is a format list
    /// naming more than one format (a `DateTransformer` writes one).
    mutating func dateTransformerContexts() -> [DateTransformerTemplateContext] {
        var contexts: [DateTransformerTemplateContext] = []
        var firstByName: [ValueTransformer.Name: ObjectModel.DateTransformerDeclaration] = [:]
        for declaration in model.dateTransformerDeclarations {
            let name = declaration.name
            let attribute = declaration.attribute
            let owner = "\(attribute.entity.name).\(attribute.name)"
            let list = DateFormat.list(declaration.formats)
            if let earlier = firstByName[name] {
                if DateFormat.list(earlier.formats) != list {
                    warn(
                        GeneratorCode.dateFormatsDiffer,
                        "attribute '\(owner)': value transformer '\(name)' is given date format '\(declaration.formats)', "
                            + "and '\(earlier.formats)' by \(earlier.attribute.entity.name).\(earlier.attribute.name); "
                            + "registerTransformers() registers it with '\(earlier.formats)'",
                        at: attribute.location
                    )
                }
                continue
            }
            if list.count > 1 {
                warn(
                    GeneratorCode.dateFormatList,
                    "attribute '\(owner)': value transformer '\(name)' is given \(list.count) date formats, "
                        + "'\(declaration.formats)'; a DateTransformer reads and writes one, and registerTransformers() "
                        + "registers it with the first",
                    at: attribute.location
                )
            }
            firstByName[name] = declaration
            contexts.append(
                DateTransformerTemplateContext(
                    nameLiteral: SwiftNaming.stringLiteral(name.rawValue),
                    formatsLiteral: SwiftNaming.stringLiteral(declaration.formats),
                    declaredBy: owner
                )
            )
        }
        return contexts
    }
}
