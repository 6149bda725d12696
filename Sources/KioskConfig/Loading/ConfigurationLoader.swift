import Foundation
import TOMLKit

/// Turns TOML text or a file into a `KioskConfiguration`, or into every problem found in it.
public enum ConfigurationLoader {
    /// Parses and validates `text`; `fileName` labels the diagnostics.
    public static func parse(_ text: String, fileName: String) -> Result<KioskConfiguration, ConfigurationError> {
        // toml++ reads a C string: whatever follows a NUL would go unread.
        if let nul = TextEncodingCheck.firstNUL(in: text) {
            return .failure(ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: fileName, position: nul, message: TextEncodingCheck.nulMessage),
            ]))
        }
        if let abort = TOMLAbortGuard.firstAbort(in: text) {
            return .failure(ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: fileName, position: abort.position, message: "TOML syntax error: \(abort.reason)"),
            ]))
        }
        let document: TOMLNode
        do {
            document = try TOMLNode.parse(text)
        } catch let error as TOMLParseError {
            let position = SourcePosition(line: error.source.begin.line, column: error.source.begin.column)
            return .failure(ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: fileName, position: position, message: "TOML syntax error: \(error.description)"),
            ]))
        } catch {
            return .failure(ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: fileName, position: nil, message: "TOML syntax error: \(error)"),
            ]))
        }
        guard case .table(let entries) = document else {
            return .failure(ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: fileName, position: nil, message: "the document is not a TOML table"),
            ]))
        }
        let diagnostics = DiagnosticCollector(fileName: fileName, locator: SourceLocator(text: text))
        let configuration = KioskConfiguration(reading: TableReader(path: .root, entries: entries,
                                                                    diagnostics: diagnostics))
        let problems = diagnostics.sortedDiagnostics
        return problems.isEmpty ? .success(configuration) : .failure(ConfigurationError(diagnostics: problems))
    }

    /// Reads and parses the file at `path`; an unreadable file is one diagnostic saying why.
    public static func load(path: String) -> Result<KioskConfiguration, ConfigurationError> {
        switch readText(path: path) {
        case .success(let text): parse(text, fileName: path)
        case .failure(let error): .failure(error)
        }
    }

    static func readText(path: String) -> Result<String, ConfigurationError> {
        let url = URL(fileURLWithPath: path)
        do {
            let data = try Data(contentsOf: url)
            return TextEncodingCheck.decode(Array(data)).mapError { problem in
                ConfigurationError(diagnostics: [ConfigDiagnostic(file: path, position: problem.position, message: problem.message)])
            }
        } catch {
            let reason: String
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                reason = "no such file; create it (see Config/kiosk.toml for every key) or pass --config"
            } else if isDirectory.boolValue {
                reason = "is a directory, not a TOML file"
            } else {
                reason = "cannot be read (\(error.localizedDescription)); check its permissions"
            }
            return .failure(single(path, reason))
        }
    }

    private static func single(_ path: String, _ message: String) -> ConfigurationError {
        ConfigurationError(diagnostics: [ConfigDiagnostic(file: path, position: nil, message: message)])
    }
}
