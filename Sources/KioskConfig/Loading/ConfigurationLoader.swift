import Foundation
import Glibc
import KioskEngine

/// Turns TOML text or a file into a `KioskConfiguration`, or into every problem found in it.
public enum ConfigurationLoader {
    /// Parses and validates `text`; `fileName` labels the diagnostics.
    ///
    /// - Parameter folder: where relative file paths in it are read from (the config file's
    ///   folder, `folder(of:)`); nil leaves them as written.
    public static func parse(_ text: String, fileName: String,
                             folder: String? = nil) -> Result<KioskConfiguration, ConfigurationError> {
        parse(text, fileName: fileName, folder: folder, schema: nil)
    }

    /// As above, the keys every table reader asks for handed to `schema` (`ConfigSchema.walked()`).
    static func parse(_ text: String, fileName: String, folder: String?,
                      schema: ConfigSchema?) -> Result<KioskConfiguration, ConfigurationError> {
        // A NUL is refused before parsing with the words for a damaged write, not as a stray control character.
        if let nul = TextEncodingCheck.firstNUL(in: text) {
            return .failure(ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: fileName, position: nul, message: TextEncodingCheck.nulMessage),
            ]))
        }
        if let violation = ConfigBounds.firstViolation(in: text) {
            return .failure(ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: fileName, position: violation.position, message: violation.message),
            ]))
        }
        let document: TOMLNode
        do {
            document = try TOMLNode.parse(text)
        } catch {
            let message = error.isBound ? error.message : "TOML syntax error: \(error.message)"
            return .failure(ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: fileName, position: error.position, message: message),
            ]))
        }
        guard case .table(let entries) = document else {
            return .failure(ConfigurationError(diagnostics: [
                ConfigDiagnostic(file: fileName, position: nil, message: "the document is not a TOML table"),
            ]))
        }
        let diagnostics = DiagnosticCollector(fileName: fileName, text: text)
        let configuration = KioskConfiguration(reading: TableReader(path: .root, entries: entries,
                                                                    diagnostics: diagnostics, folder: folder, schema: schema))
        let problems = diagnostics.sortedDiagnostics
            + SizeBounds(fileName: fileName, locator: diagnostics.locator).diagnostics(for: configuration)
        return problems.isEmpty ? .success(configuration) : .failure(ConfigurationError(diagnostics: problems))
    }

    /// Reads and parses the file at `path`; an unreadable file is one diagnostic saying why.
    public static func load(path: String) -> Result<KioskConfiguration, ConfigurationError> {
        switch readText(path: path) {
        case .success(let text): parse(text, fileName: path, folder: folder(of: path))
        case .failure(let error): .failure(error)
        }
    }

    /// The folder of the config file at `path`, made absolute from the working directory, so the
    /// paths read from it stay right whatever directory the program is in later.
    public static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        if folder.hasPrefix("/") { return folder }
        return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(folder)
    }

    /// The file's text; a file that is empty, blank or only a byte-order mark is refused here, so
    /// start, `check-config` and reload give it the same answer.
    static func readText(path: String) -> Result<String, ConfigurationError> {
        let bytes: [UInt8]
        do {
            // Non-blocking and regular files only (a FIFO would hang the daemon), size-capped.
            bytes = try RegularFile.read(path, upTo: ConfigBounds.maximumBytes, refuseLarger: true).bytes
        } catch {
            let reason = switch error {
            case .cannotOpen(_, let code) where code == ENOENT:
                "no such file; create it (see Config/kiosk.toml for every key) or pass --config"
            case .cannotOpen(_, let code) where code == EACCES:
                "cannot be read (no permission); check its permissions"
            case .cannotOpen:
                error.reason
            case .notRegular(_, let kind) where kind == "a directory":
                "is a directory, not a TOML file"
            case .notRegular(_, let kind):
                "is \(kind), not a TOML file; name a regular file"
            case .tooLarge(_, let size, let limit):
                "is \(size) bytes, more than the \(limit) bytes a config may hold; is it the right file?"
            }
            return .failure(single(path, reason))
        }
        var text: String
        switch TextEncodingCheck.decode(bytes) {
        case .success(let decoded):
            text = decoded
        case .failure(let problem):
            return .failure(ConfigurationError(diagnostics: [ConfigDiagnostic(file: path, position: problem.position,
                                                                              message: problem.message)]))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // An editor that truncates before writing leaves an empty file for a moment; as a config it
        // would mean one transparent screen over a working kiosk.
        if text.allSatisfy({ $0.isWhitespace }) {
            return .failure(single(path, "is empty (an editor saving it?); save the whole config and reload again"))
        }
        return .success(text)
    }

    private static func single(_ path: String, _ message: String) -> ConfigurationError {
        ConfigurationError(diagnostics: [ConfigDiagnostic(file: path, position: nil, message: message)])
    }
}
