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
        var formatsByName: [String: (formats: String, declaredBy: String)] = [:]
        for entity in model.entities {
            for attribute in entity.attributes where attribute.entity == entity {
                guard let name = attribute.valueTransformerName, !name.isEmpty,
                    !ValueTransformer.builtInNames.contains(ValueTransformer.Name(name)),
                    let formats = MappingKeys.firstEntry(of: MappingKeys.dateFormats, in: attribute.userInfo)?.value
                else { continue }
                let owner = "\(entity.name).\(attribute.name)"
                let list = DateFormat.list(formats)
                guard !list.isEmpty else { continue }
                if let earlier = formatsByName[name] {
                    if DateFormat.list(earlier.formats) != list {
                        warn(
                            "attribute '\(owner)': value transformer '\(name)' is given date format '\(formats)', and "
                                + "'\(earlier.formats)' by \(earlier.declaredBy); registerTransformers() registers it "
                                + "with '\(earlier.formats)'",
                            at: attribute.location
                        )
                    }
                    continue
                }
                if list.count > 1 {
                    warn(
                        "attribute '\(owner)': value transformer '\(name)' is given \(list.count) date formats, "
                            + "'\(formats)'; a DateTransformer reads and writes one, and registerTransformers() "
                            + "registers it with the first",
                        at: attribute.location
                    )
                }
                formatsByName[name] = (formats, owner)
                contexts.append(
                    DateTransformerTemplateContext(
                        nameLiteral: SwiftNaming.stringLiteral(name),
                        formatsLiteral: SwiftNaming.stringLiteral(formats),
                        declaredBy: owner
                    )
                )
            }
        }
        return contexts
    }
}
