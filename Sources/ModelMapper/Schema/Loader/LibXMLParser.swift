internal import CLibXML2
import Foundation

/// The only code that calls libxml2: parses a document safely and copies it into
/// `XMLElementNode`s, then frees libxml2's tree.
///
/// Safety choices, all on purpose:
/// - `XML_PARSE_NONET`: nothing is ever fetched from the network.
/// - never `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD` or `XML_PARSE_DTDVALID`: no DTD is loaded.
/// - a document that declares any entity is rejected as soon as the declaration is read:
///   model files never declare entities, and refusing them stops both external-entity
///   (XXE) reads and entity-expansion bombs before any expansion happens.
/// - libxml2's messages are captured through per-thread error handlers (saved and restored
///   around each parse) and become diagnostics; nothing is printed to stderr.
enum LibXMLParser {
    /// `xmlInitParser` must run once before libxml2 is used from several threads.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parses `data` and returns its root element with the source for locations.
    static func parse(_ data: Data, fileName: String) throws(ModelLoadingError) -> (root: XMLElementNode, source: XMLSource) {
        precondition(initialized)
        let source = XMLSource(fileName: fileName, bytes: [UInt8](data))
        let collector = ErrorCollector(fileName: fileName)

        guard let context = xmlNewParserCtxt() else {
            throw ModelLoadingError("libxml2 could not create a parser (out of memory?)", at: SourceLocation(file: fileName))
        }
        defer { xmlFreeParserCtxt(context) }
        let unmanagedCollector = Unmanaged.passRetained(collector)
        defer { unmanagedCollector.release() }
        context.pointee._private = unmanagedCollector.toOpaque()
        if let sax = context.pointee.sax {
            sax.pointee.entityDecl = rejectEntityDeclaration
        }

        let previousStructured = mm_currentStructuredErrorFunc()
        let previousStructuredContext = mm_currentStructuredErrorContext()
        let previousGeneric = mm_currentGenericErrorFunc()
        let previousGenericContext = mm_currentGenericErrorContext()
        xmlSetStructuredErrorFunc(unmanagedCollector.toOpaque(), collectStructuredError)
        mm_silenceGenericErrors()
        defer {
            xmlSetStructuredErrorFunc(previousStructuredContext, previousStructured)
            mm_restoreGenericErrors(previousGeneric, previousGenericContext)
        }

        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue)
        guard !source.bytes.isEmpty else {
            throw ModelLoadingError("the file is empty", at: SourceLocation(file: fileName))
        }
        guard let length = Int32(exactly: source.bytes.count) else {
            throw ModelLoadingError("the file is too large to be a model (\(source.bytes.count) bytes)", at: SourceLocation(file: fileName))
        }
        let document: xmlDocPtr? = source.bytes.withUnsafeBufferPointer { buffer -> xmlDocPtr? in
            buffer.withMemoryRebound(to: CChar.self) { chars -> xmlDocPtr? in
                guard let base = chars.baseAddress else { return nil }
                return xmlCtxtReadMemory(context, base, length, fileName, nil, options)
            }
        }
        defer { if let document { xmlFreeDoc(document) } }

        if !collector.diagnostics.isEmpty {
            throw ModelLoadingError(diagnostics: collector.diagnostics)
        }
        guard let document, let rootNode = xmlDocGetRootElement(document) else {
            throw ModelLoadingError("the file is not an XML document", at: SourceLocation(file: fileName))
        }
        var cursor = 0
        let root = copyElement(rootNode, source: source, cursor: &cursor)
        return (root, source)
    }

    /// The value of an attribute: read in place when it is one text node (the usual case),
    /// else assembled by libxml2.
    private static func value(of attribute: xmlAttrPtr) -> String {
        if let child = attribute.pointee.children, child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE {
            return child.pointee.content.map { String(cString: $0) } ?? ""
        }
        guard let value = xmlNodeListGetString(attribute.pointee.doc, attribute.pointee.children, 1) else { return "" }
        defer { mm_xmlFree(value) }
        return String(cString: value)
    }

    /// Copies an element and its element children, locating each start tag in the source.
    private static func copyElement(_ node: xmlNodePtr, source: XMLSource, cursor: inout Int) -> XMLElementNode {
        let name = node.pointee.name.map { String(cString: $0) } ?? ""
        let offset = source.offsetOfStartTag(named: name, from: cursor)
        if let offset { cursor = offset + 1 }

        var attributes = XMLAttributes()
        var property = node.pointee.properties
        while let attribute = property {
            if let attributeName = attribute.pointee.name {
                attributes.list.append(XMLAttributes.Attribute(name: String(cString: attributeName), value: value(of: attribute)))
            }
            property = attribute.pointee.next
        }

        var children: [XMLElementNode] = []
        var text = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(copyElement(current, source: source, cursor: &cursor))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            default:
                break
            }
            child = current.pointee.next
        }
        return XMLElementNode(
            name: name, attributes: attributes, children: children, text: text,
            offset: offset, line: Int(xmlGetLineNo(node))
        )
    }
}

/// Receives libxml2's structured errors for one parse.
private final class ErrorCollector {
    let fileName: String
    var diagnostics: [ModelDiagnostic] = []

    init(fileName: String) {
        self.fileName = fileName
    }

    func add(_ message: String, line: Int, column: Int, severity: ModelDiagnostic.Severity = .error) {
        diagnostics.append(ModelDiagnostic(severity, message, at: SourceLocation(file: fileName, line: line, column: column)))
    }
}

/// Structured error handler: libxml2 warnings are ignored, errors become diagnostics.
private let collectStructuredError: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error else { return }
    let collector = Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue()
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let message = error.pointee.message.map { String(cString: $0) } ?? "XML error \(error.pointee.code)"
    collector.add(
        "malformed XML: " + message.trimmingCharacters(in: .whitespacesAndNewlines),
        line: Int(error.pointee.line), column: Int(error.pointee.int2)
    )
}

/// SAX `entityDecl` handler: refuses every entity declaration and stops the parser.
private let rejectEntityDeclaration: entityDeclSAXFunc = { context, name, _, _, _, _ in
    guard let context else { return }
    let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
    if let userData = parser.pointee._private {
        let collector = Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue()
        let entityName = name.map { String(cString: $0) } ?? "?"
        let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 0
        let column = parser.pointee.input.map { Int($0.pointee.col) } ?? 0
        collector.add(
            "the document declares entity '\(entityName)'; entity declarations are not allowed in model files (they could read local files or expand without bound)",
            line: line, column: column
        )
    }
    xmlStopParser(parser)
}
