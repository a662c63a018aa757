internal import CLibXML2
import Foundation

/// The only code that calls libxml2: parses a document safely and hands its tree to the
/// model builder, which reads it in place, then frees it.
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

    /// Parses `data` and calls `body` with its root element and a locator for its source;
    /// libxml2's tree is freed when `body` returns, so nothing it gives may outlive the call.
    static func withDocument<Result>(
        _ data: Data, fileName: String,
        _ body: (XMLElementNode, SourceLocator) throws(ModelLoadingError) -> Result
    ) throws(ModelLoadingError) -> Result {
        precondition(initialized)
        let source = SourceLocator(fileName: fileName, data: data)
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

        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_COMPACT.rawValue)
        guard !data.isEmpty else {
            throw ModelLoadingError("the file is empty", at: SourceLocation(file: fileName))
        }
        guard let length = Int32(exactly: data.count) else {
            throw ModelLoadingError("the file is too large to be a model (\(data.count) bytes)", at: SourceLocation(file: fileName))
        }
        let document: xmlDocPtr? = data.withUnsafeBytes { buffer -> xmlDocPtr? in
            guard let base = buffer.baseAddress else { return nil }
            return xmlCtxtReadMemory(context, base.assumingMemoryBound(to: CChar.self), length, fileName, nil, options)
        }
        defer { if let document { xmlFreeDoc(document) } }

        if !collector.diagnostics.isEmpty {
            throw ModelLoadingError(diagnostics: collector.diagnostics)
        }
        guard let document, let root = xmlDocGetRootElement(document) else {
            throw ModelLoadingError("the file is not an XML document", at: SourceLocation(file: fileName))
        }
        numberElements(from: root)
        return try body(XMLElementNode(node: root), source)
    }

    /// Stores each element's pre-order number (plus one, so that 0 means none) in its
    /// `_private` field, without recursion: start tags come in this order in the text.
    private static func numberElements(from root: xmlNodePtr) {
        var ordinal = 0
        var current: xmlNodePtr? = root
        while let node = current {
            if node.pointee.type == XML_ELEMENT_NODE {
                ordinal += 1
                node.pointee._private = UnsafeMutableRawPointer(bitPattern: ordinal)
            }
            // Next in pre-order: first child, else next sibling, else an ancestor's next sibling.
            if node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children {
                current = child
                continue
            }
            var climbing: xmlNodePtr? = node
            current = nil
            while let step = climbing, step != root {
                if let next = step.pointee.next {
                    current = next
                    break
                }
                climbing = step.pointee.parent
            }
        }
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
