/// One entry of the catalogue of model diagnostics (the `ModelDiagnostic+…Messages.swift` files,
/// one a family of codes).
extension ModelDiagnostic {
    /// A diagnostic's code, severity and text, as the catalogue makes it.
    package struct Message: Sendable {
        let code: Code
        let severity: Severity
        let text: String

        init(_ code: Code, _ severity: Severity, _ text: String) {
            self.code = code
            self.severity = severity
            self.text = text
        }

        /// The same message at another severity (a warning made an error by `.strict`).
        func with(severity: Severity) -> Message {
            Message(code, severity, text)
        }
    }
}
