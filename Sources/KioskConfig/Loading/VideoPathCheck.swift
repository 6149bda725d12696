import Foundation

/// `check-config`'s look at `[camera] path` for `source = "video"`: a missing file or folder, or
/// one GStreamer cannot play, is an error (the daemon itself starts, shows the fallback and plays
/// the file once it appears). Stream URIs are not checked: the network may come later.
struct VideoPathCheck {
    let fileName: String
    let locator: SourceLocator
    /// What stops an existing file or folder from playing, or nil.
    let probe: (String) -> String?

    func diagnostics(for configuration: KioskConfiguration) -> [ConfigDiagnostic] {
        guard configuration.camera.source == .video, let path = configuration.camera.path,
              path.range(of: "^[A-Za-z][A-Za-z0-9+.-]*://", options: .regularExpression) == nil else { return [] }
        let problem: String
        if !FileManager.default.fileExists(atPath: path) {
            problem = "no such video file or folder; the daemon shows the fallback until it appears"
        } else if let failure = probe(path) {
            problem = "\(failure); the daemon shows the fallback instead"
        } else {
            return []
        }
        let key = ConfigPath.root.appending("camera").appending("path")
        return [ConfigDiagnostic(file: fileName, position: locator.valuePosition(of: key) ?? SourcePosition(line: 1, column: 1),
                                 message: "\(key): \(path): \(problem)")]
    }
}
